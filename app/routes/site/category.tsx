import { ArrowLeft } from "lucide-react";
import { data, redirect } from "react-router";
import { PageErrorBoundary } from "~/components/site/page-error-boundary";
import { ProductCard } from "~/components/site/product-card";
import { PageLinks } from "~/components/site/page-links";
import { EmptyState, PageHeader } from "~/components/site/page-header";
import { siteData } from "~/components/site/site-data";
import { ButtonLink } from "~/components/ui/button";
import { PRODUCTS_PER_PAGE } from "~/features/catalogue/products.server";
import { filterChoiceOf, listFilteredProducts, SORT_PARAM } from "~/features/catalogue/category-filters.server";
import { filterQuery } from "~/features/catalogue/category-filters";
import { CategoryFilters } from "~/components/site/category-filters";
import { breadcrumbJsonLd, pageMeta } from "~/features/seo/seo";
import { sizedImage } from "~/features/images/image-size.server";
import { picturesWithAlt } from "~/features/images/images.server";
import { categoryPath, productPath } from "~/lib/web/public-paths";
import { findCategoryPage, localizeProductCards } from "~/features/translations/catalogue.server";
import { inEnglish as english } from "~/features/translations/fallback";
import { redirectIfMovedIn, redirectToCanonical } from "~/features/translations/moved.server";
import { languageOfPath } from "~/lib/i18n/languages";
import { wordingOf } from "~/features/i18n/catalogues.server";
import { useI18n } from "~/features/i18n/i18n-context";
import { metaWording } from "~/features/i18n/wording";
import { COMPANY_NAME } from "~/features/settings/settings.schema";
import { pageCount, pageHref } from "~/lib/web/pagination";
import { requestedPage } from "~/lib/web/pagination.server";
import { pageTag } from "~/lib/web/page-tags";
import { getServices } from "~/services.server";
import { isPreview, PREVIEW_PARAM } from "~/features/publishing/preview.server";
import type { Route } from "./+types/category";
import { isPublic } from "~/features/publishing/visibility";
import { sameOriginPath } from "~/lib/same-origin";
import { utcDate } from "~/lib/time";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, storage } = getServices(context);
  const url = new URL(request.url);
  const lang = languageOfPath(url.pathname);
  // A signed preview link shows a draft category as it will look (ADR 0033): never cached, never indexed.
  const preview = url.searchParams.get(PREVIEW_PARAM);
  if (preview !== null) getServices(context).markIncomplete();
  let found = await findCategoryPage(db, lang, params.categorySlug, preview !== null);
  if (
    found?.category.status === "draft" &&
    !(await isPreview(db, "category", found.category.id, preview ?? "", getServices(context).now()))
  )
    found = null;
  if (!found) {
    await redirectIfMovedIn(db, request, lang, categoryPath(params.categorySlug));
    throw data("Not Found", { status: 404 });
  }
  if (isPublic(found.category)) redirectToCanonical(request, lang, categoryPath(params.categorySlug), found.canonical);
  const { category, inEnglish, available, alternates } = found;
  getServices(context).shows(pageTag.category(category.id), pageTag.productsIn(category.id));
  // Sorting by name is the page itself: `?sort=name` is sent to the address without it, as `?page=1` is.
  if (url.searchParams.get(SORT_PARAM) === "name") {
    url.searchParams.delete(SORT_PARAM);
    throw redirect(sameOriginPath(url.pathname + url.search, url.origin) ?? "/", 301);
  }
  const choice = filterChoiceOf(url);
  if (choice.badSort) throw data("Not Found", { status: 404 });
  const page = requestedPage(request);
  const wording = wordingOf(lang);
  const today = utcDate(getServices(context).now());
  const { cards, total, filters } = await listFilteredProducts(db, category.id, choice, page, today, wording);
  const filtered = Object.keys(choice.values).length > 0;
  // Filters that leave nothing (a value no public product holds, or none holding them all) name no page: 404, with
  // the filters and 'Clear filters' shown, so the page cache never keeps made-up combinations (issue 43).
  const noMatch = filtered && total === 0;
  const pages = pageCount(total, PRODUCTS_PER_PAGE);
  if (page > pages && !noMatch) {
    throw data(wording.t("category.pageMissing", { name: category.name, count: pages }), { status: 404 });
  }
  const localized = await localizeProductCards(db, lang, cards);
  const pictureOf = await picturesWithAlt(db, storage, lang, [category.image_url, ...localized.map((p) => p.imageUrl)]);
  const products = localized.map((p) => ({ ...p, image: pictureOf(p.imageUrl) }));
  const payload = {
    category: { ...category, image: pictureOf(category.image_url) },
    products,
    page,
    pageCount: pages,
    ogImage: await sizedImage(storage, category.image_url),
    inEnglish,
    available,
    alternates,
    preview: found.category.status === "draft",
    choice,
    filters,
    noMatch,
  };
  return noMatch ? data(payload, { status: 404 }) : payload;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const { t } = metaWording(matches);
  if (!loaderData) return [{ title: t("page.notFound") }];
  const { origin } = siteData(matches);
  const { category, page, choice } = loaderData;
  const path = categoryPath(category.slug);
  const query = filterQuery(choice, page);
  // Each page names itself as canonical (page 2 is not a copy of page 1); the page number goes before the brand,
  // which stays last in every title.
  const tags = pageMeta(
    {
      title:
        page > 1
          ? t("category.titlePage", { name: category.name, page, company: COMPANY_NAME })
          : t("category.title", { name: category.name, company: COMPANY_NAME }),
      description: category.description || t("category.description", { name: category.name }),
      path: path + query,
      origin,
      image: loaderData.ogImage,
      imageAlt: category.image?.alt ?? category.name,
      jsonLd: [
        breadcrumbJsonLd(origin, [
          { name: t("breadcrumb.home"), path: "/" },
          { name: t("products.name"), path: "/our-products" },
          { name: category.name, path },
        ]),
      ],
    },
    matches,
  );
  // A draft seen through its preview link is for the people given the link, never for search engines; a filtered or
  // sorted page repeats the category's products, so it is followed but not indexed.
  if (loaderData.preview) return [...tags, { name: "robots", content: "noindex, nofollow" }];
  return query && query !== pageHref("", page) ? [...tags, { name: "robots", content: "noindex, follow" }] : tags;
}

