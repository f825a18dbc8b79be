import {
  ArrowRight,
  BadgeCheck,
  CheckCircle2,
  Globe2,
  Handshake,
  Leaf,
  PackageCheck,
  ShieldCheck,
  Truck,
} from "lucide-react";
import { Link } from "react-router";
import { PageErrorBoundary } from "~/components/site/page-error-boundary";
import { ButtonLink } from "~/components/ui/button";
import { listCategories } from "~/features/catalogue/categories.server";
import { siteData } from "~/components/site/site-data";
import { PageToast } from "~/components/site/page-toast";
import { getPageContent } from "~/features/content/content.server";
import { HOME_SECTIONS, resolveSections } from "~/features/content/home-content";
import { organizationJsonLd, pageMeta, webSiteJsonLd } from "~/features/seo/seo";
import { loadOr } from "~/lib/web/load-or.server";
import { parseHeroVideo } from "~/features/content/video";
import { sizedImage } from "~/features/images/image-size.server";
import { picturesWithAlt } from "~/features/images/images.server";
import { wordingOf } from "~/features/i18n/catalogues.server";
import { useI18n } from "~/features/i18n/i18n-context";
import { metaWording } from "~/features/i18n/wording";
import { COMPANY_NAME } from "~/features/settings/settings.schema";
import { languageOfPath } from "~/lib/i18n/languages";
import { pageTag } from "~/lib/web/page-tags";
import { getServices } from "~/services.server";
import { localizeCategories } from "~/features/translations/catalogue.server";
import { inEnglish as english } from "~/features/translations/fallback";
import { localizePageContent } from "~/features/translations/pages.server";
import type { Route } from "./+types/home";
import { categoryPath } from "~/lib/web/public-paths";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, shows } = getServices(context);
  const lang = languageOfPath(new URL(request.url).pathname);
  const { t } = wordingOf(lang);
  shows(pageTag.pageTexts("home"), pageTag.categoryList);
  const [content, categories] = await Promise.all([
    loadOr(getServices(context), () => getPageContent(db, "home"), resolveSections(HOME_SECTIONS, new Map()), {
      title: t("home.error.content.title"),
      description: t("home.error.content.description"),
    }),
    loadOr(getServices(context), () => listCategories(db), [], {
      title: t("home.error.categories.title"),
      description: t("home.error.categories.description"),
    }),
  ]);
  const { storage } = getServices(context);
  const c = content.data;
  const [texts, localizedCategories] = await Promise.all([
    localizePageContent(getServices(context), lang, "home", c, "/"),
    localizeCategories(db, lang, categories.data),
  ]);
  const pictureOf = await picturesWithAlt(db, storage, lang, [
    c.hero_image_url,
    c.about_image_url,
    c.cta_background_image_url,
    ...localizedCategories.map((category) => category.image_url),
  ]);
  return {
    content: texts.content,
    inEnglish: texts.inEnglish,
    available: texts.available,
    alternates: texts.alternates,
    ogImage: await sizedImage(storage, c.hero_image_url),
    images: {
      hero: pictureOf(c.hero_image_url),
      about: pictureOf(c.about_image_url),
      cta: pictureOf(c.cta_background_image_url),
    },
    categories: localizedCategories.map((category) => ({ ...category, image: pictureOf(category.image_url) })),
    error: content.error ?? categories.error,
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const { origin, shell } = siteData(matches);
  const content = loaderData?.content;
  const { t, lang } = metaWording(matches);
  return pageMeta(
    {
      title: t("home.title", { company: COMPANY_NAME }),
      description: content?.hero_subtitle ?? "",
      path: "/",
      origin,
      image: loaderData?.ogImage,
      jsonLd: [{ "@context": "https://schema.org", ...organizationJsonLd(origin, shell) }, webSiteJsonLd(origin, lang)],
    },
    matches,
  );
}

