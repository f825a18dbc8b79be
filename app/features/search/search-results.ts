// What a site search answers (app/features/search/search.server.ts), as the results page renders it: each hit in the
// page's language (a product found by its Arabic name is shown in English on /search), with the fields its card shows.
import type { Picture } from "~/features/images/images.server";

/** Results on one page of /search. */
export const RESULTS_PER_PAGE = 20;

/**
 * The most results a search ranks and pages through (50 pages), as Meilisearch's `maxTotalHits` does: past it the
 * page says "more than 1,000" and a further word narrows them (ADR 0060).
 */
export const MAX_RESULTS = 1_000;

/** The longest query read (characters, after trimming) and the most words searched: the rest is ignored. */
export const MAX_QUERY_CHARS = 100;
export const MAX_QUERY_WORDS = 8;

/** A product, as a category page's card shows it (picture, name, summary, minimum order). */
export interface ProductHit {
  kind: "product";
  id: string;
  name: string;
  slug: string;
  categorySlug: string;
  summary: string;
  minimumOrder: string | null;
  image: Picture | null;
  /** The fields shown in English for want of a translation (`inEnglish` of app/features/translations/fallback.ts). */
  inEnglish: string[];
}

export interface CategoryHit {
  kind: "category";
  id: string;
  name: string;
  slug: string;
  description: string | null;
  image: Picture | null;
  inEnglish: string[];
}

export interface PostHit {
  kind: "post";
  id: string;
  title: string;
  slug: string;
  excerpt: string | null;
  image: Picture | null;
  publishedAt: string | null;
  inEnglish: string[];
}

export type SearchHit = ProductHit | CategoryHit | PostHit;

export interface SearchPage {
  /** The query as searched: trimmed, cut at MAX_QUERY_CHARS ('' when none was given). */
  query: string;
  hits: SearchHit[];
  /** The public matches, on all pages: at most MAX_RESULTS. */
  total: number;
  /** Whether more than MAX_RESULTS match (and only the first are ranked and shown). */
  more: boolean;
  page: number;
  pageCount: number;
}