export default function Category({ loaderData }: Route.ComponentProps) {
  const { category, products, page, pageCount, inEnglish, choice, filters, noMatch } = loaderData;
  const { t, path } = useI18n();
  return (
    <>
      <PageHeader title={<span {...english(inEnglish, "name")}>{category.name}</span>}>
        {category.description ? <p {...english(inEnglish, "description")}>{category.description}</p> : null}
      </PageHeader>
      <section className="container-page py-12 sm:py-16">
        <CategoryFilters path={path(categoryPath(category.slug))} choice={choice} filters={filters} />
        {noMatch ? (
          <EmptyState title={t("filters.noMatch")}>
            <ButtonLink to={path(categoryPath(category.slug))} variant="outline" className="mt-4">
              {t("filters.clear")}
            </ButtonLink>
          </EmptyState>
        ) : products.length === 0 ? (
          <EmptyState title={t("category.empty", { name: category.name })} />
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {products.map((product, i) => (
              <ProductCard
                key={product.id}
                product={product}
                href={path(productPath(category.slug, product.slug))}
                first={i === 0}
              />
            ))}
          </ul>
        )}
        <PageLinks path={path(categoryPath(category.slug)) + filterQuery(choice)} page={page} pageCount={pageCount} />
        <div className="mt-12">
          <ButtonLink to={path("/our-products")} variant="outline">
            <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden /> {t("category.back")}
          </ButtonLink>
        </div>
      </section>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
