import { ArrowLeft, Check, Star } from "lucide-react";
import { data, Link, useMatches } from "react-router";
import { productChatMessage } from "~/components/site/chat-button";
import { CompareLink } from "~/components/site/compare-link";
import { FallbackImage } from "~/components/site/fallback-image";
import { PageErrorBoundary } from "~/components/site/page-error-boundary";
import { PdfLink } from "~/components/site/pdf-link";
import { ConvertedPrice } from "~/components/site/currency-price";
import { ActionBar, FirstActions } from "~/components/site/product-actions";
import { ShareLinks } from "~/components/site/share-links";
import { siteData } from "~/components/site/site-data";
import { ButtonLink } from "~/components/ui/button";
import { findProductPage } from "~/features/translations/catalogue.server";
import { isPreview, PREVIEW_PARAM } from "~/features/publishing/preview.server";
import { inEnglish as english, TRADE_FIELD_BY_LABEL } from "~/features/translations/fallback";
import { redirectIfMovedIn, redirectToCanonical } from "~/features/translations/moved.server";
import { languageOfPath } from "~/lib/i18n/languages";
import {
  availabilityStrip,
  indicativePrice,
  minimumOrderText,
  specificationsBesides,
  tradeTermLabel,
  tradeTermRows,
} from "~/features/catalogue/trade-terms/display";
import { formatLongDate } from "~/features/blog/dates";
import { wordingOf } from "~/features/i18n/catalogues.server";
import { useI18n } from "~/features/i18n/i18n-context";
import { metaWording } from "~/features/i18n/wording";
import { absoluteUrl, breadcrumbJsonLd, organizationJsonLd, pageMeta } from "~/features/seo/seo";
import { tradeTermsJsonLd } from "~/features/seo/trade-json-ld";
import { sizedImage } from "~/features/images/image-size.server";
import { picturesWithAlt } from "~/features/images/images.server";
import { categoryPath, productPath } from "~/lib/web/public-paths";
import { COMPANY_NAME } from "~/features/settings/settings.schema";
import { currencyOffer } from "~/features/currency/rates.server";
import { utcDate } from "~/lib/time";
import { pageTag } from "~/lib/web/page-tags";
import { getServices } from "~/services.server";
import type { Route } from "./+types/product";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const url = new URL(request.url);
  const lang = languageOfPath(url.pathname);
  const requested = productPath(params.categorySlug, params.productSlug);
  // A signed preview link shows a draft as it will look (ADR 0033): never kept by any cache, never indexed.
  const preview = url.searchParams.get(PREVIEW_PARAM);
  if (preview !== null) getServices(context).markIncomplete();
  let found = await findProductPage(db, lang, params.categorySlug, params.productSlug, preview !== null);
  if (
    found &&
    !found.live &&
    !(await isPreview(db, "product", found.product.id, preview ?? "", getServices(context).now()))
  )
    found = null;
  if (!found) {
    await redirectIfMovedIn(db, request, lang, requested);
    throw data("Not Found", { status: 404 });
  }
  if (found.live) redirectToCanonical(request, lang, requested, found.canonical);
  const { category, product, inEnglish, available, alternates } = found;
  const { storage, now: clock, shows, answersDemand } = getServices(context);
  shows(pageTag.product(product.id), pageTag.category(category.id));
  // Each time this page (or its data, on a navigation in the browser) is sent, a view of the product (ADR 0040).
  if (found.live) answersDemand("view", product.id);
  const pictureOf = await picturesWithAlt(db, storage, lang, product.images);
  const pictures = product.images.map((url) => pictureOf(url) ?? { src: url });
  const terms = product.tradeTerms;
  const wording = wordingOf(lang);
  const rows = tradeTermRows(terms, wording);
  const now = clock();
  // An expired indicative price is never shown (nor offered to search engines).
  const price = indicativePrice(terms, utcDate(now), wording);
  // The rates to show it in the buyer's currency (issue 43): only those fresh today (UTC, the page cache's day: it
  // drops every page at midnight, when a rate can go stale), and the page is refreshed when a rate is saved.
  if (price) shows(pageTag.exchangeRates);
  const currency = price ? await currencyOffer(db, price.currency, utcDate(now), lang) : null;
  // The layout's chat button carries this message on this page (issue 6).
  return {
    category: { name: category.name, slug: category.slug },
    // A specification that says again what a trade term says (Shelf Life) is shown once, as the trade term: on the
    // page and in its JSON-LD, as in the PDFs.
    product: { ...product, specifications: specificationsBesides(product.specifications, rows, (s) => s.englishKey) },
    inEnglish,
    available,
    alternates,
    pictures,
    ogImage: await sizedImage(storage, product.images[0]),
    trade: {
      rows,
      months: terms.availability_months.length ? availabilityStrip(terms, lang) : null,
      price,
      currency,
      minimumOrder: minimumOrderText(terms, wording),
      currentMonth: new Date(now).getUTCMonth() + 1,
    },
    chatMessage: productChatMessage(product.name, wording.t),
    preview: !found.live,
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const { t } = metaWording(matches);
  if (!loaderData) return [{ title: t("page.notFound") }];
  const { origin, shell } = siteData(matches);
  const { category, product, trade, ogImage } = loaderData;
  const path = productPath(category.slug, product.slug);
  const company = organizationJsonLd(origin, shell);
  const terms = tradeTermsJsonLd(product.tradeTerms, trade.rows, trade.price, {
    month: trade.currentMonth,
    seller: company,
  });
  const tags = pageMeta(
    {
      title: t("product.title", { product: product.name, category: category.name, company: COMPANY_NAME }),
      description: product.summary,
      path,
      origin,
      image: ogImage,
      imageAlt: loaderData.pictures[0]?.alt ?? product.name,
      type: "product",
      jsonLd: [
        {
          "@context": "https://schema.org",
          "@type": "Product",
          name: product.name,
          description: product.description ?? product.summary,
          category: category.name,
          url: absoluteUrl(origin, path),
          // A picture with an 'Alt Text' (Media Library) is described to search engines by it too.
          ...(product.images.length
            ? {
                image: product.images.map((src, i) => {
                  const alt = loaderData.pictures[i]?.alt;
                  const url = absoluteUrl(origin, src);
                  return alt ? { "@type": "ImageObject", url, contentUrl: url, caption: alt } : url;
                }),
              }
            : {}),
          brand: { "@type": "Brand", name: COMPANY_NAME },
          manufacturer: company,
          additionalProperty: [
            ...product.specifications.map((s) => ({
              "@type": "PropertyValue",
              name: s.key,
              value: s.value,
            })),
            ...terms.additionalProperty,
          ],
          ...(terms.offers ? { offers: terms.offers } : {}),
        },
        breadcrumbJsonLd(origin, [
          { name: t("breadcrumb.home"), path: "/" },
          { name: t("products.name"), path: "/our-products" },
          { name: category.name, path: categoryPath(category.slug) },
          { name: product.name, path },
        ]),
      ],
    },
    matches,
  );
  // A draft seen through its preview link is for the people given the link, never for search engines.
  return loaderData.preview ? [...tags, { name: "robots", content: "noindex, nofollow" }] : tags;
}

