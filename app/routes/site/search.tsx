import { data } from "react-router";
import { CategoryCard } from "~/components/site/category-card";
import { PageErrorBoundary } from "~/components/site/page-error-boundary";
import { PageHeader } from "~/components/site/page-header";
import { PageLinks } from "~/components/site/page-links";
import { PostCard } from "~/components/site/post-card";
import { ProductCard } from "~/components/site/product-card";
import { SearchBox } from "~/components/site/search-box";
import { siteData } from "~/components/site/site-data";
import { formatShortDate } from "~/features/blog/dates";
import { listCategories } from "~/features/catalogue/categories.server";
import { wordingOf } from "~/features/i18n/catalogues.server";
import { useI18n } from "~/features/i18n/i18n-context";
import { metaWording } from "~/features/i18n/wording";
import { searchSite } from "~/features/search/search.server";
import { admitSearch } from "~/features/search/search-throttle.server";
import { pageMeta } from "~/features/seo/seo";
import { COMPANY_NAME } from "~/features/settings/settings.schema";
import { localizeCategories } from "~/features/translations/catalogue.server";
import { inEnglish as english } from "~/features/translations/fallback";
import { languageOfPath } from "~/lib/i18n/languages";
import { requestedPage } from "~/lib/web/pagination.server";
import { categoryPath, postPath, productPath } from "~/lib/web/public-paths";
import { getServices } from "~/services.server";
import type { Route } from "./+types/search";

/**
 * /search?q=… in every language (issue 43). Never from the page cache (its policy keeps `/search` out, so no query
 * enters the cache's key space); each search an address makes is counted, and past the limit the page says when to
 * try again, with 429 and Retry-After. Without a query it is the form alone, and nothing is counted.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, storage, clientIp } = getServices(context);
  const url = new URL(request.url);
  const lang = languageOfPath(url.pathname);
  const wording = wordingOf(lang);
  const given = url.searchParams.get("q") ?? "";
  const page = requestedPage(request);
  if (!given.trim()) return { query: "", results: null, suggestions: null, tooMany: null };

  const admitted = await admitSearch(db, clientIp);
  if (!admitted.allowed) {
    const tooMany = { minutes: Math.ceil(admitted.retryAfter / 60) };
    return data(
      { query: given.trim(), results: null, suggestions: null, tooMany },
      { status: 429, headers: { "Retry-After": String(admitted.retryAfter) } },
    );
  }

  const found = await searchSite(db, storage, { query: given, lang, page, wording });
  // Past the last page is a 404, as a category's is: a page of results has one address, and a crawler or an old
  // link learns it is gone rather than being shown page 1 under another address.
  if (found.total > 0 && page > found.pageCount) {
    throw data(wording.t("search.pageMissing", { query: found.query, count: found.pageCount }), { status: 404 });
  }
  const hits = found.hits.map((hit) =>
    hit.kind === "post"
      ? {
          ...hit,
          excerpt: hit.excerpt?.trim() || wording.t("blog.excerptFallback"),
          date: formatShortDate(hit.publishedAt, lang) || null,
        }
      : hit,
  );
  // Nothing found: the public categories, in the page's language, as places to go on from.
  const suggestions = found.total === 0 ? await localizeCategories(db, lang, await listCategories(db)) : null;
  return {
    query: found.query,
    results: { hits, total: found.total, more: found.more, page: found.page, pageCount: found.pageCount },
    suggestions: suggestions?.map(({ id, name, slug, inEnglish }) => ({ id, name, slug, inEnglish })) ?? null,
    tooMany: null,
  };
}

export const headers = ({ loaderHeaders }: Route.HeadersArgs) => loaderHeaders;

export function meta({ matches }: Route.MetaArgs) {
  const { origin } = siteData(matches);
  const { t } = metaWording(matches);
  const tags = pageMeta(
    {
      title: t("search.title", { company: COMPANY_NAME }),
      description: t("search.description", { company: COMPANY_NAME }),
      path: "/search",
      origin,
    },
    matches,
  );
  // Result pages are for visitors: a search engine indexing them would file one copy per query (issue 43).
  return [...tags, { name: "robots", content: "noindex, follow" }];
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, results, suggestions, tooMany } = loaderData;
  const { t, path } = useI18n();
  return (
    <>
      <PageHeader title={t("search.name")}>
        <p>{t("search.intro")}</p>
        <SearchBox look="page" query={query} className="mt-6" />
      </PageHeader>
      {/* Without a query the page is the form alone: no empty section below it. */}
      {tooMany || results ? (
        <section className="container-page py-12 sm:py-16">
          {tooMany ? (
            <div
              role="alert"
              className="mx-auto max-w-xl rounded-xl border border-amber-300 bg-amber-50 px-6 py-8 text-center"
            >
              <h2 className="text-lg font-semibold text-amber-900">{t("search.tooMany.title")}</h2>
              <p className="mt-2 text-amber-900">{t("search.tooMany.message", { count: tooMany.minutes })}</p>
            </div>
          ) : results && results.total > 0 ? (
            <>
              <p role="status" className="mb-8 text-lg font-semibold text-brand-900">
                {t(results.more ? "search.resultsMore" : "search.results", { count: results.total, query })}
              </p>
              <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {results.hits.map((hit, i) =>
                  hit.kind === "product" ? (
                    <ProductCard
                      key={`product:${hit.id}`}
                      product={hit}
                      href={path(productPath(hit.categorySlug, hit.slug))}
                      first={i === 0}
                    />
                  ) : hit.kind === "category" ? (
                    <CategoryCard
                      key={`category:${hit.id}`}
                      category={hit}
                      href={path(categoryPath(hit.slug))}
                      first={i === 0}
                    />
                  ) : (
                    <PostCard key={`post:${hit.id}`} post={hit} href={path(postPath(hit.slug))} first={i === 0} />
                  ),
                )}
              </ul>
              <PageLinks
                path={path(`/search?q=${encodeURIComponent(query)}`)}
                page={results.page}
                pageCount={results.pageCount}
              />
            </>
          ) : results ? (
            <div className="mx-auto max-w-2xl text-center">
              <h2 role="status" className="text-2xl font-semibold text-brand-900">
                {t("search.noResults", { query })}
              </h2>
              {suggestions?.length ? (
                <>
                  <p className="mt-3 text-muted">{t("search.noResultsHint")}</p>
                  <ul className="mt-6 flex flex-wrap justify-center gap-3">
                    {suggestions.map((category) => (
                      <li key={category.id}>
                        <a
                          href={path(categoryPath(category.slug))}
                          {...english(category.inEnglish, "name")}
                          className="inline-flex rounded-full bg-brand-50 px-4 py-2 font-medium text-brand-800 ring-1 ring-brand-200 hover:bg-brand-100"
                        >
                          {category.name}
                        </a>
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
            </div>
          ) : null}
        </section>
      ) : null}
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
