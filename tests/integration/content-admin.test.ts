import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { objectPathFromUrl } from "~/lib/storage/storage.server";
import { insertPageContent } from "../support/builders";
import { jpegFile, multipart, textFile } from "../support/images";
import { createAdminTestApp, createTestApp } from "../support/test-app";
import { engineName, whileRefusing, type TestDatabase } from "../support/test-db";
import { pruneAllVersions } from "../support/versions";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;

beforeAll(async () => {
  ({ t, app, cookie } = await createAdminTestApp({ uploadMaxBytes: 200_000 }));
});
afterAll(() => t.cleanup());

const post = (path: string, fields: Record<string, string | File>) =>
  app.request(path, { multipart: multipart(fields), cookie });
const exists = (url: string | null | undefined) => fs.existsSync(app.storage.resolve(objectPathFromUrl(url)!)!);
const certificates = () =>
  t.db.selectFrom("certificates").selectAll().orderBy("sort_order").orderBy("created_at").execute();
const gallery = () =>
  t.db.selectFrom("gallery_items").selectAll().orderBy("sort_order").orderBy("created_at").execute();
const content = async (page: string) =>
  new Map(
    (
      await t.db.selectFrom("page_content").select(["section_slug", "content"]).where("page_slug", "=", page).execute()
    ).map((r) => [r.section_slug, r.content]),
  );
const CERTS = "/admin/edit-pages/certificates";
const GALLERY = "/admin/edit-pages/gallery";

