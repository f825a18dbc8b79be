import { ChevronLeft, ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { useI18n } from "~/features/i18n/i18n-context";
import { formatNumber } from "~/lib/i18n/numbers";
import { pageHref, pageLinkItems, type PageLinkItem } from "~/lib/web/pagination";

const numberClass = "inline-flex h-10 min-w-10 items-center justify-center rounded-md px-2 text-sm font-semibold";

// A 360 px phone has room for Previous and Next as icons and five numbers between them; the rest shows from `sm`.
function visibility(item: PageLinkItem) {
  const onDesktop = item.kind === "page" || item.onDesktop;
  if (item.onPhone) return onDesktop ? "flex" : "flex sm:hidden";
  return "hidden sm:flex";
}

/** Previous or Next: a link, or the same button dimmed on the first or last page so the row keeps its place. */
function Step({ to, rel, children }: { to: string | null; rel: "prev" | "next"; children: ReactNode }) {
  const className = buttonClass({ variant: "outline", size: "sm" }, "h-10");
  return to ? (
    <Link to={to} rel={rel} className={className}>
      {children}
    </Link>
  ) : (
    <span aria-disabled="true" className={`${className} pointer-events-none opacity-40`}>
      {children}
    </span>
  );
}

/**
 * Previous / Next and numbered links between the pages of a public list: plain links, so crawlers follow them and
 * they work without JavaScript. Nothing for a single page.
 */
export function PageLinks({ path, page, pageCount }: { path: string; page: number; pageCount: number }) {
  const { t, lang } = useI18n();
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={t("pages.nav")} className="mt-12 flex flex-col items-center gap-3">
      <div className="flex items-center gap-2">
        <Step to={page > 1 ? pageHref(path, page - 1) : null} rel="prev">
          <ChevronLeft className="size-4 rtl:rotate-180" aria-hidden />
          <span className="sr-only sm:not-sr-only">{t("pages.previous")}</span>
        </Step>
        <ol className="flex items-center gap-1">
          {pageLinkItems(page, pageCount).map((item) =>
            item.kind === "gap" ? (
              <li key={item.key} aria-hidden className={`${visibility(item)} w-6 justify-center text-muted`}>
                …
              </li>
            ) : (
              <li key={item.page} className={visibility(item)}>
                {item.page === page ? (
                  <span aria-current="page" className={`${numberClass} bg-brand-700 text-white`}>
                    <span className="sr-only">{`${t("pages.pagePrefix")} `}</span>
                    {formatNumber(item.page, lang)}
                  </span>
                ) : (
                  <Link
                    to={pageHref(path, item.page)}
                    className={`${numberClass} text-brand-800 ring-1 ring-slate-200 ring-inset hover:bg-brand-50`}
                  >
                    <span className="sr-only">{`${t("pages.pagePrefix")} `}</span>
                    {formatNumber(item.page, lang)}
                  </Link>
                )}
              </li>
            ),
          )}
        </ol>
        <Step to={page < pageCount ? pageHref(path, page + 1) : null} rel="next">
          <span className="sr-only sm:not-sr-only">{t("pages.next")}</span>
          <ChevronRight className="size-4 rtl:rotate-180" aria-hidden />
        </Step>
      </div>
      <p className="text-sm text-muted">{t("pages.pageOf", { page, count: pageCount })}</p>
    </nav>
  );
}
