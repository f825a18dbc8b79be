import { Link } from "react-router";
import { EmptyState, PageHeader } from "~/components/site/page-header";
import { FallbackImage } from "~/components/site/fallback-image";
import { PageErrorBoundary } from "~/components/site/page-error-boundary";
import { AddToQuote } from "~/components/site/quote-list";
import { siteData } from "~/components/site/site-data";
import { buttonClass } from "~/components/ui/button";
import { COMPARE_MAX, comparePath, parseCompareIds } from "~/features/catalogue/compare-ids";
import { compareProducts } from "~/features/translations/compare.server";
import { wordingOf } from "~/features/i18n/catalogues.server";
import { useI18n } from "~/features/i18n/i18n-context";
import { metaWording } from "~/features/i18n/wording";
import { pageMeta } from "~/features/seo/seo";
import { COMPANY_NAME } from "~/features/settings/settings.schema";
import { languageOfPath } from "~/lib/i18n/languages";
import { utcDate } from "~/lib/time";
import { getServices } from "~/services.server";
import type { Route } from "./+types/compare";

/**
 * /compare?products=<id>,<id>… in every language (issue 43): up to four public products side by side. Never from the
 * page cache (app/features/page-cache/policy.server.ts): any four of the catalogue's ids, in any order, would each
 * be a copy. Never indexed.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, storage, now } = getServices(context);
  const url = new URL(request.url);
  const lang = languageOfPath(url.pathname);
  const requested = parseCompareIds(url.searchParams.get("products"));
  return compareProducts(db, storage, lang, requested, { today: utcDate(now()), wording: wordingOf(lang) });
}

export function meta({ matches }: Route.MetaArgs) {
  const { origin } = siteData(matches);
  const { t } = metaWording(matches);
  const tags = pageMeta(
    {
      title: t("compare.title", { company: COMPANY_NAME }),
      description: t("compare.description", { company: COMPANY_NAME }),
      path: "/compare",
      origin,
    },
    matches,
  );
  // A comparison is for the visitor who chose it: one copy per choice of products is nothing for a search engine.
  return [...tags, { name: "robots", content: "noindex, follow" }];
}

/** On paper: the table alone, without the site's header, footer and floating buttons. */
const PRINT_CSS = "@media print{header,footer,.fixed,[data-compare-bar]{display:none!important}}";

