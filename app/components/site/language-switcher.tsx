import { Globe } from "lucide-react";
import { useLocation, useMatches } from "react-router";
import { useI18n } from "~/features/i18n/i18n-context";
import { type Alternates, type LanguageVersion, switcherVersions } from "~/lib/i18n/alternates";
import { LANGUAGE_INFO } from "~/lib/i18n/languages";
import { siteData } from "./site-data";

/**
 * This page in each of the site's languages: the page's own version where its loader names one (`alternates`,
 * translated slugs), else the same address under the language's prefix. Empty while English is the only language.
 */
export function useLanguageVersions(): LanguageVersion[] {
  const location = useLocation();
  const matches = useMatches();
  const { languages } = siteData(matches);
  if (languages.length < 2) return [];
  const alternates = matches
    .map((match) => (match.loaderData as { alternates?: Alternates } | undefined)?.alternates)
    .findLast((value): value is Alternates => !!value && typeof value === "object");
  return switcherVersions(languages, location.pathname + location.search, alternates);
}

/** One link per language, each labelled with the language's own name ('English', 'العربية', 'বাংলা'). */
function LanguageLinks({
  versions,
  className,
  linkClass,
}: {
  versions: LanguageVersion[];
  className: string;
  linkClass: (current: boolean) => string;
}) {
  const { lang } = useI18n();
  return (
    <ul className={className}>
      {versions.map((version) => {
        const current = version.lang === lang;
        return (
          <li key={version.lang}>
            <a
              href={version.path}
              hrefLang={version.lang}
              lang={version.lang}
              aria-current={current ? "true" : undefined}
              // Another language's name in the device's fonts: the footer on every page would otherwise make it
              // download the Arabic and the Bengali font (ADR 0053).
              className={current ? linkClass(current) : `${linkClass(current)} font-system`}
            >
              {LANGUAGE_INFO[version.lang].name}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The header's switcher on a wide screen: a disclosure (works without JavaScript) showing the page's language,
 * opening on the list; each link loads the page in that language, closed. A phone's header has no room for it: the
 * phone menu has the languages, and the footer too.
 */
export function HeaderLanguageSwitcher() {
  const { lang, t } = useI18n();
  const versions = useLanguageVersions();
  if (!versions.length) return null;
  return (
    <details className="language-switcher relative hidden lg:block" data-testid="language-switcher">
      <summary
        className="flex cursor-pointer list-none items-center gap-1 rounded-md p-2 text-sm font-medium text-brand-800 hover:bg-brand-50 [&::-webkit-details-marker]:hidden"
        aria-label={`${t("language.switcher")}: ${LANGUAGE_INFO[lang].name}`}
      >
        <Globe className="size-6 lg:size-5" aria-hidden />
        <span className="hidden sm:inline" lang={lang}>
          {LANGUAGE_INFO[lang].name}
        </span>
      </summary>
      <LanguageLinks
        versions={versions}
        className="absolute end-0 top-full z-50 mt-1 min-w-40 rounded-md bg-white py-1 shadow-lg ring-1 ring-slate-200"
        linkClass={(current) =>
          `block px-4 py-2 text-start text-sm hover:bg-brand-50 ${current ? "font-bold text-brand-800" : "text-slate-700"}`
        }
      />
    </details>
  );
}

/** The footer's languages: every page links to its versions, with or without JavaScript, on any screen. */
export function FooterLanguageLinks() {
  const { t } = useI18n();
  const versions = useLanguageVersions();
  if (!versions.length) return null;
  return (
    <div
      role="group"
      aria-label={t("language.switcher")}
      className="container-page flex flex-wrap items-center justify-center gap-x-4 gap-y-1 pt-5"
    >
      <Globe className="size-4 text-brand-300" aria-hidden />
      <LanguageLinks
        versions={versions}
        className="flex flex-wrap justify-center gap-x-4 gap-y-1"
        linkClass={(current) =>
          `text-sm ${current ? "font-semibold text-white" : "text-brand-200 hover:text-accent-400"}`
        }
      />
    </div>
  );
}

/** The phone menu's switcher: every language as a button-sized link under the navigation. */
export function MenuLanguageSwitcher() {
  const { t } = useI18n();
  const versions = useLanguageVersions();
  if (!versions.length) return null;
  return (
    <div role="group" aria-label={t("language.switcher")} className="mt-6 border-t border-white/15 pt-4">
      <LanguageLinks
        versions={versions}
        className="flex flex-wrap gap-2"
        linkClass={(current) =>
          `block rounded-md px-3 py-2 text-lg ${current ? "font-bold text-accent-400 underline underline-offset-4" : "font-medium text-white hover:bg-white/10"}`
        }
      />
    </div>
  );
}
