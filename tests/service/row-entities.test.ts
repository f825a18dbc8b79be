import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/database.server";
import { POST_ENTITY } from "~/features/blog/post-entity";
import { CATEGORY_ENTITY } from "~/features/catalogue/category-entity";
import { rowSnapshot, type RowEntity } from "~/features/history/row-versions.server";
import { CERTIFICATE_ENTITY, GALLERY_ITEM_ENTITY } from "~/features/sorted-image-items/item-entities";
import { TRANSLATABLE, type TranslatableEntity } from "~/features/translations/registry.server";
import { translatedFields, versionLabels } from "~/lib/entity-fields";
import { insertCertificate, insertGalleryItem, insertPost } from "../support/builders";
import { createTestDatabase, engineName, insertCategory, type TestDatabase } from "../support/test-db";

// Each kind stored as one row is described once (issue 39): what its versions keep and what the Translations screen
// offers are read from the descriptor, against the real table.
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.cleanup());

const KINDS: Array<[RowEntity, (db: Db) => Promise<string>]> = [
  [CATEGORY_ENTITY, (db) => insertCategory(db, { name: "Onions", slug: "onions", description: "Red." })],
  [POST_ENTITY, (db) => insertPost(db, { title: "Harvest", tags: JSON.stringify(["onion", "harvest"]) })],
  [CERTIFICATE_ENTITY, (db) => insertCertificate(db, { name: "APEDA", authority: "APEDA", description: "Exporter." })],
  [GALLERY_ITEM_ENTITY, (db) => insertGalleryItem(db, { title: "Loading at Nhava Sheva" })],
];

describe.each(KINDS)(`a described kind on ${engineName}`, (entity, insert) => {
  it(`${entity.kindName}: a version keeps every versioned field of the stored row, and its translations`, async () => {
    const id = await insert(t.db);
    const stored = (await t.db
      .selectFrom(entity.table)
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow()) as Record<string, unknown>;
    const snapshot = await rowSnapshot(t.db, entity, id);
    for (const column of Object.keys(versionLabels(entity.fields))) {
      expect(stored, `${entity.table} has no column "${column}"`).toHaveProperty([column]);
      expect(snapshot?.[column]).toEqual(stored[column]);
    }
    expect(snapshot).toHaveProperty("translations");
  });

  it(`${entity.kindName}: the Translations screen offers exactly its translated fields, in order`, async () => {
    const items = await TRANSLATABLE[entity.translated as TranslatableEntity].sources(t.db);
    expect(items.length).toBeGreaterThan(0);
    const expected = translatedFields(entity.fields);
    for (const item of items)
      expect(
        item.fields.map(({ field, slug, multiline }) => ({
          field,
          as: slug ? "slug" : multiline ? "multiline" : "line",
        })),
      ).toEqual(expected);
  });
});

it(`a post's tags are offered as one text, as they read on the page, on ${engineName}`, async () => {
  const items = await TRANSLATABLE.blog_post.sources(t.db);
  const tags = items.find((item) => item.title === "Harvest")?.fields.find((field) => field.field === "tags");
  expect(tags?.english).toBe("onion, harvest");
});