export default function ComparePage({ loaderData }: Route.ComponentProps) {
  const { products, rows, more, others } = loaderData;
  const { t, path } = useI18n();
  const ids = products.map((p) => p.id);
  const allRows = [...(rows.price ? [rows.price] : []), ...rows.specifications, ...rows.trade];
  // The corner and each row's label stay put at the inline-start edge while a phone scrolls the products under them.
  const pinned =
    "sticky start-0 z-10 bg-white px-3 py-3 text-start align-top font-medium text-slate-600 shadow-[1px_0_0_theme(colors.slate.200)] rtl:shadow-[-1px_0_0_theme(colors.slate.200)] print:static print:shadow-none";
  return (
    <>
      <style>{PRINT_CSS}</style>
      <PageHeader title={t("compare.name")}>
        <p>{t("compare.intro", { max: COMPARE_MAX })}</p>
      </PageHeader>
      <section className="container-page py-10 sm:py-14 print:py-0" data-compare-list={ids.join(",")}>
        {products.length === 0 ? (
          <EmptyState title={t("compare.empty.title")}>
            <p>{t("compare.empty.text")}</p>
            <Link to={path("/our-products")} className={buttonClass({ variant: "primary" }, "mt-5")}>
              {t("compare.empty.link")}
            </Link>
          </EmptyState>
        ) : (
          <>
            {more ? (
              <p role="status" className="mb-6 rounded-lg bg-amber-50 px-4 py-3 text-amber-900 ring-1 ring-amber-200">
                {t("compare.more", { max: COMPARE_MAX })}
              </p>
            ) : null}
            <p className="mb-4 text-sm text-muted">
              <span aria-hidden className="me-1 font-bold text-accent-700">
                ≠
              </span>
              {t("compare.legend")}
            </p>
            <div className="relative -mx-4 overflow-x-auto sm:mx-0 print:mx-0 print:overflow-visible">
              <table className="w-full min-w-max border-separate border-spacing-0 text-sm ring-1 ring-slate-200 sm:rounded-xl print:min-w-0 print:text-xs">
                <caption className="sr-only">{t("compare.caption")}</caption>
                <thead>
                  <tr>
                    <td className={`${pinned} w-28 sm:w-44`} />
                    {products.map((product, i) => (
                      <th
                        key={product.id}
                        scope="col"
                        className="w-44 border-s border-slate-200 px-3 py-3 text-start align-top font-normal sm:w-60 print:w-auto"
                        data-testid="compare-product"
                      >
                        <FallbackImage
                          src={product.image?.src ?? null}
                          srcSet={product.image?.srcSet}
                          sizes="240px"
                          alt={product.image?.alt ?? product.name}
                          width={480}
                          height={360}
                          loading={i === 0 ? "eager" : "lazy"}
                          className="aspect-[4/3] w-full rounded-lg object-cover print:w-24"
                        />
                        <Link
                          to={path(product.path)}
                          className="mt-3 block text-base font-semibold text-brand-900 hover:text-brand-700 hover:underline"
                        >
                          {product.name}
                        </Link>
                        <span className="mt-1 block text-muted">{product.category.name}</span>
                        <span className="mt-3 flex flex-col gap-2 print:hidden">
                          <AddToQuote productId={product.id} productName={product.name} size="sm" />
                          <a
                            href={path(comparePath(ids.filter((id) => id !== product.id)))}
                            className="self-start text-sm font-semibold text-red-700 hover:underline"
                            data-testid="compare-remove"
                          >
                            {t("compare.remove")}
                            <span className="sr-only">: {product.name}</span>
                          </a>
                        </span>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {allRows.map((row) => (
                    <tr key={row.key} data-row={row.key} data-differs={row.differs ? "" : undefined}>
                      <th scope="row" className={`${pinned} border-t border-slate-200`}>
                        <span className="flex items-start gap-1">
                          <span dir="auto">{row.label}</span>
                          {row.differs ? (
                            <span className="ms-auto font-bold text-accent-700" data-testid="differs">
                              <span aria-hidden>≠</span>
                              <span className="sr-only">({t("compare.differs")})</span>
                            </span>
                          ) : null}
                        </span>
                      </th>
                      {row.values.map((value, i) => (
                        <td
                          key={ids[i]}
                          className={`border-s border-t border-slate-200 px-3 py-3 text-start align-top text-ink ${
                            row.differs ? "bg-accent-400/10 print:bg-transparent" : ""
                          }`}
                        >
                          {/* Each value its own direction, the column aligned as the page reads. */}
                          {value !== null ? (
                            <span dir="auto">{value}</span>
                          ) : (
                            <span className="text-muted">
                              <span aria-hidden>—</span>
                              <span className="sr-only">{t("compare.none")}</span>
                            </span>
                          )}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {others.length ? (
              // Without JavaScript too: each choice is the whole new address's list, so the form sends one parameter.
              <form method="get" action={path("/compare")} className="mt-8 flex flex-wrap items-end gap-3 print:hidden">
                <label className="flex flex-col gap-1 text-sm font-medium text-brand-900">
                  {t("compare.add.label")}
                  <select
                    name="products"
                    className="min-w-64 rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-ink"
                    data-testid="compare-add"
                  >
                    {others.map((other) => (
                      <option key={other.id} value={[...ids, other.id].join(",")}>
                        {other.name}
                      </option>
                    ))}
                  </select>
                </label>
                <button type="submit" className={buttonClass({ variant: "outline" })}>
                  {t("compare.add.submit")}
                </button>
              </form>
            ) : null}
            <p className="mt-6 print:hidden">
              <Link to={path("/our-products")} className="font-semibold text-brand-700 hover:underline">
                {t("compare.empty.link")}
              </Link>
            </p>
          </>
        )}
      </section>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
