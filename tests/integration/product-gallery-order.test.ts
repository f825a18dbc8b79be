import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jpegFile } from "../support/images";
import { createAdminTestApp, createTestApp, signedInAs } from "../support/test-app";
import { engineName, insertCategory, type TestDatabase } from "../support/test-db";

/**
 * Issue 29: a product's gallery is reordered on its edit form and the order is sent with the product's own Save
 * (`gallery_order`, one URL each, first to last): one request. The order is a wish: URLs the gallery does not hold
 * are ignored, and a picture it leaves out (a stale page) is kept after the others.
 */
let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;
let shallots: string;
let id: string;
const SLUG = "pink-shallot";

beforeAll(async () => {
  ({ t, app, cookie } = await createAdminTestApp());
  shallots = await insertCategory(t.db, { name: "Shallots", slug: "shallots" });
});
afterAll(() => t.cleanup());

const post = (path: string, fields: Record<string, string | File | Array<string | File>>, as = cookie) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields))
    for (const v of Array.isArray(value) ? value : [value]) form.append(key, v);
  return app.request(path, { multipart: form, cookie: as });
};
const base = () => ({ name: "Pink Shallot", slug: SLUG, category_id: shallots });
const gallery = async (): Promise<string[]> =>
  JSON.parse(
    (await t.db.selectFrom("products").select("gallery_images").where("id", "=", id).executeTakeFirstOrThrow())
      .gallery_images,
  );
const save = (order: string[], extra: Record<string, string | File | Array<string | File>> = {}, as = cookie) =>
  post(`/admin/manage-products/edit/${id}`, { ...base(), gallery_order: order, ...extra }, as);
const versions = async () =>
  t.db
    .selectFrom("versions")
    .select(["number", "changed_fields"])
    .where("entity", "=", "product")
    .where("entity_id", "=", id)
    .orderBy("number")
    .execute();
/** The file names of the gallery's pictures, in the order they first appear on the public product page. */
const publicOrder = async (urls: string[]) => {
  const response = await app.request(`/products/shallots/${SLUG}`);
  expect(response.status).toBe(200);
  const html = await response.text();
  const stems = urls.map((url) =>
    url
      .split("/")
      .pop()!
      .replace(/\.jpg$/, ""),
  );
  for (const stem of stems) expect(html).toContain(stem);
  return [...stems].sort((a, b) => html.indexOf(a) - html.indexOf(b));
};
const stem = (url: string) =>
  url
    .split("/")
    .pop()!
    .replace(/\.jpg$/, "");

describe(`a product's gallery order on ${engineName}`, () => {
  it("adds a product with three gallery pictures", async () => {
    const response = await post("/admin/manage-products/add", {
      ...base(),
      gallery_new: [
        await jpegFile("g1.jpg", 400, "#a00"),
        await jpegFile("g2.jpg", 400, "#0a0"),
        await jpegFile("g3.jpg", 400, "#00a"),
      ],
    });
    expect(response.status).toBe(302);
    id = (await t.db.selectFrom("products").select("id").where("slug", "=", SLUG).executeTakeFirstOrThrow()).id;
    expect(await gallery()).toHaveLength(3);
  });

  it("reorders the three pictures in one save, records a version and shows the order on the product page", async () => {
    const [a, b, c] = await gallery();
    const before = await versions();
    const response = await save([c, a, b]);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/manage-products");
    expect(await gallery()).toEqual([c, a, b]);
    expect(await publicOrder([a, b, c])).toEqual([c, a, b].map(stem));
    // A save that only reorders is a version of its own, and History says what it did.
    const after = await versions();
    expect(after).toHaveLength(before.length + 1);
    expect(JSON.parse(after.at(-1)!.changed_fields)).toEqual(["gallery"]);
    const edit = await (await app.request(`/admin/manage-products/edit/${id}`, { cookie })).text();
    expect(edit).toContain("reordered");
    // Before JavaScript runs the form carries the saved order, and has no buttons that would need it.
    expect([...edit.matchAll(/name="gallery_order" value="([^"]+)"/g)].map((m) => m[1])).toEqual([c, a, b]);
    expect(edit).not.toContain("Move Gallery image");
  });

  it("keeps a picture a stale order leaves out, after the others, and ignores an unknown URL", async () => {
    const [c, a, b] = await gallery();
    expect((await save([b, c])).status).toBe(302);
    expect(await gallery()).toEqual([b, c, a]);
    expect(
      (await save(["/media/application-assets/public/elsewhere.jpg", a, "https://evil.example/x.jpg", c])).status,
    ).toBe(302);
    expect(await gallery()).toEqual([a, c, b]);
  });

  it("applies the order, then the removals, then appends new pictures", async () => {
    const [a, c, b] = await gallery();
    const response = await save([b, a, c], { gallery_remove: a, gallery_new: await jpegFile("g4.jpg", 400, "#aa0") });
    expect(response.status).toBe(302);
    const now = await gallery();
    expect(now).toHaveLength(3);
    expect(now.slice(0, 2)).toEqual([b, c]);
    expect(now[2]).toMatch(/\/gallery\/gallery-[A-Za-z0-9]{8}\.jpg$/);
  });

  it("keeps the order sent on a refused save, and stores nothing", async () => {
    const saved = await gallery();
    const wanted = [...saved].reverse();
    const response = await save(wanted, { name: "" });
    expect(response.status).toBe(400);
    const html = await response.text();
    const sent = [...html.matchAll(/name="gallery_order" value="([^"]+)"/g)].map((m) => m[1]);
    expect(sent).toEqual(wanted);
    expect(await gallery()).toEqual(saved);
  });

  it("sends an anonymous visitor to the login page and refuses a signed-in non-admin; neither changes the order", async () => {
    const saved = await gallery();
    const reversed = [...saved].reverse();
    const anonymous = await save(reversed, {}, "");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/admin\/login/);
    const user = await signedInAs(t.db, "user");
    const refused = await save(reversed, {}, user.cookie);
    expect([302, 403]).toContain(refused.status);
    if (refused.status === 302) expect(refused.headers.get("Location")).not.toBe("/admin/manage-products");
    expect(await gallery()).toEqual(saved);
  });
});
