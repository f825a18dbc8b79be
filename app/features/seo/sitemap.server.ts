import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import { enabledLanguages } from "~/features/i18n/enabled-languages.server";
import { MAIN_FIELDS } from "~/features/translations/main-fields";
import type { LanguageVersion } from "~/lib/i18n/alternates";
import {
  DEFAULT_LANGUAGE,
  type Language,
  LANGUAGE_PREFIX_PATTERN,
  localePath,
  type ShippedLanguage,
} from "~/lib/i18n/languages";
import { hasFields, slugIn, translationStates } from "./sitemap-versions.server";
import { listPublishedPosts } from "~/features/blog/blog.server";
import { listCategories } from "~/features/catalogue/categories.server";
import { escapeXml } from "~/lib/xml";
import { pageTag, type PageTag } from "~/lib/web/page-tags";
import { productPublished, publicProduct } from "~/features/publishing/visibility.server";
import { categoryPath, productPath, postPath } from "~/lib/web/public-paths";

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
  /** Every available version of the URL, itself included (`xhtml:link` alternates), when there is more than one. */
  versions?: LanguageVersion[];
}

export interface SitemapFile {
  /** As in `/sitemaps/{name}.xml`, e.g. `products-2`, `products-ar-2`. */
  name: string;
  lastmod: string;
}

const newest = (times: string[]) => times.reduce((a, b) => (b > a ? b : a), "");

/** A page's versions: English's and each enabled language's where it is available (its main text translated). */
const versionsOf = (
  englishPath: string,
  languages: readonly ShippedLanguage[],
  pathIn: (lang: ShippedLanguage) => string | null,
) => [
  { lang: DEFAULT_LANGUAGE as Language, path: englishPath },
  ...languages.flatMap((lang) => {
    const path = pathIn(lang);
    return path === null ? [] : [{ lang: lang as Language, path: localePath(lang, path) }];
  }),
];

/** A language's entries of a list of URLs with their versions: those available in it, at its own address. */
function entriesIn(lang: Language, items: Array<{ lastmod: string; versions: LanguageVersion[] }>): SitemapEntry[] {
  return items.flatMap(({ lastmod, versions }) => {
    const own = versions.find((version) => version.lang === lang);
    return own ? [{ path: own.path, lastmod, ...(versions.length > 1 ? { versions } : {}) }] : [];
  });
}

/**
 * Static pages, categories and published posts: a company has tens of these, so they are read whole. Static pages
 * change with whatever changed last. A category is available in a language with its name translated, a post with
 * its title and text (the registry's main fields); the static pages' interface texts are complete in every enabled
 * language.
 */
async function listPageEntries(db: Db, lang: Language, languages: readonly ShippedLanguage[]): Promise<SitemapEntry[]> {
  const [categories, posts, products] = await Promise.all([
    listCategories(db),
    listPublishedPosts(db),
    db
      .selectFrom("products")
      .select((eb) => eb.fn.max("updated_at").as("lastmod"))
      .where(productPublished)
      .executeTakeFirst(),
  ]);
  const [categoryStates, postStates] = await Promise.all([
    translationStates(
      db,
      "category",
      CATEGORY_MAIN,
      languages,
      categories.map((c) => c.id),
    ),
    translationStates(
      db,
      "blog_post",
      POST_MAIN,
      languages,
      posts.map((p) => p.id),
    ),
  ]);
  const lastChange =
    newest([...categories, ...posts].map((r) => r.updated_at).concat(products?.lastmod ?? [])) ||
    new Date().toISOString();
  return entriesIn(lang, [
    ...STATIC_PATHS.map((path) => ({ lastmod: lastChange, versions: versionsOf(path, languages, () => path) })),
    ...categories.map((c) => ({
      lastmod: c.updated_at,
      versions: versionsOf(categoryPath(c.slug), languages, (l) =>
        hasFields(categoryStates, c.id, l, CATEGORY_MAIN)
          ? categoryPath(slugIn(categoryStates, c.id, l, c.slug))
          : null,
      ),
    })),
    ...posts.map((p) => ({
      lastmod: p.updated_at,
      versions: versionsOf(postPath(p.slug), languages, (l) =>
        hasFields(postStates, p.id, l, POST_MAIN) ? postPath(slugIn(postStates, p.id, l, p.slug)) : null,
      ),
    })),
  ]);
}

