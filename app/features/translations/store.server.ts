import type { ExpressionBuilder } from "kysely";
import type { Db } from "~/db/database.server";
import type { ContentTranslationsTable, Database } from "~/db/schema";
import type { Actor } from "~/lib/actor";
import { localePath, type ShippedLanguage } from "~/lib/i18n/languages";
import { recordMove } from "~/features/redirects/redirects.server";
import { categoryPath, postPath, productPath } from "~/lib/web/public-paths";
import { nowIso } from "~/lib/time";
import { categoryChanges, pageTag, postChanges, productChanges, type PageTag } from "~/lib/web/page-tags";
import { TRANSLATABLE, type SourceField, type SourceItem, type TranslatableEntity } from "./registry.server";
import { sourceHash } from "./source-hash";
import { recordTranslatedVersions, versionedItemOf } from "./item-versions.server";
import { isPostgres } from "~/db/database.server";
import { StaleEdit } from "~/features/history/edit-version.server";
import { lockVersionsOf } from "~/features/history/record.server";

/**
 * Writes of translations (ADR 0030): each touches one language's rows only, so saving the Arabic text never
 * republishes another language's, and each stores the hash of the English it was made from.
 */

/** One field of one item in one language: a new text, or `null` to delete the translation (back to English). */
export interface TranslationWrite {
  item: SourceItem;
  field: SourceField;
  value: string | null;
  /** The hash of the English the translator saw; today's English unless said otherwise. */
  sourceHash?: string;
  /** Written only while the stored translation is still this ('' none), else `StaleEdit` (ADR 0049). */
  expected?: string;
}

/** The longest translated text a field takes (a long blog post fits). */
export const MAX_TRANSLATION_CHARS = 100_000;

/** What a translation of this item changes on the public site (the same names the item's own saves use). */
export function translationChanges(item: SourceItem): PageTag[] {
  switch (item.entity) {
    case "product":
      return productChanges(item.id, item.scope);
    case "category":
      return categoryChanges(item.id);
    case "blog_post":
      return postChanges(item.id);
    case "certificate":
      return [pageTag.certificates];
    case "gallery_item":
      return [pageTag.gallery];
    case "page_content":
      return [pageTag.pageTexts(item.id.startsWith("about-us/") ? "about-us" : "home")];
    case "setting":
      return [pageTag.settings];
    case "media":
      // A picture may be shown on any page, and no page names its pictures.
      return [];
  }
}

/**
 * The tags of every item the writes touch, once each; `none` when nothing is written (a page stays cached). A
 * picture's description names no tag: with one among the writes, nothing is named and every page is dropped.
 */
export function changesOf(writes: readonly TranslationWrite[]): PageTag[] {
  if (writes.length === 0) return [pageTag.none];
  if (writes.some((write) => write.item.entity === "media")) return [];
  return [...new Set(writes.flatMap((write) => translationChanges(write.item)))];
}

const KIND_NAME: Record<TranslatableEntity, string> = {
  product: "product",
  category: "category",
  certificate: "certificate",
  gallery_item: "picture",
  blog_post: "blog post",
  page_content: "page text",
  setting: "setting",
  media: "picture description",
};

/**
 * Why each new slug among the writes cannot be used, by the write's index: a slug is unique per language within
 * its scope (a product's category), among the other items' translated slugs, their English slugs (which still
 * answer under the prefix while untranslated), and the other writes.
 */
export async function slugConflicts(
  db: Db,
  lang: ShippedLanguage,
  writes: readonly TranslationWrite[],
): Promise<Map<number, string>> {
  const problems = new Map<number, string>();
  const slugWrites = writes
    .map((write, index) => ({ write, index }))
    .filter(({ write }) => write.field.slug && write.value !== null);
  if (slugWrites.length === 0) return problems;
  const englishByEntity = new Map<TranslatableEntity, SourceItem[]>();
  const claimed = new Map<string, string>();
  for (const { write, index } of slugWrites) {
    const { item } = write;
    const value = write.value as string;
    const taken = `${item.entity}\u0000${item.scope}\u0000${value}`;
    const kind = KIND_NAME[item.entity];
    const inUse = `The slug "${value}" is already used by another ${kind} in this language${item.entity === "product" ? " and category" : ""}. Choose another.`;
    if (claimed.has(taken) && claimed.get(taken) !== item.id) {
      problems.set(index, inUse);
      continue;
    }
    claimed.set(taken, item.id);
    const translated = await db
      .selectFrom("content_translations")
      .select("entity_id")
      .where("entity", "=", item.entity)
      .where("lang", "=", lang)
      .where("scope", "=", item.scope)
      .where("field", "=", "slug")
      .where("value", "=", value)
      .where("entity_id", "!=", item.id)
      .executeTakeFirst();
    if (!englishByEntity.has(item.entity))
      englishByEntity.set(item.entity, await TRANSLATABLE[item.entity].sources(db));
    const english = englishByEntity
      .get(item.entity)!
      .some(
        (other) =>
          other.id !== item.id &&
          other.scope === item.scope &&
          other.fields.some((field) => field.slug && field.english === value),
      );
    if (translated || english) problems.set(index, inUse);
  }
  return problems;
}

