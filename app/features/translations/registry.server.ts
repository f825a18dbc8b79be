import type { Db } from "~/db/database.server";
import { PAGE_SECTIONS, type PageSlug } from "~/features/content/home-content";
import { getPageContent } from "~/features/content/content.server";
import { parseTradeTerms } from "~/features/catalogue/trade-terms/storage.server";
import { PRODUCT_TEXT_FIELD_NAMES, PRODUCT_TEXT_FIELDS } from "~/features/catalogue/product-fields";
import { CATEGORY_FIELDS } from "~/features/catalogue/category-entity";
import { parseSpecifications } from "~/features/catalogue/product-text";
import { POST_FIELDS } from "~/features/blog/post-entity";
import { parseTags } from "~/features/blog/tags";
import { CERTIFICATE_FIELDS, GALLERY_ITEM_FIELDS } from "~/features/sorted-image-items/item-entities";
import { translatedFields, type EntityFields } from "~/lib/entity-fields";

/**
 * What can be translated, field by field (issue 26, ADR 0030): one entry per kind of thing, read by the
 * Translations screen and the export and re-import; each kind's own fields come from its descriptor (issue 39).
 * Each field is named as it is stored in `content_translations.field`. What makes a page available in a language
 * (its main fields) is `main-fields.ts`, which the public pages read without this.
 */
export type TranslatableEntity =
  "product" | "category" | "certificate" | "gallery_item" | "blog_post" | "page_content" | "setting" | "media";

export interface SourceField {
  field: string;
  /** Today's English text ('' when the English is empty: nothing to translate). */
  english: string;
  /** A slug: unique per language (within `scope`), looked up by the public pages. */
  slug?: boolean;
  /** Edited in a textarea. */
  multiline?: boolean;
}

export interface SourceItem {
  entity: TranslatableEntity;
  id: string;
  /** How the back office names it (English). */
  title: string;
  /** A product's category id (its slug is unique within it); '' otherwise. */
  scope: string;
  fields: SourceField[];
}

export interface TranslatableKind {
  entity: TranslatableEntity;
  /** The back office's name for the kind, plural. */
  label: string;
  /** Every item of the kind with its English fields. */
  sources(db: Db): Promise<SourceItem[]>;
}

const text = (field: string, english: string | null | undefined, options: Partial<SourceField> = {}): SourceField => ({
  field,
  english: english ?? "",
  ...options,
});

/** A row's translated fields in its descriptor's order; `asText` gives the English text of a field stored otherwise. */
function describedFields(
  fields: EntityFields,
  row: Record<string, unknown>,
  asText: Record<string, (stored: unknown) => string> = {},
): SourceField[] {
  return translatedFields(fields).map(({ field, as }) =>
    text(
      field,
      asText[field] ? asText[field](row[field]) : (row[field] as string | null),
      as === "line" ? {} : { [as]: true },
    ),
  );
}

/**
 * A product's specification names and values, keyed by the English name: `spec:<name>:name`, `spec:<name>:value`. A
 * Yes/No row offers its name only: Yes and No are the interface catalogue's in every language.
 */
function specificationFields(json: string): SourceField[] {
  return parseSpecifications(json).flatMap(([name, value]) => [
    text(`spec:${name}:name`, name),
    ...(typeof value === "string" ? [text(`spec:${name}:value`, value)] : []),
  ]);
}

/** The free-text trade terms: lists are translated as one text, items separated by "; ". */
function tradeFields(json: string): SourceField[] {
  const terms = parseTradeTerms(json);
  return [
    text("trade:grades", terms.grades.join("; ")),
    text("trade:packaging", terms.packaging.join("; ")),
    text("trade:payment_terms", terms.payment_terms.join("; ")),
    text("trade:shelf_life", terms.shelf_life),
    text("trade:origin", terms.origin),
  ];
}