const CATEGORY_MAIN = MAIN_FIELDS.category;
const POST_MAIN = MAIN_FIELDS.blog_post;
const PRODUCT_MAIN = MAIN_FIELDS.product;

// Live products (ADR 0033: no draft, none of a draft category) in primary-key order: the offset of file n walks the
// key's index, and no product sorts between files.
const liveProducts = (db: Db) =>
  db
    .selectFrom("products")
    .innerJoin("product_categories", "product_categories.id", "products.category_id")
    .where(publicProduct);

const productPaths = (db: Db) =>
  liveProducts(db)
    .select([
      "products.id",
      "products.slug",
      "products.category_id",
      "product_categories.slug as category_slug",
      "products.updated_at",
      // A product without an English description needs none translated to be available.
      sql<number>`case when products.description is null or products.description = '' then 0 else 1 end`.as(
        "has_description",
      ),
    ])
    .orderBy("products.id");

async function countProducts(db: Db) {
  const row = await liveProducts(db)
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Each product file's newest change, in file order: one pass over the live products in key order, numbered and
 * grouped by file, where a query per file walked past every product of the files before it (issue 42: the index of
 * 100,000 products read 250,000 rows). Only the number and `updated_at` of each row are read.
 */
async function productFileLastmods(db: Db, maxUrls: number): Promise<string[]> {
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom("products")
        .innerJoin("product_categories", "product_categories.id", "products.category_id")
        .where(publicProduct)
        .select([
          "products.updated_at",
          sql<number>`(row_number() over (order by ${sql.ref("products.id")}) - 1) / ${sql.lit(maxUrls)}`.as("file"),
        ])
        .as("numbered"),
    )
    .select(["file", (eb) => eb.fn.max("updated_at").as("lastmod")])
    .groupBy("file")
    .orderBy("file")
    .execute();
  return rows.map((row) => row.lastmod);
}

/** A file's name: English's as before (`pages-1`), another language's with its code (`pages-ar-1`). */
const fileName = (kind: "pages" | "products", lang: Language, n: number) =>
  lang === DEFAULT_LANGUAGE ? `${kind}-${n}` : `${kind}-${lang}-${n}`;

const FILE_NAME = new RegExp(`^(pages|products)(?:-(${LANGUAGE_PREFIX_PATTERN}))?-([1-9]\\d{0,5})$`);

/**
 * The files the sitemap index lists: for English then each enabled language, the pages, then the products, each
 * split at `maxUrls`. A language's product files follow English's (the same products, those available in it).
 */
export async function listSitemapFiles(db: Db, maxUrls: number, shows: Shows): Promise<SitemapFile[]> {
  const languages = await enabledLanguages(db);
  // A translation's save drops what its item's English save drops (ADR 0030); enabling a language drops every page.
  shows(...PAGE_FILE_SHOWS);
  const productLastmods = await productFileLastmods(db, maxUrls);
  const files: SitemapFile[] = [];
  const all: Language[] = [DEFAULT_LANGUAGE, ...languages];
  for (const lang of all) {
    const pages = await listPageEntries(db, lang, languages);
    for (let i = 0; i * maxUrls < pages.length; i++) {
      const slice = pages.slice(i * maxUrls, (i + 1) * maxUrls);
      files.push({ name: fileName("pages", lang, i + 1), lastmod: newest(slice.map((e) => e.lastmod)) });
    }
    productLastmods.forEach((lastmod, i) => files.push({ name: fileName("products", lang, i + 1), lastmod }));
  }
  return files;
}

