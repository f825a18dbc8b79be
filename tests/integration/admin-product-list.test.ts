import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listProductsForAdmin } from "~/features/catalogue/product-admin.server";
import { productsNamed } from "~/features/search/search.server";
import { wordsOf } from "~/features/search/normalize";
import { PAGE_SIZE } from "~/lib/web/list-query";
import { createTestDatabase, engineName, insertCategory, insertProducts, type TestDatabase } from "../support/test-db";

// Issue 42: the back office's product list finds a page's ids in `products` alone and joins only those to their
// category. Its pages, their order and the count must be what one query over the join gives.
let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  const onions = await insertCategory(t.db, { name: "Onions", slug: "onions" });
  const garlic = await insertCategory(t.db, { name: "Garlic", slug: "garlic" });
  // 60 products of one import (one instant: every tie broken by id) and a few made later, in two categories.
  await insertProducts(t.db, [
    ...Array.from({ length: 60 }, (_, i) => ({
      name: `${i % 2 ? "Garlic" : "Onion"} lot ${i}`,
      slug: `lot-${i}`,
      category_id: i % 2 ? garlic : onions,
      status: i % 7 ? ("published" as const) : ("draft" as const),
      created_at: "2030-01-01T00:00:00.000Z",
    })),
    ...[3, 1, 2].map((n) => ({
      name: `Later ${n}`,
      slug: `later-${n}`,
      category_id: onions,
      status: "published" as const,
      created_at: `2030-02-0${n}T00:00:00.000Z`,
    })),
  ]);
});
afterAll(() => t.cleanup());

/**
 * The list as one query over the join gave it before, searched as the back office searches (issue 43): every word of
 * the query the start of a word of the name or the address.
 */
async function reference(q: string) {
  const rows = await t.db
    .selectFrom("products")
    .innerJoin("product_categories as c", "c.id", "products.category_id")
    .select(["products.slug", "products.created_at", "products.id", "c.slug as category_slug", "products.name"])
    .orderBy("products.created_at", "desc")
    .orderBy("products.id")
    .execute();
  const named = (r: { name: string; slug: string }) => {
    const words = wordsOf(`${r.name} ${r.slug}`);
    return wordsOf(q).every((typed) => words.some((word) => word.startsWith(typed)));
  };
  return rows.filter((r) => !q || named(r));
}

describe(`the admin product list on ${engineName}`, () => {
  it("pages through every product newest first, ties by id, with its category and the count", async () => {
    for (const q of ["", "garlic", "lot-1", "later", "nothing like it"]) {
      const all = await reference(q);
      const pages = Math.max(1, Math.ceil(all.length / PAGE_SIZE));
      for (let page = 1; page <= pages + 1; page++) {
        const { rows, total } = await listProductsForAdmin(t.db, {
          page,
          named: q ? await productsNamed(t.db, q) : null,
        });
        expect(total, q).toBe(all.length);
        expect(
          rows.map((r) => [r.slug, r.category_slug]),
          `${q} page ${page}`,
        ).toEqual(all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((r) => [r.slug, r.category_slug]));
      }
    }
    expect((await listProductsForAdmin(t.db, { page: 1, named: null })).rows[0].slug).toBe("later-3");
  });
});