type TranslationKey = Pick<ContentTranslationsTable, "entity" | "entity_id" | "lang" | "field">;

/** The one row of a translation: its four-column key (the table's unique key). */
const isTranslation = (key: TranslationKey) => (eb: ExpressionBuilder<Database, "content_translations">) => eb.and(key);

/** Writes the translations of one language in one transaction; the actor is the seam for the change history. */
export async function writeTranslations(
  db: Db,
  actor: Actor,
  lang: ShippedLanguage,
  writes: readonly TranslationWrite[],
): Promise<void> {
  if (writes.length === 0) return;
  const updatedAt = nowIso();
  await db.transaction().execute(async (trx) => {
    for (const { item, field, value, sourceHash: shown, expected } of writes) {
      const key = { entity: item.entity, entity_id: item.id, lang, field: field.field };
      if (expected !== undefined) {
        // The row still holds what the editor showed (none: still none), read under the lock every versioned save
        // of the item holds until it commits (ADR 0049, as `expectVersion`).
        const versioned = versionedItemOf(item);
        if (versioned) await lockVersionsOf(trx, versioned.entity, versioned.entityId);
        const now = await trx
          .selectFrom("content_translations")
          .select("value")
          .where(isTranslation(key))
          .$if(isPostgres(trx), (qb) => qb.forUpdate())
          .executeTakeFirst();
        if ((now?.value ?? "") !== expected) throw new StaleEdit();
      }
      if (field.slug) await recordSlugMove(trx, actor, lang, item, field.english, value);
      if (value === null) {
        await trx.deleteFrom("content_translations").where(isTranslation(key)).execute();
        continue;
      }
      const row = { value, scope: item.scope, source_hash: shown ?? sourceHash(field.english), updated_at: updatedAt };
      await trx
        .insertInto("content_translations")
        .values({ ...key, ...row })
        .onConflict((conflict) => conflict.columns(["entity", "entity_id", "lang", "field"]).doUpdateSet(row))
        .execute();
    }
    await recordTranslatedVersions(
      trx,
      actor,
      writes.map((write) => write.item),
    );
  });
}

/**
 * A translated slug that changes moves its page's address in that language: the old address answers 301 to the
 * new one, as an English rename does (ADR 0014). Without a translated slug a page lives at its English slug.
 */
async function recordSlugMove(
  db: Db,
  actor: Actor,
  lang: ShippedLanguage,
  item: SourceItem,
  englishSlug: string,
  value: string | null,
): Promise<void> {
  const current = await db
    .selectFrom("content_translations")
    .select("value")
    .where(isTranslation({ entity: item.entity, entity_id: item.id, lang, field: "slug" }))
    .executeTakeFirst();
  const from = current?.value ?? englishSlug;
  const to = value ?? englishSlug;
  if (from === to) return;
  const paths = async (): Promise<[string, string] | null> => {
    if (item.entity === "blog_post") return [postPath(from), postPath(to)];
    if (item.entity === "category") return [categoryPath(from), categoryPath(to)];
    if (item.entity !== "product") return null;
    const category = await db
      .selectFrom("product_categories as c")
      .leftJoin("content_translations as t", (join) =>
        join
          .onRef("t.entity_id", "=", "c.id")
          .on("t.entity", "=", "category")
          .on("t.lang", "=", lang)
          .on("t.field", "=", "slug"),
      )
      .select(["c.slug", "t.value"])
      .where("c.id", "=", item.scope)
      .executeTakeFirst();
    if (!category) return null;
    const categorySlug = category.value ?? category.slug;
    return [productPath(categorySlug, from), productPath(categorySlug, to)];
  };
  const moved = await paths();
  if (moved) await recordMove(db, actor, localePath(lang, moved[0]), localePath(lang, moved[1]));
}
