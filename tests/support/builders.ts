import type { Insertable } from "kysely";
import type { Db } from "~/db/database.server";
import type {
  BlogPostsTable,
  CertificatesTable,
  DemandDailyTable,
  GalleryItemsTable,
  InquiryLinesTable,
  PageContentTable,
  SiteSettingsTable,
} from "~/db/schema";
import { slugify } from "~/lib/slug";
import { newId, nowIso, utcDate } from "~/lib/time";

// Row builders beside those in test-db.ts (categories, products, inquiries, quotes, certificate lists) and
// translations.ts (translations, languages): each takes the database (or a transaction) and only what the test cares
// about, fills the rest as the back office would leave it, and returns the new row's id.

/** A site setting row with a new id and no description, unless `overrides` say otherwise. */
export function settingRow(
  key: string,
  value: string,
  overrides: Partial<Insertable<SiteSettingsTable>> = {},
): Insertable<SiteSettingsTable> & { id: string } {
  return {
    setting_key: key,
    setting_value: value,
    description: null,
    updated_at: nowIso(),
    ...overrides,
    id: overrides.id ?? newId(),
  };
}

/** Stores one setting (a key not stored yet); returns its id. For several at once: `insertSettings` (settings.ts). */
export async function insertSetting(
  db: Db,
  key: string,
  value: string,
  overrides: Partial<Insertable<SiteSettingsTable>> = {},
): Promise<string> {
  const row = settingRow(key, value, overrides);
  await db.insertInto("site_settings").values(row).execute();
  return row.id;
}

/**
 * Inserts a blog post: a title and slug of its own unless given, body "Body", no excerpt, author, picture or tags,
 * published now (not published when `status` says otherwise), made now. Returns its id.
 */
export async function insertPost(db: Db, values: Partial<Insertable<BlogPostsTable>> = {}): Promise<string> {
  const id = values.id ?? newId();
  const title = values.title ?? `Post ${id.slice(0, 8)}`;
  const status = values.status ?? "published";
  const now = nowIso();
  await db
    .insertInto("blog_posts")
    .values({
      slug: slugify(title),
      content: "Body",
      excerpt: null,
      author_id: null,
      author_name: null,
      featured_image_url: null,
      tags: "[]",
      published_at: status === "published" ? now : null,
      created_at: now,
      updated_at: now,
      ...values,
      id,
      title,
      status,
    })
    .execute();
  return id;
}

/** Stores the text of one section of a site page (a section not stored yet), plain text unless said; returns its id. */
export async function insertPageContent(
  db: Db,
  page: string,
  section: string,
  content: string,
  overrides: Partial<Insertable<PageContentTable>> = {},
): Promise<string> {
  const id = overrides.id ?? newId();
  await db
    .insertInto("page_content")
    .values({
      page_slug: page,
      section_slug: section,
      content,
      content_type: "text",
      updated_at: nowIso(),
      ...overrides,
      id,
    })
    .execute();
  return id;
}

/** Inserts a gallery picture (untitled, first in the order, a stand-in address unless given); returns its id. */
export async function insertGalleryItem(db: Db, values: Partial<Insertable<GalleryItemsTable>> = {}): Promise<string> {
  const id = values.id ?? newId();
  const now = nowIso();
  await db
    .insertInto("gallery_items")
    .values({
      title: null,
      image_url: `/media/public/gallery/${id}.jpg`,
      sort_order: 0,
      created_at: now,
      updated_at: now,
      ...values,
      id,
    })
    .execute();
  return id;
}

/**
 * Inserts one certificate: a name of its own unless given, first in the order, no description, authority, picture,
 * number, dates or verification page (a registration that does not lapse). Returns its id.
 */
export async function insertCertificate(db: Db, values: Partial<Insertable<CertificatesTable>> = {}): Promise<string> {
  const id = values.id ?? newId();
  const now = nowIso();
  await db
    .insertInto("certificates")
    .values({
      name: `Certificate ${id.slice(0, 8)}`,
      description: null,
      authority: null,
      image_url: null,
      sort_order: 0,
      certificate_number: null,
      valid_from: null,
      valid_until: null,
      verify_url: null,
      created_at: now,
      updated_at: now,
      ...values,
      id,
    })
    .execute();
  return id;
}

/**
 * Inserts one line of a quote request: the first, 25 MT of a product that is not in the catalogue, no grade or
 * packaging, unless `values` say otherwise. Returns its id.
 */
export async function insertInquiryLine(
  db: Db,
  values: Partial<Insertable<InquiryLinesTable>> & { inquiry_id: string },
): Promise<string> {
  const id = values.id ?? newId();
  await db
    .insertInto("inquiry_lines")
    .values({
      position: 0,
      product_id: null,
      product_name: "Product",
      quantity: "25",
      unit: "MT",
      grade: null,
      packaging: null,
      ...values,
      id,
    })
    .execute();
  return id;
}

/** Stores a product's demand count of one day (today, one view from an unknown country, unless said). */
export async function insertDemandDay(
  db: Db,
  values: Partial<Insertable<DemandDailyTable>> & { product_id: string },
): Promise<void> {
  await db
    .insertInto("demand_daily")
    .values({ day: utcDate(Date.now()), country: "", event: "view", count: 1, ...values })
    .execute();
}
