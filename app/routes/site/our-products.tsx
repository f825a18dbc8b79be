import { CategoryCard } from "~/components/site/category-card";
import { PageErrorBoundary } from "~/components/site/page-error-boundary";
import { EmptyState, PageHeader } from "~/components/site/page-header";
import { PdfLink } from "~/components/site/pdf-link";
import { siteData } from "~/components/site/site-data";
import { PageToast } from "~/components/site/page-toast";
import { listCategories } from "~/features/catalogue/categories.server";
import { pageMeta, webPageJsonLd } from "~/features/seo/seo";
import { sizedImage } from "~/features/images/image-size.server";
import { picturesWithAlt } from "~/features/images/images.server";
import { wordingOf } from "~/features/i18n/catalogues.server";
import { useI18n } from "~/features/i18n/i18n-context";
import { metaWording } from "~/features/i18n/wording";
import { COMPANY_NAME } from "~/features/settings/settings.schema";
import { languageOfPath } from "~/lib/i18n/languages";
import { loadOr } from "~/lib/web/load-or.server";
import { pageTag } from "~/lib/web/page-tags";
import { getServices } from "~/services.server";
import { localizeCategories } from "~/features/translations/catalogue.server";
import { listPageVersions } from "~/features/translations/pages.server";
import type { Route } from "./+types/our-products";
import { categoryPath } from "~/lib/web/public-paths";

export async function loader({ request, context }: Route.LoaderArgs) {
  getServices(context).shows(pageTag.categoryList);
  const { db } = getServices(context);
  const lang = languageOfPath(new URL(request.url).pathname);
  const { t } = wordingOf(lang);
  const { data, error } = await loadOr(getServices(context), () => listCategories(getServices(context).db), [], {
    title: t("products.error.title"),
    description: t("products.error.description"),
  });
  const { storage } = getServices(context);
  const [categories, versions] = await Promise.all([
    localizeCategories(db, lang, data),
    listPageVersions(getServices(context), "/our-products"),
  ]);
  const pictureOf = await picturesWithAlt(
    db,
    storage,
    lang,
    categories.map((c) => c.image_url),
  );
  return {
    ...versions,
    categories: categories.map((c) => ({ ...c, image: pictureOf(c.image_url) })),
    ogImage: await sizedImage(storage, data[0]?.image_url),
    error,
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const names = loaderData?.categories.map((c) => c.name).join(", ");
  const { origin, shell } = siteData(matches);
  const { t } = metaWording(matches);
  const description = names ? t("products.descriptionWithNames", { names }) : t("products.description");
  const path = "/our-products";
  return pageMeta(
    {
      title: t("products.title", { company: COMPANY_NAME }),
      description,
      path,
      origin,
      image: loaderData?.ogImage,
      imageAlt: loaderData?.categories[0]?.name,
      jsonLd: webPageJsonLd(origin, shell, { type: "CollectionPage", name: t("products.name"), path, description }),
    },
    matches,
  );
}

export default function OurProducts({ loaderData }: Route.ComponentProps) {
  const { categories, error } = loaderData;
  const { t, path } = useI18n();
  return (
    <>
      <PageToast toast={error} />
      <PageHeader title={t("products.name")}>{t("products.intro")}</PageHeader>
      <section className="container-page py-12 sm:py-16">
        {categories.length === 0 ? (
          <EmptyState title={t("products.empty")} />
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {categories.map((category, i) => (
              <CategoryCard
                key={category.id}
                category={category}
                href={path(categoryPath(category.slug))}
                first={i === 0}
              />
            ))}
          </ul>
        )}
        {categories.length ? (
          <PdfLink
            href={path("/catalogue.pdf")}
            label={t("products.cataloguePdf")}
            variant="outline"
            className="mt-10"
          />
        ) : null}
      </section>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
