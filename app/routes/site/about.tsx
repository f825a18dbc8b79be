import { BadgeCheck, Clock, Eye, Globe2, Leaf, PackageCheck, Quote } from "lucide-react";
import { PageErrorBoundary } from "~/components/site/page-error-boundary";
import { PageHeader } from "~/components/site/page-header";
import { siteData } from "~/components/site/site-data";
import { PageToast } from "~/components/site/page-toast";
import { getPageContent } from "~/features/content/content.server";
import { ABOUT_SECTIONS, resolveSections } from "~/features/content/home-content";
import { pageMeta, webPageJsonLd } from "~/features/seo/seo";
import { wordingOf } from "~/features/i18n/catalogues.server";
import { useI18n } from "~/features/i18n/i18n-context";
import { metaWording } from "~/features/i18n/wording";
import type { MessageKey } from "~/features/i18n/catalogue";
import { COMPANY_NAME } from "~/features/settings/settings.schema";
import { languageOfPath } from "~/lib/i18n/languages";
import { loadOr } from "~/lib/web/load-or.server";
import { pageTag } from "~/lib/web/page-tags";
import { getServices } from "~/services.server";
import { inEnglish as english } from "~/features/translations/fallback";
import { localizePageContent } from "~/features/translations/pages.server";
import type { Route } from "./+types/about";

export async function loader({ request, context }: Route.LoaderArgs) {
  getServices(context).shows(pageTag.pageTexts("about-us"));
  const { t } = wordingOf(languageOfPath(new URL(request.url).pathname));
  // Spec §2: default content is used if loading fails.
  const { data, error } = await loadOr(
    getServices(context),
    () => getPageContent(getServices(context).db, "about-us"),
    resolveSections(ABOUT_SECTIONS, new Map()),
    {
      title: t("about.error.title"),
      description: t("about.error.description"),
    },
  );
  const lang = languageOfPath(new URL(request.url).pathname);
  const texts = await localizePageContent(getServices(context), lang, "about-us", data, "/about-us");
  return { ...texts, error };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const { t } = metaWording(matches);
  const heading = loaderData?.content.about_main_heading || t("about.heading", { company: COMPANY_NAME });
  const { origin, shell } = siteData(matches);
  const description = loaderData?.content.about_intro_p1 || t("about.description", { heading });
  return pageMeta(
    {
      title: t("about.title", { company: COMPANY_NAME }),
      description,
      path: "/about-us",
      origin,
      jsonLd: webPageJsonLd(origin, shell, {
        type: "AboutPage",
        name: t("about.name"),
        path: "/about-us",
        description,
      }),
    },
    matches,
  );
}

// Spec §2: six fixed core values (their texts in the catalogue: about.value.<key>.title|text).
const CORE_VALUES = [
  { key: "quality", Icon: Leaf },
  { key: "control", Icon: BadgeCheck },
  { key: "expertise", Icon: Globe2 },
  { key: "packaging", Icon: PackageCheck },
  { key: "delivery", Icon: Clock },
  { key: "transparency", Icon: Eye },
] as const;
const valueText = (key: (typeof CORE_VALUES)[number]["key"], part: "title" | "text") =>
  `about.value.${key}.${part}` satisfies MessageKey;

export default function About({ loaderData }: Route.ComponentProps) {
  const { content: c, error, inEnglish } = loaderData;
  const { t } = useI18n();
  const en = (key: string) => english(inEnglish, key);
  const paragraphs = (["about_intro_p1", "about_intro_p2", "about_intro_p3"] as const).filter((key) => c[key].trim());
  return (
    <>
      <PageToast toast={error} />
      <PageHeader
        title={
          c.about_main_heading ? (
            <span {...en("about_main_heading")}>{c.about_main_heading}</span>
          ) : (
            t("about.heading", { company: COMPANY_NAME })
          )
        }
      />
      {/* A <div>, not a <section>: the intro has no heading of its own (the page's h1 above introduces it). */}
      <div className="py-14 sm:py-20">
        <div className="container-page grid gap-12 lg:grid-cols-[1fr_380px]">
          <div className="space-y-5 text-lg leading-relaxed text-slate-700">
            {paragraphs.length ? (
              paragraphs.map((key) => (
                <p key={key} {...en(key)}>
                  {c[key]}
                </p>
              ))
            ) : (
              <p>{t("about.intro", { company: COMPANY_NAME })}</p>
            )}
          </div>
          <aside aria-labelledby="leadership" className="self-start rounded-2xl bg-brand-900 p-8 text-white shadow-xl">
            <h2 id="leadership" className="text-sm font-semibold tracking-wider text-accent-400 uppercase">
              {t("about.leadership")}
            </h2>
            <Quote className="mt-4 size-8 text-accent-400" aria-hidden />
            <blockquote className="mt-2 text-lg leading-relaxed italic" {...en("leadership_ceo_quote")}>
              “{c.leadership_ceo_quote}”
            </blockquote>
            <p className="mt-6 text-xl font-bold" {...en("leadership_ceo_name")}>
              {c.leadership_ceo_name}
            </p>
            <p className="text-brand-200" {...en("leadership_ceo_title")}>
              {c.leadership_ceo_title}
            </p>
          </aside>
        </div>
      </div>
      <section className="bg-brand-50 py-14 sm:py-20" aria-labelledby="values">
        <div className="container-page">
          <h2 id="values" className="text-center text-3xl font-bold text-brand-900">
            {t("about.values")}
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {CORE_VALUES.map(({ key, Icon }) => (
              <li key={key} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-brand-100">
                <Icon className="size-8 text-brand-600" aria-hidden />
                <h3 className="mt-4 text-lg font-semibold text-brand-900">{t(valueText(key, "title"))}</h3>
                <p className="mt-2 text-muted">{t(valueText(key, "text"))}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