export default function ProductDetail({ loaderData }: Route.ComponentProps) {
  const { category, product, pictures, trade, inEnglish } = loaderData;
  const { t, path } = useI18n();
  const { origin } = siteData(useMatches());
  // The main image is the product's image_url (the first of the list); the public pages' script makes it follow the
  // thumbnail chosen (app/island/images.ts).
  const main = pictures[0] ?? null;
  return (
    <article className="container-page py-10 sm:py-14">
      <nav aria-label={t("breadcrumb.label")} className="mb-6 text-sm text-muted">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link to={path("/our-products")} className="hover:text-brand-700 hover:underline">
              {t("products.name")}
            </Link>{" "}
            /
          </li>
          <li>
            <Link to={path(categoryPath(category.slug))} className="hover:text-brand-700 hover:underline">
              {category.name}
            </Link>{" "}
            /
          </li>
          <li aria-current="page" className="font-medium text-ink" {...english(inEnglish, "name")}>
            {product.name}
          </li>
        </ol>
      </nav>
      <div className="grid gap-10 lg:grid-cols-2">
        <div>
          {main ? (
            <FallbackImage
              src={main.src}
              srcSet={main.srcSet}
              sizes="(min-width: 1024px) 600px, 100vw"
              alt={main.alt ?? product.name}
              width={960}
              height={720}
              className="aspect-[4/3] w-full rounded-2xl object-cover shadow-lg"
              fetchPriority="high"
              data-testid="main-image"
              data-main-image
            />
          ) : (
            <div className="flex aspect-[4/3] w-full items-center justify-center rounded-2xl bg-brand-50 p-6 text-center text-muted">
              {t("product.noImages")}
            </div>
          )}
          {product.images.length > 1 ? (
            <ul className="mt-4 grid grid-cols-4 gap-3" aria-label={t("product.images")}>
              {pictures.map((image, i) => (
                <li key={image.src}>
                  {/* Without JavaScript, a link to the full picture; the script makes it a button that shows the
                      picture as the main one (aria-pressed). */}
                  <a
                    href={image.src}
                    data-thumbnail
                    data-alt={image.alt ?? product.name}
                    aria-label={t("product.showImage", { number: i + 1, total: product.images.length })}
                    aria-current={i === 0 ? "true" : undefined}
                    className="block w-full overflow-hidden rounded-lg ring-2 ring-transparent transition hover:ring-brand-300 aria-pressed:ring-brand-600 aria-[current=true]:ring-brand-600"
                  >
                    <FallbackImage
                      src={image.src}
                      srcSet={image.srcSet}
                      sizes="150px"
                      alt=""
                      width={240}
                      height={180}
                      loading="lazy"
                      className="aspect-[4/3] w-full object-cover"
                    />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <div>
          <h1 className="text-3xl font-extrabold text-brand-900 sm:text-4xl" {...english(inEnglish, "name")}>
            {product.name}
          </h1>
          <p className="mt-2">
            {t("product.category")}{" "}
            <Link
              to={path(categoryPath(category.slug))}
              className="font-semibold text-brand-700 hover:underline"
              {...english(inEnglish, "category:name")}
            >
              {category.name}
            </Link>
          </p>
          {product.isFeatured ? (
            <p className="mt-4 flex items-center gap-2 rounded-lg bg-accent-400/20 px-4 py-2 font-semibold text-accent-700">
              <Star className="size-5 fill-current" aria-hidden /> {t("product.featured")}
            </p>
          ) : null}
          <FirstActions
            product={product}
            price={trade.price}
            minimumOrder={trade.minimumOrder}
            currency={trade.currency}
          />
          <CompareLink productId={product.id} productName={product.name} className="mt-4" />
          <ShareLinks name={product.name} url={absoluteUrl(origin, path(productPath(category.slug, product.slug)))} />
          {product.description ? (
            <p
              className="mt-6 text-lg leading-relaxed whitespace-pre-line text-slate-700"
              {...english(inEnglish, "description")}
            >
              {product.description}
            </p>
          ) : null}
          {product.specifications.length ? (
            <section className="mt-8" aria-labelledby="specs">
              <h2 id="specs" className="text-xl font-semibold text-brand-900">
                {t("product.specifications")}
              </h2>
              <dl className="mt-3 divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200">
                {product.specifications.map((spec) => (
                  <div key={spec.englishKey} className="grid grid-cols-2 gap-4 px-4 py-3 text-sm">
                    <dt className="font-medium text-slate-600" {...english(inEnglish, `spec:${spec.englishKey}:name`)}>
                      {spec.key}
                    </dt>
                    <dd className="text-ink" dir="auto" {...english(inEnglish, `spec:${spec.englishKey}:value`)}>
                      {spec.value}
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          ) : null}
          <TradeTerms {...trade} inEnglish={inEnglish} />
          {product.exportInfo ? (
            <section className="mt-8" aria-labelledby="export">
              <h2 id="export" className="text-xl font-semibold text-brand-900">
                {t("product.exportInformation")}
              </h2>
              <p
                className="mt-3 leading-relaxed whitespace-pre-line text-slate-700"
                {...english(inEnglish, "export_info")}
              >
                {product.exportInfo}
              </p>
            </section>
          ) : null}
          <div className="mt-10 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <ButtonLink to={path(categoryPath(category.slug))} variant="outline" size="lg">
              <ArrowLeft className="size-5 rtl:rotate-180" aria-hidden />{" "}
              {t("product.backTo", { category: category.name })}
            </ButtonLink>
          </div>
          <PdfLink
            href={path(`${productPath(category.slug, product.slug)}/spec-sheet.pdf`)}
            label={t("product.specSheet")}
            className="-ms-5 mt-3"
          />
        </div>
      </div>
      <ActionBar product={product} price={trade.price} minimumOrder={trade.minimumOrder} currency={trade.currency} />
    </article>
  );
}

type Trade = Route.ComponentProps["loaderData"]["trade"];
function TradeTerms({ rows, months, price, currency, inEnglish }: Trade & { inEnglish: string[] }) {
  const i18n = useI18n();
  const { t, lang } = i18n;
  if (!rows.length && !months && !price) return null;
  return (
    <section className="mt-8" aria-labelledby="trade-terms">
      <h2 id="trade-terms" className="text-xl font-semibold text-brand-900">
        {t("product.tradeTerms")}
      </h2>
      {price ? (
        <p className="mt-3 rounded-xl bg-accent-400/15 px-4 py-3 text-sm text-ink" data-testid="indicative-price">
          <span className="font-semibold">{t("product.priceLabel")}</span> {price.text}
          {price.validUntil ? (
            <span className="text-muted">
              {" · "}
              {t("product.validUntil", { date: formatLongDate(price.validUntil, lang) })}
            </span>
          ) : null}
          {currency ? <ConvertedPrice price={price} /> : null}
          <span className="block text-xs text-muted">{t("product.priceNote")}</span>
        </p>
      ) : null}
      {rows.length ? (
        <dl className="mt-3 divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200">
          {rows.map((row) => (
            <div key={row.label} className="grid grid-cols-2 gap-4 px-4 py-3 text-sm">
              <dt className="font-medium text-slate-600">{tradeTermLabel(row.label, i18n)}</dt>
              <dd className="text-ink" dir="auto" {...english(inEnglish, TRADE_FIELD_BY_LABEL[row.label] ?? "")}>
                {row.value}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {months ? (
        <div className="mt-5">
          <h3 id="availability" className="text-base font-semibold text-brand-900">
            {t("product.availability")}
          </h3>
          <ol aria-labelledby="availability" className="mt-2 grid grid-cols-6 gap-1.5 sm:grid-cols-12">
            {months.map((m) => (
              <li
                key={m.month}
                title={m.name}
                className={`flex flex-col items-center rounded-md py-1.5 text-xs font-semibold ${
                  m.available ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-600"
                }`}
              >
                <span aria-hidden>{m.short}</span>
                {m.available ? <Check className="size-3.5" aria-hidden /> : <span className="h-3.5" aria-hidden />}
                <span className="sr-only">
                  {t(m.available ? "product.monthAvailable" : "product.monthNotAvailable", { month: m.name })}
                </span>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </section>
  );
}

export const ErrorBoundary = PageErrorBoundary;
