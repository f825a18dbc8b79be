import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "~/lib/time";
import { insertCertificate, insertGalleryItem } from "../support/builders";
import { createAdminTestApp, createTestApp, signedInAs } from "../support/test-app";
import { engineName, type TestDatabase } from "../support/test-db";

/**
 * Issue 29, ordering that respects time: the gallery (and the certificates, which share its page) take the whole
 * order in one request (`intent=reorder`, one `order` field per item, first to last), saved all at once; an order
 * that does not name every item exactly once is refused by name and changes nothing.
 */
let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;
const GALLERY = "/admin/edit-pages/gallery";
const CERTS = "/admin/edit-pages/certificates";

beforeAll(async () => {
  ({ t, app, cookie } = await createAdminTestApp());
});
afterAll(() => t.cleanup());

const reorder = (path: string, ids: string[], as: string | undefined = cookie) => {
  const body = new FormData();
  body.set("intent", "reorder");
  for (const id of ids) body.append("order", id);
  return app.request(path, { multipart: body, cookie: as });
};
const order = async (table: "gallery_items" | "certificates") =>
  (await t.db.selectFrom(table).select(["id", "sort_order"]).orderBy("sort_order").orderBy("created_at").execute()).map(
    (row) => row.id,
  );

async function seedGallery(count: number) {
  await t.db.deleteFrom("gallery_items").execute();
  const ids: string[] = [];
  for (let i = 0; i < count; i++)
    ids.push(
      await insertGalleryItem(t.db, {
        title: `Picture ${i + 1}`,
        image_url: `/media/application-assets/public/gallery/g${i + 1}.jpg`,
        sort_order: i,
      }),
    );
  return ids;
}

describe(`one-request reorder on ${engineName}`, () => {
  it("moves item 8 to position 1 in one request, numbers the list 0…n-1 and shows it so on /gallery", async () => {
    const ids = await seedGallery(8);
    const wanted = [ids[7], ...ids.slice(0, 7)];
    const response = await reorder(GALLERY, wanted);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(GALLERY);
    expect(await order("gallery_items")).toEqual(wanted);
    const rows = await t.db.selectFrom("gallery_items").select(["id", "sort_order"]).execute();
    expect(rows.map((r) => r.sort_order).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const html = await (await app.request("/gallery")).text();
    const shown = [...html.matchAll(/alt="(Picture \d)"/g)].map((m) => m[1]);
    expect([...new Set(shown)]).toEqual(["Picture 8", ...Array.from({ length: 7 }, (_, i) => `Picture ${i + 1}`)]);
  });

  it("refuses by name an order with an unknown item, a repeated one or a missing one, changing nothing", async () => {
    const ids = await seedGallery(3);
    const cases: Array<[string[], RegExp]> = [
      [[ids[2], ids[1], newId()], /names a gallery item that does not exist/],
      [[ids[2], ids[2], ids[1], ids[0]], /names a gallery item twice/],
      [[ids[2], ids[1]], /leaves out one gallery item/],
      [[], /leaves out 3 gallery items/],
    ];
    for (const [sent, message] of cases) {
      const response = await reorder(GALLERY, sent);
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain("Order Not Saved");
      expect(html).toMatch(message);
      expect(await order("gallery_items")).toEqual(ids);
    }
  });

  it("reorders the certificates the same way", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(await insertCertificate(t.db, { name: `Cert ${i}`, sort_order: i }));
    expect((await reorder(CERTS, [ids[1], ids[2], ids[0]])).status).toBe(302);
    expect(await order("certificates")).toEqual([ids[1], ids[2], ids[0]]);
  });

  it("sends an anonymous visitor to the login page and refuses a signed-in non-admin; neither changes the order", async () => {
    const ids = await seedGallery(3);
    const reversed = [...ids].reverse();
    const anonymous = await reorder(GALLERY, reversed, "");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/admin\/login/);
    const user = await signedInAs(t.db, "user");
    const refused = await reorder(GALLERY, reversed, user.cookie);
    expect([302, 403]).toContain(refused.status);
    if (refused.status === 302) expect(refused.headers.get("Location")).not.toBe(GALLERY);
    expect(await order("gallery_items")).toEqual(ids);
  });
});