describe(`certificates manager on ${engineName}`, () => {
  it("says 'Missing Name' / 'Certificate name is required.' and keeps what was typed", async () => {
    const response = await post(`${CERTS}?edit=new`, {
      intent: "save",
      name: "  ",
      authority: "DGFT",
      description: "",
      sort_order: "",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Missing Name");
    expect(html).toContain("Certificate name is required.");
    // Without JavaScript too: the form is drawn again, open, with the field marked and the typed values.
    expect(html).toMatch(/<input[^>]*id="name"[^>]*aria-invalid="true"/);
    expect(html).toContain('value="DGFT"');
    expect(await certificates()).toHaveLength(0);
  });

  it("adds certificates with sort_order defaulting to the count, parses it as an integer, and shows them in order", async () => {
    for (const name of ["IEC", "GST", "APEDA"]) {
      const response = await post(CERTS, {
        intent: "save",
        name,
        authority: `${name} authority`,
        description: "",
        sort_order: "",
      });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(CERTS);
    }
    expect((await certificates()).map((c) => [c.name, c.sort_order])).toEqual([
      ["IEC", 0],
      ["GST", 1],
      ["APEDA", 2],
    ]);
    const fssai = await post(CERTS, {
      intent: "save",
      name: "FSSAI",
      authority: "",
      description: "",
      sort_order: "1.7xyz",
      image: await jpegFile("fssai.jpg"),
    });
    expect(fssai.status).toBe(302);
    expect((await certificates()).find((c) => c.name === "FSSAI")!.sort_order).toBe(1);
    const html = await (await app.request("/certificates-memberships")).text();
    // Public order: sort_order, then name (spec §7).
    expect(html.indexOf("IEC")).toBeLessThan(html.indexOf("FSSAI"));
    expect(html.indexOf("FSSAI")).toBeLessThan(html.indexOf("GST"));
  });

  it("moves a certificate up and down, renumbering the list", async () => {
    const apeda = (await certificates()).find((c) => c.name === "APEDA")!;
    expect((await post(CERTS, { intent: "move", id: apeda.id, direction: "up" })).status).toBe(302);
    // Admin order is sort_order then created_at (GST and FSSAI shared 1); a move renumbers everything 0…n-1.
    expect((await certificates()).map((c) => [c.name, c.sort_order])).toEqual([
      ["IEC", 0],
      ["GST", 1],
      ["APEDA", 2],
      ["FSSAI", 3],
    ]);
    await post(CERTS, { intent: "move", id: apeda.id, direction: "down" });
    expect((await certificates()).map((c) => c.name)).toEqual(["IEC", "GST", "FSSAI", "APEDA"]);
    // The last one cannot go further down.
    await post(CERTS, { intent: "move", id: apeda.id, direction: "down" });
    expect((await certificates()).map((c) => c.name)).toEqual(["IEC", "GST", "FSSAI", "APEDA"]);
  });

  it("replaces an image (old file deleted), applies a staged removal on save, refuses a non-image, and deletes", async () => {
    const fssai = (await certificates()).find((c) => c.name === "FSSAI")!;
    const first = fssai.image_url!;
    expect(first).toMatch(/^\/media\/application-assets\/public\/certificates\/certificate-[A-Za-z0-9]{8}\.jpg$/);
    await post(CERTS, {
      intent: "save",
      id: fssai.id,
      name: "FSSAI",
      authority: "",
      description: "",
      sort_order: "1",
      image: await jpegFile("new.jpg", 500, "#225522"),
    });
    const second = (await certificates()).find((c) => c.id === fssai.id)!.image_url!;
    expect(second).not.toBe(first);
    // Issue 27: the file goes once no kept version names it (ADR 0031).
    await pruneAllVersions(t.db, app.storage);
    expect(exists(first)).toBe(false);
    expect(exists(second)).toBe(true);

    const refused = await post(CERTS, {
      intent: "save",
      id: fssai.id,
      name: "FSSAI",
      authority: "",
      description: "",
      sort_order: "1",
      image: textFile("fake.png", "not a picture"),
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Image Operation Failed");
    expect((await certificates()).find((c) => c.id === fssai.id)!.image_url).toBe(second);

    await post(CERTS, {
      intent: "save",
      id: fssai.id,
      name: "FSSAI",
      authority: "",
      description: "",
      sort_order: "1",
      image_remove: "1",
    });
    expect((await certificates()).find((c) => c.id === fssai.id)!.image_url).toBeNull();
    await pruneAllVersions(t.db, app.storage);
    expect(exists(second)).toBe(false);

    await post(CERTS, {
      intent: "save",
      id: fssai.id,
      name: "FSSAI",
      authority: "",
      description: "",
      sort_order: "1",
      image: await jpegFile("third.jpg"),
    });
    const third = (await certificates()).find((c) => c.id === fssai.id)!.image_url!;
    const deleted = await post(CERTS, { intent: "delete", id: fssai.id });
    expect(deleted.status).toBe(302);
    expect((await certificates()).some((c) => c.id === fssai.id)).toBe(false);
    await pruneAllVersions(t.db, app.storage);
    expect(exists(third)).toBe(false);
    expect((await post(CERTS, { intent: "delete", id: fssai.id })).status).toBe(404);
  });

  it("keeps the saved picture and drops the new one when an update fails ('Error updating certificate')", async () => {
    await post(CERTS, { intent: "save", name: "Spices Board", image: await jpegFile("board.jpg") });
    const board = (await certificates()).find((c) => c.name === "Spices Board")!;
    const folder = app.storage.resolve("public/certificates")!;
    const before = fs.readdirSync(folder).sort();
    await whileRefusing(t.db, "certificates", "update", async () => {
      const response = await post(`${CERTS}?edit=${board.id}`, {
        intent: "save",
        id: board.id,
        name: "Spices Board India",
        image: await jpegFile("new-board.jpg", 500, "#552222"),
      });
      expect(response.status).toBe(500);
      const html = await response.text();
      expect(html).toContain("Error updating certificate");
      expect(html).not.toContain("refused");
      // The form stays open with what was typed.
      expect(html).toContain('value="Spices Board India"');
    });
    expect(fs.readdirSync(folder).sort()).toEqual(before);
    const after = (await certificates()).find((c) => c.id === board.id)!;
    expect([after.name, after.image_url]).toEqual(["Spices Board", board.image_url]);
    expect(exists(board.image_url)).toBe(true);
  });
});

describe(`gallery manager on ${engineName}`, () => {
  it("says 'Missing Image' / 'Gallery item image is required.' without a picture", async () => {
    const response = await post(GALLERY, { intent: "save", title: "No picture", sort_order: "" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Missing Image");
    expect(html).toContain("Gallery item image is required.");
  });

  it("adds items named gallery-{timestamp} with sort_order from the count; a staged removal without a new file is refused", async () => {
    for (const title of ["Harvest", "Grading"])
      expect(
        (await post(GALLERY, { intent: "save", title, sort_order: "", image: await jpegFile(`${title}.jpg`) })).status,
      ).toBe(302);
    const [harvest, grading] = await gallery();
    expect([harvest.sort_order, grading.sort_order]).toEqual([0, 1]);
    expect(harvest.image_url).toMatch(
      /^\/media\/application-assets\/public\/gallery\/gallery-\d{13}-[A-Za-z0-9]{8}\.jpg$/,
    );

    const refused = await post(GALLERY, {
      intent: "save",
      id: harvest.id,
      title: "Harvest",
      sort_order: "0",
      image_remove: "1",
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Gallery item image is required.");
    expect(exists(harvest.image_url)).toBe(true);

    await post(GALLERY, {
      intent: "save",
      id: harvest.id,
      title: "Onion harvest",
      sort_order: "0",
      image_remove: "1",
      image: await jpegFile("new.jpg"),
    });
    const replaced = (await gallery()).find((g) => g.id === harvest.id)!;
    expect(replaced.title).toBe("Onion harvest");
    // Issue 27: the file goes once no kept version names it (ADR 0031).
    await pruneAllVersions(t.db, app.storage);
    expect(exists(harvest.image_url)).toBe(false);
    expect(exists(replaced.image_url)).toBe(true);
  });

  it("reorders, shows the public gallery in that order, and deletes the item with its file", async () => {
    const [first, second] = await gallery();
    await post(GALLERY, { intent: "move", id: second.id, direction: "up" });
    expect((await gallery()).map((g) => g.id)).toEqual([second.id, first.id]);
    const html = await (await app.request("/gallery")).text();
    expect(html.indexOf("Grading")).toBeLessThan(html.indexOf("Onion harvest"));
    await post(GALLERY, { intent: "delete", id: second.id });
    expect((await gallery()).map((g) => g.id)).toEqual([first.id]);
    // Issue 27: the file goes once no kept version names it (ADR 0031).
    await pruneAllVersions(t.db, app.storage);
    expect(exists(second.image_url)).toBe(false);
  });

  it("removes a newly uploaded picture again when the database write fails", async () => {
    const folder = app.storage.resolve("public/gallery")!;
    const before = fs.readdirSync(folder).sort();
    await whileRefusing(t.db, "gallery_items", "insert", async () => {
      const response = await post(GALLERY, {
        intent: "save",
        title: "Doomed",
        sort_order: "",
        image: await jpegFile("doomed.jpg"),
      });
      // The database's own words are logged, never shown: the spec's title and a plain sentence are.
      expect(response.status).toBe(500);
      const html = await response.text();
      expect(html).toContain("Error adding gallery item");
      expect(html).toContain("The gallery item could not be saved. Please try again.");
      expect(html).not.toContain("refused");
    });
    expect(fs.readdirSync(folder).sort()).toEqual(before);
  });
});

describe(`page editors on ${engineName}`, () => {
  it("shows text stored under the other key name (alias) in the editor and on the home page, and moves it to the canonical key on save", async () => {
    await insertPageContent(t.db, "home", "hero_title", "Onions From Nashik");
    expect(await (await app.request("/")).text()).toContain("Onions From Nashik");
    const editor = await (await app.request("/admin/edit-pages/home", { cookie })).text();
    expect(editor).toContain('value="Onions From Nashik"');

    const saved = await post("/admin/edit-pages/home", {
      hero_main_title: "Onions From Nashik",
      cta_title: "Ask Us for a Quote",
      product_range_description: "Fresh all year.",
    });
    expect(saved.status).toBe(302);
    const stored = await content("home");
    expect(stored.get("hero_main_title")).toBe("Onions From Nashik");
    expect(stored.has("hero_title")).toBe(false);
    const home = await (await app.request("/")).text();
    expect(home).toContain("Ask Us for a Quote");
    expect(home).toContain("Fresh all year.");

    // A field cleared shows the built-in text again, not the old alias text.
    await post("/admin/edit-pages/home", { hero_main_title: "" });
    expect(await (await app.request("/")).text()).toContain("Premium Indian Produce, Delivered Worldwide");
  });

  it("refuses a hero video that is not YouTube, Vimeo or .mp4, saving nothing ('Error saving …')", async () => {
    const response = await post("/admin/edit-pages/home", {
      cta_title: "Changed",
      hero_video_url: "https://example.com/clip.avi",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Error saving Hero Video URL");
    // The message stands at the field, which is marked; what was typed comes back.
    expect(html).toContain("<li>Use a YouTube, Vimeo or direct .mp4 link.</li>");
    expect(html).toMatch(/<input(?=[^>]*\bid="hero_video_url")[^>]*aria-invalid="true"/);
    expect(html).toContain('value="https://example.com/clip.avi"');
    expect(html).toContain('value="Changed"');
    expect((await content("home")).get("cta_title")).toBe("Ask Us for a Quote");
    const long = await post("/admin/edit-pages/home", { hero_main_title: "x".repeat(301) });
    expect(long.status).toBe(400);
    expect(await long.text()).toContain("Use at most 300 characters.");
    expect((await post("/admin/edit-pages/home", { hero_video_url: "https://youtu.be/dQw4w9WgXcQ" })).status).toBe(302);
    expect(await (await app.request("/")).text()).toContain("youtube-nocookie.com/embed/dQw4w9WgXcQ");
  });

  it("uploads home images to public/home-page, undoes every upload when one fails, and applies staged removals on save", async () => {
    const ok = await post("/admin/edit-pages/home", {
      hero_image_url: await jpegFile("hero.jpg"),
      about_image_url: await jpegFile("about.jpg"),
    });
    expect(ok.status).toBe(302);
    const hero = (await content("home")).get("hero_image_url")!;
    const about = (await content("home")).get("about_image_url")!;
    expect(hero).toMatch(/^\/media\/application-assets\/public\/home-page\/hero-image-url-\d{13}-[A-Za-z0-9]{8}\.jpg$/);
    expect(exists(hero) && exists(about)).toBe(true);

    const folder = app.storage.resolve("public/home-page")!;
    const before = fs.readdirSync(folder).sort();
    const bad = await post("/admin/edit-pages/home", {
      hero_image_url: await jpegFile("hero2.jpg"),
      cta_background_image_url: textFile("cta.png", "<svg onload=alert(1)>"),
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Image upload failed for Call to Action Background Image");
    expect(fs.readdirSync(folder).sort()).toEqual(before);
    expect((await content("home")).get("hero_image_url")).toBe(hero);

    await post("/admin/edit-pages/home", { hero_image_url_remove: "1" });
    expect((await content("home")).get("hero_image_url")).toBe("");
    // Issue 27: the file goes once no kept version names it (ADR 0031).
    await pruneAllVersions(t.db, app.storage);
    expect(exists(hero)).toBe(false);
    expect(exists(about)).toBe(true);

    const replacedBefore = fs.readdirSync(folder).sort();
    await whileRefusing(t.db, "page_content", "update", async () => {
      expect((await post("/admin/edit-pages/home", { about_image_url: await jpegFile("about2.jpg") })).status).toBe(
        500,
      );
    });
    expect(fs.readdirSync(folder).sort()).toEqual(replacedBefore);
    expect(exists(about)).toBe(true);
  });

  it("saves the about page ('About Us Content Saved!') and the public page shows it", async () => {
    const response = await post("/admin/edit-pages/about-us", {
      leadership_ceo_name: "Rakesh Gupta",
      about_main_heading: "Three Generations of Growers",
      about_intro_p1: "We began in 1998.",
    });
    expect(response.status).toBe(302);
    const flash = response.headers.get("Set-Cookie")!.match(/flash=([^;]+)/)![1];
    expect(JSON.parse(Buffer.from(flash, "base64url").toString())).toMatchObject({
      title: "About Us Content Saved!",
      description: "All sections have been updated successfully.",
    });
    const about = await (await app.request("/about-us")).text();
    for (const text of ["Rakesh Gupta", "Three Generations of Growers", "We began in 1998.", "Founder &amp; CEO"])
      expect(about).toContain(text);
  });
});