const ABOUT_ICONS = [Leaf, ShieldCheck, PackageCheck, Truck];
const WHY_ICONS = [BadgeCheck, Handshake, ShieldCheck, Globe2];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { content: c, categories, images, error, inEnglish } = loaderData;
  const en = (key: string) => english(inEnglish, key);
  const { t, path } = useI18n();
  const video = parseHeroVideo(c.hero_video_url);
  const { hero: heroImage, about: aboutImage, cta: ctaImage } = images;
  const features = [c.hero_feature1_text, c.hero_feature2_text, c.hero_feature3_text];

  return (
    <>
      <PageToast toast={error} />
      <section className="relative isolate flex min-h-[calc(100svh-4rem)] items-center overflow-hidden bg-brand-900 text-white lg:min-h-[calc(100svh-5rem)]">
        {video?.kind === "mp4" ? (
          <video
            className="absolute inset-0 -z-20 size-full object-cover"
            src={video.src}
            autoPlay
            muted
            loop
            playsInline
            poster={heroImage?.src}
          />
        ) : video ? (
          <iframe
            title={t("home.backgroundVideo")}
            src={video.embedUrl}
            className="pointer-events-none absolute top-1/2 left-1/2 -z-20 aspect-video min-h-full min-w-full -translate-x-1/2 -translate-y-1/2"
            allow="autoplay; fullscreen; picture-in-picture"
            tabIndex={-1}
            aria-hidden
          />
        ) : heroImage ? (
          <img
            src={heroImage.src}
            srcSet={heroImage.srcSet}
            sizes="100vw"
            alt=""
            width={1600}
            height={900}
            fetchPriority="high"
            className="absolute inset-0 -z-20 size-full object-cover"
          />
        ) : null}
        <div
          className="absolute inset-0 -z-10 bg-gradient-to-r from-brand-950/90 via-brand-950/70 to-brand-950/30 rtl:bg-gradient-to-l"
          aria-hidden
        />
        <div className="container-page py-20">
          <div className="max-w-3xl">
            <h1
              className="text-4xl leading-tight font-extrabold tracking-tight sm:text-5xl lg:text-6xl"
              {...en("hero_main_title")}
            >
              {c.hero_main_title}
            </h1>
            <p className="mt-6 max-w-2xl text-lg text-brand-100 sm:text-xl" {...en("hero_subtitle")}>
              {c.hero_subtitle}
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <ButtonLink to={path("/our-products")} variant="accent" size="lg">
                {c.hero_button_products} <ArrowRight className="size-5 rtl:rotate-180" aria-hidden />
              </ButtonLink>
              <ButtonLink to={path("/request-quote")} variant="light" size="lg">
                {c.hero_button_quote}
              </ButtonLink>
            </div>
            <ul className="mt-10 grid gap-3 text-brand-100 sm:grid-cols-3">
              {features.map((text, i) => (
                <li key={i} className="flex items-center gap-2 text-sm font-medium sm:text-base">
                  <CheckCircle2 className="size-5 shrink-0 text-accent-400" aria-hidden />
                  {text}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section className="py-16 sm:py-24">
        <div className="container-page grid items-center gap-12 lg:grid-cols-2">
          {aboutImage ? (
            <img
              src={aboutImage.src}
              srcSet={aboutImage.srcSet}
              sizes="(min-width: 1024px) 600px, 100vw"
              alt={c.about_image_alt}
              width={960}
              height={720}
              loading="lazy"
              className="aspect-[4/3] w-full rounded-2xl object-cover shadow-xl"
            />
          ) : null}
          <div>
            <p className="text-sm font-semibold tracking-wider text-accent-700 uppercase" {...en("about_tagline")}>
              {c.about_tagline}
            </p>
            <h2 className="mt-2 text-3xl font-bold text-brand-900 sm:text-4xl" {...en("about_title")}>
              {c.about_title}
            </h2>
            <p className="mt-4 text-lg text-muted" {...en("about_description")}>
              {c.about_description}
            </p>
            <ul className="mt-8 grid gap-6 sm:grid-cols-2">
              {[1, 2, 3, 4].map((n, i) => {
                const Icon = ABOUT_ICONS[i];
                return (
                  <li key={n} className="flex gap-3">
                    <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                      <Icon className="size-5" aria-hidden />
                    </span>
                    <div>
                      <h3 className="font-semibold text-brand-900" {...en(`about_point${n}_title`)}>
                        {c[`about_point${n}_title`]}
                      </h3>
                      <p className="mt-1 text-sm text-muted" {...en(`about_point${n}_desc`)}>
                        {c[`about_point${n}_desc`]}
                      </p>
                    </div>
                  </li>
                );
              })}
            </ul>
            <ButtonLink to={path("/about-us")} className="mt-8">
              {c.about_button_text} <ArrowRight className="size-4 rtl:rotate-180" aria-hidden />
            </ButtonLink>
          </div>
        </div>
      </section>

      <section className="bg-brand-50 py-16 sm:py-24">
        <div className="container-page">
          <div className="mx-auto max-w-2xl text-center">
            <h2 className="text-3xl font-bold text-brand-900 sm:text-4xl" {...en("product_range_title")}>
              {c.product_range_title}
            </h2>
            <p className="mt-4 text-lg text-muted" {...en("product_range_description")}>
              {c.product_range_description}
            </p>
          </div>
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {categories.map((category) => {
              const image = category.image;
              return (
                <li key={category.id}>
                  <Link
                    to={path(categoryPath(category.slug))}
                    className="group block h-full overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-brand-100 transition hover:-translate-y-1 hover:shadow-lg"
                  >
                    {image ? (
                      <img
                        src={image.src}
                        srcSet={image.srcSet}
                        sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
                        alt={image.alt ?? category.name}
                        width={800}
                        height={500}
                        loading="lazy"
                        className="aspect-[8/5] w-full object-cover transition duration-300 group-hover:scale-105"
                      />
                    ) : (
                      <div className="aspect-[8/5] w-full bg-brand-100" />
                    )}
                    <div className="p-5">
                      <h3 className="text-lg font-semibold text-brand-900" {...english(category.inEnglish, "name")}>
                        {category.name}
                      </h3>
                      {category.description ? (
                        <p className="mt-2 line-clamp-2 text-sm text-muted">{category.description}</p>
                      ) : null}
                    </div>
                  </Link>
                </li>
              );
            })}
          </ul>
          <div className="mt-10 text-center">
            <ButtonLink to={path("/our-products")} variant="outline" size="lg">
              {c.product_range_button_text}
            </ButtonLink>
          </div>
        </div>
      </section>

      <section className="py-16 sm:py-24">
        <div className="container-page">
          <div className="mx-auto max-w-2xl text-center">
            <h2 className="text-3xl font-bold text-brand-900 sm:text-4xl" {...en("why_choose_us_title")}>
              {c.why_choose_us_title}
            </h2>
            <p className="mt-4 text-lg text-muted" {...en("why_choose_us_subheading")}>
              {c.why_choose_us_subheading}
            </p>
          </div>
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {[1, 2, 3, 4].map((n, i) => {
              const Icon = WHY_ICONS[i];
              return (
                <li key={n} className="rounded-xl border border-slate-200 p-6 text-center shadow-sm">
                  <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-accent-400/20 text-accent-700">
                    <Icon className="size-6" aria-hidden />
                  </span>
                  <h3 className="mt-4 font-semibold text-brand-900" {...en(`why_choose_us_point${n}_title`)}>
                    {c[`why_choose_us_point${n}_title`]}
                  </h3>
                  <p className="mt-2 text-sm text-muted" {...en(`why_choose_us_point${n}_desc`)}>
                    {c[`why_choose_us_point${n}_desc`]}
                  </p>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <section className="relative isolate overflow-hidden bg-brand-800 py-16 text-white sm:py-20">
        {ctaImage ? (
          <img
            src={ctaImage.src}
            srcSet={ctaImage.srcSet}
            sizes="100vw"
            alt=""
            width={1600}
            height={600}
            loading="lazy"
            className="absolute inset-0 -z-20 size-full object-cover"
          />
        ) : null}
        <div className="absolute inset-0 -z-10 bg-brand-900/80" aria-hidden />
        <div className="container-page text-center">
          <h2 className="text-3xl font-bold sm:text-4xl" {...en("cta_title")}>
            {c.cta_title}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-100" {...en("cta_description")}>
            {c.cta_description}
          </p>
          <ButtonLink to={path("/contact-us")} variant="accent" size="lg" className="mt-8">
            {c.cta_button_text}
          </ButtonLink>
        </div>
      </section>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