/** The URLs of one file of the index, or null when there is no such file. */
export async function readSitemapFile(
  db: Db,
  name: string,
  maxUrls: number,
  shows: Shows,
  rowsPerQuery = PRODUCT_ROWS_PER_QUERY,
): Promise<SitemapEntry[] | null> {
  const match = FILE_NAME.exec(name);
  if (!match) return null;
  const lang = (match[2] ?? DEFAULT_LANGUAGE) as Language;
  const languages = await enabledLanguages(db);
  if (lang !== DEFAULT_LANGUAGE && !languages.includes(lang as ShippedLanguage)) return null;
  // A products file: every product's and its category's slug, in its language.
  shows(...(match[1] === "pages" ? PAGE_FILE_SHOWS : [pageTag.catalogue]));
  const offset = (Number(match[3]) - 1) * maxUrls;
  if (match[1] === "pages") {
    const entries = (await listPageEntries(db, lang, languages)).slice(offset, offset + maxUrls);
    return entries.length ? entries : null;
  }
  const categoryStates = languages.length
    ? await translationStates(
        db,
        "category",
        ["slug"],
        languages,
        (await listCategories(db)).map((c) => c.id),
      )
    : new Map();
  // Up to 50,000 products: read a few thousand small rows at a time rather than one result of them all.
  const entries: SitemapEntry[] = [];
  let read = 0;
  // The file's first row is found by its offset; each further piece starts after the last id read, not at an offset
  // that walks the file's start again (issue 42).
  let lastId: string | undefined;
  for (; read < maxUrls; read += rowsPerQuery) {
    const limit = Math.min(rowsPerQuery, maxUrls - read);
    const rows = await (
      lastId === undefined ? productPaths(db).offset(offset) : productPaths(db).where("products.id", ">", lastId)
    )
      .limit(limit)
      .execute();
    lastId = rows.at(-1)?.id;
    const states = await translationStates(
      db,
      "product",
      PRODUCT_MAIN,
      languages,
      rows.map((p) => p.id),
    );
    const items = rows.map((p) => ({
      lastmod: p.updated_at,
      versions: versionsOf(productPath(p.category_slug, p.slug), languages, (l) => {
        const main = Number(p.has_description) ? PRODUCT_MAIN : PRODUCT_MAIN.filter((f) => f !== "description");
        if (!hasFields(states, p.id, l, main)) return null;
        return productPath(slugIn(categoryStates, p.category_id, l, p.category_slug), slugIn(states, p.id, l, p.slug));
      }),
    }));
    entries.push(...entriesIn(lang, items));
    if (rows.length < limit) {
      read += rows.length;
      break;
    }
  }
  // A language's file may hold none of its products (none translated yet): still a valid, empty file while the
  // index lists it. English's files end where the products do.
  if (lang !== DEFAULT_LANGUAGE) return offset < (await countProducts(db)) ? entries : null;
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

/** An `xhtml:link` for each version of a URL and `x-default` (English), so every version names the others. */
function alternateLinks(origin: string, versions: LanguageVersion[] | undefined) {
  if (!versions) return "";
  const english = versions.find((version) => version.lang === DEFAULT_LANGUAGE);
  return [...versions, ...(english ? [{ lang: "x-default", path: english.path }] : [])]
    .map((v) => `<xhtml:link rel="alternate" hreflang="${v.lang}" href="${location(origin, v.path)}"/>`)
    .join("");
}

export function urlsetXml(origin: string, entries: SitemapEntry[]) {
  const items = entries.map(
    (e) =>
      `  <url><loc>${location(origin, e.path)}</loc><lastmod>${e.lastmod.slice(0, 10)}</lastmod>${alternateLinks(origin, e.versions)}</url>`,
  );
  // The xhtml namespace only where there are alternates: a site in English alone keeps today's files.
  const xhtml = entries.some((e) => e.versions) ? ' xmlns:xhtml="http://www.w3.org/1999/xhtml"' : "";
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${xhtml}>
${items.join("\n")}
</urlset>
`;
}

export const sitemapResponse = (xml: string) =>
  new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
