import { FallbackImage, PLACEHOLDER_IMAGE } from "~/components/site/fallback-image";
import { GalleryViewer } from "~/components/site/gallery-viewer";
import { PageErrorBoundary } from "~/components/site/page-error-boundary";
import { EmptyState } from "~/components/site/page-header";
import { siteData } from "~/components/site/site-data";
import { PageToast } from "~/components/site/page-toast";
import { listGalleryItems } from "~/features/gallery/gallery.server";
import { pageMeta, webPageJsonLd } from "~/features/seo/seo";
import { sizedImage } from "~/features/images/image-size.server";
import { picture, picturesWithAlt } from "~/features/images/images.server";
import { wordingOf } from "~/features/i18n/catalogues.server";
import { useI18n } from "~/features/i18n/i18n-context";
import { metaWording } from "~/features/i18n/wording";
import { COMPANY_NAME } from "~/features/settings/settings.schema";
import { languageOfPath } from "~/lib/i18n/languages";
import { loadOr } from "~/lib/web/load-or.server";
import { pageTag } from "~/lib/web/page-tags";
import { getServices } from "~/services.server";
import { inEnglish as english } from "~/features/translations/fallback";
import { listPageVersions, localizeItems } from "~/features/translations/pages.server";
import type { Route } from "./+types/gallery";

export async function loader({ request, context }: Route.LoaderArgs) {
  getServices(context).shows(pageTag.gallery);
  const { t } = wordingOf(languageOfPath(new URL(request.url).pathname));
  const { data, error } = await loadOr(getServices(context), () => listGalleryItems(getServices(context).db), [], {
    title: t("gallery.error.title"),
    description: t("gallery.error.description"),
  });
  const { storage, db } = getServices(context);
  const lang = languageOfPath(new URL(request.url).pathname);
  const [localized, versions] = await Promise.all([
    localizeItems(db, lang, "gallery_item", data, { title: "title" }),
    listPageVersions(getServices(context), "/gallery"),
  ]);
  // The first item with a picture of its own (never the placeholder drawing) is the page's og:image.
  const first = data.find((item) => picture(storage, item.image_url));
  const ogImage = first ? await sizedImage(storage, first.image_url) : null;
  const pictureOf = await picturesWithAlt(
    db,
    storage,
    lang,
    data.map((item) => item.image_url),
  );
  return {
    ...versions,
    items: localized.map((item) => ({
      id: item.id,
      title: item.title,
      inEnglish: item.inEnglish,
      ...(pictureOf(item.image_url) ?? { src: PLACEHOLDER_IMAGE }),
    })),
    ogImage: ogImage && first ? { ...ogImage, alt: first.title } : null,
    error,
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const { origin, shell } = siteData(matches);
  const { t } = metaWording(matches);
  const description = t("gallery.description");
  return pageMeta(
    {
      title: t("gallery.title", { company: COMPANY_NAME }),
      description,
      path: "/gallery",
      origin,
      image: loaderData?.ogImage,
      imageAlt: loaderData?.ogImage?.alt ?? undefined,
      jsonLd: webPageJsonLd(origin, shell, {
        type: "CollectionPage",
        name: t("gallery.name"),
        path: "/gallery",
        description,
      }),
    },
    matches,
  );
}

export default function Gallery({ loaderData }: Route.ComponentProps) {
  const { items, error } = loaderData;
  const { t } = useI18n();
  return (
    <section className="container-page py-12 sm:py-16">
      <PageToast toast={error} />
      <h1 className="text-center text-3xl font-extrabold text-brand-900 sm:text-4xl">{t("gallery.heading")}</h1>
      <p className="mx-auto mt-3 max-w-2xl text-center text-muted">{t("gallery.intro")}</p>
      <div className="mt-10">
        {items.length === 0 ? (
          <EmptyState title={t("gallery.empty.title")}>{t("gallery.empty.text")}</EmptyState>
        ) : (
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-3 xl:grid-cols-4">
            {items.map((item, i) => (
              <li key={item.id}>
                {/* Without JavaScript, a link to the full-size picture; the script makes it the button that opens
                    the viewer here (app/island/gallery.ts), which reads the picture off the grid's image. */}
                <a
                  href={item.src}
                  data-gallery-open={i}
                  data-position={t("gallery.position", { number: i + 1, total: items.length })}
                  className="group relative block w-full overflow-hidden rounded-xl shadow-sm"
                  aria-label={item.title ? t("gallery.open", { title: item.title }) : t("gallery.openImage")}
                >
                  <FallbackImage
                    src={item.src}
                    srcSet={item.srcSet}
                    sizes="(min-width: 1280px) 300px, (min-width: 768px) 33vw, (min-width: 640px) 50vw, 100vw"
                    alt={item.alt ?? item.title ?? ""}
                    width={960}
                    height={720}
                    loading={i === 0 ? "eager" : "lazy"}
                    className="aspect-[4/3] w-full object-cover transition duration-300 group-hover:scale-105"
                  />
                  {item.title ? (
                    <span
                      className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/75 to-transparent p-4 text-start text-sm font-medium text-white opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100"
                      data-title
                      {...english(item.inEnglish, "title")}
                    >
                      {item.title}
                    </span>
                  ) : null}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
      {items.length ? <GalleryViewer count={items.length} /> : null}
    </section>
  );
}

export const ErrorBoundary = PageErrorBoundary;
