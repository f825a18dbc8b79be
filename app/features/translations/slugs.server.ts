import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import type { Language } from "~/lib/i18n/languages";
import type { TranslatableEntity } from "./registry.server";

// Translated slugs are found through the partial unique index (entity, lang, scope, value) WHERE field = 'slug'
// (migration 0010, ADR 0030). The condition is written as a literal, never a parameter: a planner may use a
// partial index only when it can see that the query implies the index's condition.

/** The thing whose slug in `lang` this is (within `scope`: a product's category), or null. */
export async function findTranslatedSlug(
  db: Db,
  entity: TranslatableEntity,
  lang: Language,
  slug: string,
  scope = "",
): Promise<string | null> {
  const row = await db
    .selectFrom("content_translations")
    .select("entity_id")
    .where("entity", "=", entity)
    .where("lang", "=", lang)
    .where(sql<boolean>`field = 'slug'`)
    .where("scope", "=", scope)
    .where("value", "=", slug)
    .executeTakeFirst();
  return row?.entity_id ?? null;
}

/**
 * A product page's two slugs under a language prefix, in one query: the category by its translated slug or else
 * its English one, and within it the product by its translated slug (null when the product slug is not a
 * translated one: the caller tries it as the English slug). Null when no category answers to the slug.
 */
export async function findProductSlugs(
  db: Db,
  lang: Language,
  categorySlug: string,
  productSlug: string,
): Promise<{ categoryId: string; productId: string | null } | null> {
  const { rows } = await sql<{ category_id: string; product_id: string | null; translated: number }>`
    with category as (
      select entity_id as id, 1 as translated from content_translations
        where entity = 'category' and lang = ${lang} and field = 'slug' and scope = '' and value = ${categorySlug}
      union all
      select id, 0 as translated from product_categories where slug = ${categorySlug}
    )
    select category.id as category_id, product.entity_id as product_id, category.translated
    from category
    left join content_translations product
      on product.entity = 'product' and product.lang = ${lang} and product.field = 'slug'
      and product.scope = category.id and product.value = ${productSlug}
  `.execute(db);
  // A translated slug wins over an English one that happens to be the same text (two things can't share an address).
  const best = [...rows].sort(
    (a, b) => Number(!!b.product_id) - Number(!!a.product_id) || Number(b.translated) - Number(a.translated),
  )[0];
  return best ? { categoryId: best.category_id, productId: best.product_id } : null;
}

/**
 * The thing whose slug this is in any language, or null: asked only when a page found nothing in its own language,
 * so another language's address (a link shared from the Arabic site opened under /bn) answers 301, not 404.
 */
export async function findSlugInAnyLanguage(
  db: Db,
  entity: TranslatableEntity,
  slug: string,
  scope = "",
): Promise<string | null> {
  const row = await db
    .selectFrom("content_translations")
    .select("entity_id")
    .where("entity", "=", entity)
    .where(sql<boolean>`field = 'slug'`)
    .where("scope", "=", scope)
    .where("value", "=", slug)
    .limit(1)
    .executeTakeFirst();
  return row?.entity_id ?? null;
}

/** As `findProductSlugs`, the slugs in any language (a miss's second look, never the hot path). */
export async function findProductSlugsInAnyLanguage(
  db: Db,
  categorySlug: string,
  productSlug: string,
): Promise<{ categoryId: string; productId: string | null } | null> {
  const categoryId =
    (await findSlugInAnyLanguage(db, "category", categorySlug)) ??
    (await db.selectFrom("product_categories").select("id").where("slug", "=", categorySlug).executeTakeFirst())?.id;
  if (!categoryId) return null;
  return { categoryId, productId: await findSlugInAnyLanguage(db, "product", productSlug, categoryId) };
}
