import type { Db } from "~/db/database.server";
import { PAGE_SECTIONS, type PageSlug } from "~/features/content/home-content";
import { getPageContent } from "~/features/content/content.server";
import { parseTradeTerms } from "~/features/catalogue/trade-terms/storage.server";
import { PRODUCT_TEXT_FIELD_NAMES, PRODUCT_TEXT_FIELDS } from "~/features/catalogue/product-fields";

/**
 * What can be translated, field by field (issue 26, ADR 0030): one entry per kind of thing, read by the
 * Translations screen, the export and re-import, and the public pages' fallback. Each field is named as it is
 * stored in `content_translations.field`.
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
  /** The fields that make a page "available" in a language: untranslated, the page says so and leaves hreflang. */
  mainFields: string[];
  /** Every item of the kind with its English fields. */
  sources(db: Db): Promise<SourceItem[]>;
}

const text = (field: string, english: string | null | undefined, options: Partial<SourceField> = {}): SourceField => ({
  field,
  english: english ?? "",
  ...options,
});

/** A product's specification names and values, keyed by the English name: `spec:<name>:name`, `spec:<name>:value`. */
function specificationFields(json: string): SourceField[] {
  let specs: unknown;
  try {
    specs = JSON.parse(json);
  } catch {
    return [];
  }
  if (!specs || typeof specs !== "object" || Array.isArray(specs)) return [];
  return Object.entries(specs as Record<string, unknown>).flatMap(([name, value]) =>
    typeof value === "string" ? [text(`spec:${name}:name`, name), text(`spec:${name}:value`, value)] : [],
  );
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
    mainFields: ["name", "description"],
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
          ...PRODUCT_TEXT_FIELD_NAMES.map((field) => {
            const { translated } = PRODUCT_TEXT_FIELDS[field];
            return text(field, row[field], translated === "line" ? {} : { [translated]: true });
          }),
          ...specificationFields(row.specifications),
          ...tradeFields(row.trade_terms),
        ],
      }));
    },
  },
  category: {
    entity: "category",
    label: "Categories",
    mainFields: ["name"],
    async sources(db) {
      const rows = await db
        .selectFrom("product_categories")
        .select(["id", "name", "slug", "description"])
        .orderBy("name")
        .execute();
      return rows.map((row) => ({
        entity: "category" as const,
        id: row.id,
        title: row.name,
        scope: "",
        fields: [
          text("name", row.name),
          text("slug", row.slug, { slug: true }),
          text("description", row.description, { multiline: true }),
        ],
      }));
    },
  },
  certificate: {
    entity: "certificate",
    label: "Certificates",
    mainFields: ["description"],
    async sources(db) {
      const rows = await db
        .selectFrom("certificates")
        .select(["id", "name", "description", "authority"])
        .orderBy("sort_order")
        .execute();
      return rows.map((row) => ({
        entity: "certificate" as const,
        id: row.id,
        title: row.name,
        scope: "",
        fields: [text("description", row.description, { multiline: true }), text("authority", row.authority)],
      }));
    },
  },
  gallery_item: {
    entity: "gallery_item",
    label: "Gallery",
    mainFields: ["title"],
    async sources(db) {
      const rows = await db.selectFrom("gallery_items").select(["id", "title"]).orderBy("sort_order").execute();
      return rows.map((row) => ({
        entity: "gallery_item" as const,
        id: row.id,
        title: row.title || "(untitled picture)",
        scope: "",
        fields: [text("title", row.title)],
      }));
    },
  },
  blog_post: {
    entity: "blog_post",
    label: "Blog posts",
    mainFields: ["title", "content"],
    async sources(db) {
      const rows = await db
        .selectFrom("blog_posts")
        .select(["id", "title", "slug", "excerpt", "content", "tags"])
        .orderBy("created_at", "desc")
        .execute();
      return rows.map((row) => ({
        entity: "blog_post" as const,
        id: row.id,
        title: row.title,
        scope: "",
        fields: [
          text("title", row.title),
          text("slug", row.slug, { slug: true }),
          text("excerpt", row.excerpt, { multiline: true }),
          text("content", row.content, { multiline: true }),
          text("tags", tagsText(row.tags)),
        ],
      }));
    },
  },
  page_content: {
    entity: "page_content",
    label: "Page texts",
    mainFields: ["content"],
    // One item per section of the home and about pages: `home/<section key>`, with the page's defaults applied.
    async sources(db) {
      const items: SourceItem[] = [];
      for (const page of Object.keys(PAGE_SECTIONS) as PageSlug[]) {
        const content = await getPageContent(db, page);
        for (const section of PAGE_SECTIONS[page])
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
    mainFields: ["alt_text"],
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
    mainFields: ["value"],
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

/** Tags are stored as a JSON list; translated as one text, separated by ", ". */
function tagsText(json: string): string {
  try {
    const tags = JSON.parse(json) as unknown;
    return Array.isArray(tags) ? tags.filter((tag) => typeof tag === "string").join(", ") : "";
  } catch {
    return "";
  }
}