export const TRANSLATABLE: Record<TranslatableEntity, TranslatableKind> = {
  product: {
    entity: "product",
    label: "Products",
    async sources(db) {
      const rows = await db
        .selectFrom("products")
        .select(["id", "category_id", ...PRODUCT_TEXT_FIELD_NAMES, "specifications", "trade_terms"])
        .orderBy("name")
        .execute();
      return rows.map((row) => ({
        entity: "product" as const,
        id: row.id,
        title: row.name,
        scope: row.category_id,
        fields: [
          ...describedFields(PRODUCT_TEXT_FIELDS, row),
          ...specificationFields(row.specifications),
          ...tradeFields(row.trade_terms),
        ],
      }));
    },
  },
  category: {
    entity: "category",
    label: "Categories",
    async sources(db) {
      const rows = await db.selectFrom("product_categories").selectAll().orderBy("name").execute();
      return rows.map((row) => ({
        entity: "category" as const,
        id: row.id,
        title: row.name,
        scope: "",
        fields: describedFields(CATEGORY_FIELDS, row),
      }));
    },
  },
  certificate: {
    entity: "certificate",
    label: "Certificates",
    async sources(db) {
      const rows = await db.selectFrom("certificates").selectAll().orderBy("sort_order").execute();
      return rows.map((row) => ({
        entity: "certificate" as const,
        id: row.id,
        title: row.name,
        scope: "",
        fields: describedFields(CERTIFICATE_FIELDS, row),
      }));
    },
  },
  gallery_item: {
    entity: "gallery_item",
    label: "Gallery",
    async sources(db) {
      const rows = await db.selectFrom("gallery_items").selectAll().orderBy("sort_order").execute();
      return rows.map((row) => ({
        entity: "gallery_item" as const,
        id: row.id,
        title: row.title || "(untitled picture)",
        scope: "",
        fields: describedFields(GALLERY_ITEM_FIELDS, row),
      }));
    },
  },
  blog_post: {
    entity: "blog_post",
    label: "Blog posts",
    async sources(db) {
      const rows = await db.selectFrom("blog_posts").selectAll().orderBy("created_at", "desc").execute();
      return rows.map((row) => ({
        entity: "blog_post" as const,
        id: row.id,
        title: row.title,
        scope: "",
        fields: describedFields(POST_FIELDS, row, { tags: (stored) => parseTags(stored as string).join(", ") }),
      }));
    },
  },
  page_content: {
    entity: "page_content",
    label: "Page texts",
    // One item per section of the home and about pages: `home/<section key>`, with the page's defaults applied.
    async sources(db) {
      const items: SourceItem[] = [];
      for (const page of Object.keys(PAGE_SECTIONS) as PageSlug[]) {
        const content = await getPageContent(db, page);
        // A picture or a video is an address, not words: only the texts are translated.
        for (const section of PAGE_SECTIONS[page].filter((s) => s.type === "text" || s.type === "textarea"))
          items.push({
            entity: "page_content",
            id: `${page}/${section.key}`,
            title: `${page === "home" ? "Home" : "About Us"}: ${section.key}`,
            scope: "",
            fields: [text("content", content[section.key], { multiline: true })],
          });
      }
      return items;
    },
  },
  media: {
    entity: "media",
    label: "Picture descriptions",
    // The Media Library's pictures with an English 'Alt Text' (issue 29): the others have nothing to translate.
    async sources(db) {
      const rows = await db
        .selectFrom("media")
        .select(["id", "storage_key", "alt_text"])
        .where("alt_text", "is not", null)
        .orderBy("created_at", "desc")
        .orderBy("id")
        .execute();
      return rows.map((row) => ({
        entity: "media" as const,
        id: row.id,
        title: `Alt Text of ${row.storage_key.split("/").pop()}`,
        scope: "",
        fields: [text("alt_text", row.alt_text)],
      }));
    },
  },
  setting: {
    entity: "setting",
    label: "Contact address",
    async sources(db) {
      const row = await db
        .selectFrom("site_settings")
        .select("setting_value")
        .where("setting_key", "=", "contact_address")
        .executeTakeFirst();
      return [
        {
          entity: "setting",
          id: "contact_address",
          title: "Contact address",
          scope: "",
          fields: [text("value", row?.setting_value, { multiline: true })],
        },
      ];
    },
  },
};
