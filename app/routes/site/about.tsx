import { BadgeCheck, Clock, Eye, Globe2, Leaf, PackageCheck, Quote } from "lucide-react";
import { PageErrorBoundary } from "~/components/site/page-error-boundary";
import { PageHeader } from "~/components/site/page-header";
import { siteData } from "~/components/site/site-data";
import { useToastOnChange } from "~/components/ui/toast";
import { getPageContent } from "~/features/content/content.server";
import { ABOUT_SECTIONS, resolveSections } from "~/features/content/home-content";
import { pageMeta, webPageJsonLd } from "~/features/seo/seo";
import { COMPANY_NAME } from "~/features/settings/settings.schema";
import { loadOr } from "~/lib/web/load-or.server";
import { pageTag } from "~/lib/web/page-tags";
import { getServices } from "~/services.server";
import { inEnglish as english } from "~/features/translations/fallback";
import { localizePageContent } from "~/features/translations/pages.server";
import { languageOfPath } from "~/lib/i18n/languages";
import type { Route } from "./+types/about";

export async function loader({ request, context }: Route.LoaderArgs) {
  getServices(context).shows(pageTag.pageTexts("about-us"));
  // Spec §2: default content is used if loading fails.
  const { data, error } = await loadOr(
    getServices(context),
    () => getPageContent(getServices(context).db, "about-us"),
    resolveSections(ABOUT_SECTIONS, new Map()),
    {
      title: "Error fetching page content",
      description: "Could not load About Us page details. Displaying default content.",
    },
  );
  const lang = languageOfPath(new URL(request.url).pathname);
  const texts = await localizePageContent(getServices(context), lang, "about-us", data, "/about-us");
  return { ...texts, error };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const heading = loaderData?.content.about_main_heading || `About ${COMPANY_NAME}`;
  const { origin, shell } = siteData(matches);
  const description =
    loaderData?.content.about_intro_p1 ||
    `${heading}: Indian exporter of onions, garlic, potatoes and fresh vegetables.`;
  return pageMeta(
    {
      title: `About Us | ${COMPANY_NAME}`,
      description,
      path: "/about-us",
      origin,
      jsonLd: webPageJsonLd(origin, shell, { type: "AboutPage", name: "About Us", path: "/about-us", description }),
    },
    matches,
  );
}

// Spec §2: six fixed core values.
const CORE_VALUES = [
  {
    title: "Farm-Fresh Quality",
    text: "Produce harvested at its best and moved quickly from field to pack house.",
    Icon: Leaf,
  },
  {
    title: "Strict Quality Control",
    text: "Every lot graded, inspected and documented before it is loaded.",
    Icon: BadgeCheck,
  },
  {
    title: "Global Expertise",
    text: "Years of shipping to importers across Asia, the Middle East, Europe and Africa.",
    Icon: Globe2,
  },
  {
    title: "Custom Packaging",
    text: "Bags, cartons and labels made to each buyer's market and brand.",
    Icon: PackageCheck,
  },
  {
    title: "Timely Delivery",
    text: "Containers booked ahead and documents ready so shipments leave on time.",
    Icon: Clock,
  },
  { title: "Transparency", text: "Honest prices, clear terms and photos of your lot before it ships.", Icon: Eye },
];

export default function About({ loaderData }: Route.ComponentProps) {
  const { content: c, error, inEnglish } = loaderData;
  useToastOnChange(error);
  const en = (key: string) => english(inEnglish, key);
  const paragraphs = (["about_intro_p1", "about_intro_p2", "about_intro_p3"] as const).filter((key) => c[key].trim());
  return (
    <>
      <PageHeader
        title={
          c.about_main_heading ? (
            <span {...en("about_main_heading")}>{c.about_main_heading}</span>
          ) : (
            `About ${COMPANY_NAME}`
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
              <p>{COMPANY_NAME} exports premium Indian produce to buyers around the world.</p>
            )}
          </div>
          <aside aria-labelledby="leadership" className="self-start rounded-2xl bg-brand-900 p-8 text-white shadow-xl">
            <h2 id="leadership" className="text-sm font-semibold tracking-wider text-accent-400 uppercase">
              Leadership
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
            Our Core Values
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {CORE_VALUES.map(({ title, text, Icon }) => (
              <li key={title} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-brand-100">
                <Icon className="size-8 text-brand-600" aria-hidden />
                <h3 className="mt-4 text-lg font-semibold text-brand-900">{title}</h3>
                <p className="mt-2 text-muted">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
