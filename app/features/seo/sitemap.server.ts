import type { Db } from "~/db/database.server";
import { listPublishedPosts } from "~/features/blog/blog.server";
import { listCategories } from "~/features/catalogue/categories.server";
import { escapeXml } from "~/lib/xml";
import { pageTag, type PageTag } from "~/lib/web/page-tags";

/** Where a sitemap answer declares what it shows (`AppServices.shows`). */
type Shows = (...tags: PageTag[]) => void;

/** A pages file: the categories, the posts, and the newest product change (the static pages' lastmod). */
const PAGE_FILE_SHOWS = [pageTag.categoryList, pageTag.blogList, pageTag.catalogue];

/** Rows read from the database at a time while one product file is written. */
const PRODUCT_ROWS_PER_QUERY = 5_000;

const STATIC_PATHS = [
  "/",
  "/about-us",
  "/our-products",
  "/certificates-memberships",
  "/gallery",
  "/blog",
  "/contact-us",
];

export interface SitemapEntry {
  path: string;
  /** ISO-8601 time of the last change. */
  lastmod: string;
}

export interface SitemapFile {
  /** As in `/sitemaps/{name}.xml`, e.g. `products-2`. */
  name: string;
  lastmod: string;
}

const newest = (times: string[]) => times.reduce((a, b) => (b > a ? b : a), "");

/**
 * Static pages, categories and published posts: a company has tens of these, so they are read whole. Static pages
 * change with whatever changed last.
 */
async function listPageEntries(db: Db): Promise<SitemapEntry[]> {
  const [categories, posts, products] = await Promise.all([
    listCategories(db),
    listPublishedPosts(db),
    db
      .selectFrom("products")
      .select((eb) => eb.fn.max("updated_at").as("lastmod"))
      .executeTakeFirst(),
  ]);
  const lastChange =
    newest([...categories, ...posts].map((r) => r.updated_at).concat(products?.lastmod ?? [])) ||
    new Date().toISOString();
  return [
    ...STATIC_PATHS.map((path) => ({ path, lastmod: lastChange })),
    ...categories.map((c) => ({ path: `/products/${c.slug}`, lastmod: c.updated_at })),
    ...posts.map((p) => ({ path: `/blog/${p.slug}`, lastmod: p.updated_at })),
  ];
}

// Products in primary-key order: the offset of file n walks the key's index, and no product sorts between files.
const productPaths = (db: Db) =>
  db
    .selectFrom("products")
    .innerJoin("product_categories", "product_categories.id", "products.category_id")
    .select(["products.slug", "product_categories.slug as category_slug", "products.updated_at"])
    .orderBy("products.id");

async function countProducts(db: Db) {
  const row = await db
    .selectFrom("products")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Newest change among the products of file `index` (from 0): only their `updated_at` leaves the database. */
async function productFileLastmod(db: Db, index: number, maxUrls: number) {
  const row = await db
    .selectFrom((eb) =>
      eb
        .selectFrom("products")
        .select("updated_at")
        .orderBy("id")
        .limit(maxUrls)
        .offset(index * maxUrls)
        .as("file"),
    )
    .select((eb) => eb.fn.max("updated_at").as("lastmod"))
    .executeTakeFirst();
  return row?.lastmod ?? new Date().toISOString();
}

/** The files the sitemap index lists: the pages, then the products, each split at `maxUrls`. */
export async function listSitemapFiles(db: Db, maxUrls: number, shows: Shows): Promise<SitemapFile[]> {
  shows(...PAGE_FILE_SHOWS);
  const [pages, productCount] = await Promise.all([listPageEntries(db), countProducts(db)]);
  const files: SitemapFile[] = [];
  for (let i = 0; i * maxUrls < pages.length; i++) {
    const slice = pages.slice(i * maxUrls, (i + 1) * maxUrls);
    files.push({ name: `pages-${i + 1}`, lastmod: newest(slice.map((e) => e.lastmod)) });
  }
  for (let i = 0; i * maxUrls < productCount; i++) {
    files.push({ name: `products-${i + 1}`, lastmod: await productFileLastmod(db, i, maxUrls) });
  }
  return files;
}

/** The URLs of one file of the index, or null when there is no such file. */
export async function readSitemapFile(
  db: Db,
  name: string,
  maxUrls: number,
  shows: Shows,
): Promise<SitemapEntry[] | null> {
  const match = /^(pages|products)-([1-9]\d{0,5})$/.exec(name);
  if (!match) return null;
  // A products file: every product's and its category's slug.
  shows(...(match[1] === "pages" ? PAGE_FILE_SHOWS : [pageTag.catalogue]));
  const offset = (Number(match[2]) - 1) * maxUrls;
  if (match[1] === "pages") {
    const entries = (await listPageEntries(db)).slice(offset, offset + maxUrls);
    return entries.length ? entries : null;
  }
  // Up to 50,000 products: read a few thousand small rows at a time rather than one result of them all.
  const entries: SitemapEntry[] = [];
  for (let read = 0; read < maxUrls; read += PRODUCT_ROWS_PER_QUERY) {
    const limit = Math.min(PRODUCT_ROWS_PER_QUERY, maxUrls - read);
    const rows = await productPaths(db)
      .limit(limit)
      .offset(offset + read)
      .execute();
    for (const p of rows) entries.push({ path: `/products/${p.category_slug}/${p.slug}`, lastmod: p.updated_at });
    if (rows.length < limit) break;
  }
  return entries.length ? entries : null;
}

const location = (origin: string, path: string) =>
  escapeXml(origin + path.split("/").map(encodeURIComponent).join("/"));

export function sitemapIndexXml(origin: string, files: SitemapFile[]) {
  const items = files.map(
    (f) =>
      `  <sitemap><loc>${location(origin, `/sitemaps/${f.name}.xml`)}</loc><lastmod>${f.lastmod.slice(0, 10)}</lastmod></sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${items.join("\n")}
</sitemapindex>
`;
}

export function urlsetXml(origin: string, entries: SitemapEntry[]) {
  const items = entries.map(
    (e) => `  <url><loc>${location(origin, e.path)}</loc><lastmod>${e.lastmod.slice(0, 10)}</lastmod></url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${items.join("\n")}
</urlset>
`;
}

export const sitemapResponse = (xml: string) =>
  new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
