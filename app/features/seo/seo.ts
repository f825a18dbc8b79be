import type { MetaDescriptor } from "react-router";
import { COMPANY_NAME, type PublicShell } from "~/features/settings/settings.schema";
import { type Alternates, hreflangVersions, X_DEFAULT } from "~/lib/i18n/alternates";
import {
  DEFAULT_LANGUAGE,
  type Language,
  LANGUAGE_INFO,
  languageOfPath,
  localePath,
  pathWithoutLanguage,
} from "~/lib/i18n/languages";

export interface PageSeo {
  title: string;
  description: string;
  /** Path of the page, e.g. /our-products; made absolute with the site's origin. */
  path: string;
  origin: string;
  /**
   * The page's own picture, with its size in pixels when known (`sizedImage` in app/features/media); without one
   * the site's logo stands in (every page has an og:image).
   */
  image?: string | { src: string; width?: number; height?: number } | null;
  /** What the picture shows (og:image:alt); the page's title when not given. */
  imageAlt?: string;
  type?: "website" | "article" | "product";
  /** For an article: when it was published (article:published_time). */
  publishedTime?: string | null;
  /** The blog's feed, named on the blog's pages. */
  feed?: { path: string; title: string };
  jsonLd?: object[];
}

/** The site's logo as a 512 px PNG (scripts/make-icons.mjs): the Organization logo and the fallback og:image. */
export const SITE_LOGO = { path: "/logo-512.png", width: 512, height: 512 } as const;

export const absoluteUrl = (origin: string, pathOrUrl: string) =>
  /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl}`;

/** What a meta function's matches carry that `pageMeta` reads: each route's id, path and loader data. */
type MetaMatches = ReadonlyArray<{ id: string; pathname?: string; loaderData?: unknown } | undefined>;

/** The page's language and its versions in the others, from a meta function's matches (ADR 0030). */
function languagesOf(matches: MetaMatches | undefined) {
  const leaf = matches?.findLast((match) => match !== undefined);
  const lang = languageOfPath(leaf?.pathname ?? "/");
  const layout = matches?.find((match) => match?.id === "routes/site/layout")?.loaderData as
    { languages?: Language[] } | undefined;
  const alternates = matches
    ?.map((match) => (match?.loaderData as { alternates?: Alternates } | undefined)?.alternates)
    .findLast((value): value is Alternates => !!value && typeof value === "object");
  // A page whose main text is not in its language (its loader says `available: false`, ADR 0030) is English's.
  const untranslated = matches?.some((match) => (match?.loaderData as { available?: unknown })?.available === false);
  return { lang, languages: layout?.languages ?? [DEFAULT_LANGUAGE], alternates, untranslated: !!untranslated };
}

/** schema.org types whose `inLanguage` says the page's language: the page itself and the articles it is. */
const PAGE_TYPES = new Set(["WebPage", "AboutPage", "CollectionPage", "ContactPage", "Article", "BlogPosting"]);

const withLanguage = (data: object, lang: Language) =>
  PAGE_TYPES.has((data as { "@type"?: string })["@type"] ?? "") ? { ...data, inLanguage: lang } : data;

/**
 * Title, description, canonical link and OpenGraph tags for a public page, plus its structured data. Given the
 * meta function's `matches`, the page's language too: its address under its prefix (`seo.path` is the English
 * path, or the page's own in its language), `hreflang` links to each available version and `x-default`,
 * `og:locale` and its alternates, and `inLanguage`.
 */
export function pageMeta(seo: PageSeo, matches?: MetaMatches): MetaDescriptor[] {
  const { lang, languages, alternates: pages, untranslated } = languagesOf(matches);
  // A page's versions are its loader's paths; a later page of a list (`?page=2`) is that page in each version.
  const query = seo.path.includes("?") ? seo.path.slice(seo.path.indexOf("?")) : "";
  const alternates = pages && query ? mapValues(pages, (path) => (path.includes("?") ? path : path + query)) : pages;
  const ownPath = alternates?.[lang] ?? (languageOfPath(seo.path) === lang ? seo.path : localePath(lang, seo.path));
  // An item not translated into this language shows English text under its prefix: the English page is the one
  // to index, so a search engine never files an English page as Arabic.
  const canonicalPath =
    untranslated && lang !== DEFAULT_LANGUAGE
      ? (alternates?.[DEFAULT_LANGUAGE] ?? pathWithoutLanguage(ownPath))
      : ownPath;
  const url = absoluteUrl(seo.origin, canonicalPath);
  const description = seo.description.replace(/\s+/g, " ").trim().slice(0, 300);
  const tags: MetaDescriptor[] = [
    { title: seo.title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    ...languageLinks(seo.origin, lang, languages, ownPath, alternates),
    { property: "og:site_name", content: COMPANY_NAME },
    { property: "og:type", content: seo.type === "article" ? "article" : "website" },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: seo.image ? "summary_large_image" : "summary" },
  ];
  const image = typeof seo.image === "string" ? { src: seo.image } : seo.image;
  if (image) {
    tags.push({ property: "og:image", content: absoluteUrl(seo.origin, image.src) });
    // Both or neither: a size that is not known is left out, never guessed.
    if (image.width && image.height)
      tags.push(
        { property: "og:image:width", content: String(image.width) },
        { property: "og:image:height", content: String(image.height) },
      );
    tags.push({ property: "og:image:alt", content: seo.imageAlt ?? seo.title });
  } else {
    tags.push(
      { property: "og:image", content: absoluteUrl(seo.origin, SITE_LOGO.path) },
      { property: "og:image:type", content: "image/png" },
      { property: "og:image:width", content: String(SITE_LOGO.width) },
      { property: "og:image:height", content: String(SITE_LOGO.height) },
      { property: "og:image:alt", content: `${COMPANY_NAME} logo` },
    );
  }
  if (seo.type === "article" && seo.publishedTime)
    tags.push({ property: "article:published_time", content: new Date(seo.publishedTime).toISOString() });
  if (seo.feed)
    tags.push({
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: seo.feed.title,
      href: absoluteUrl(seo.origin, seo.feed.path),
    });
  for (const data of seo.jsonLd ?? []) tags.push({ "script:ld+json": withLanguage(data, lang) });
  return tags;
}

/**
 * `hreflang` links for each version of the page (itself included) and `x-default`, then `og:locale` and
 * `og:locale:alternate`. Nothing but `og:locale` while English is the site's only language (today's pages).
 */
const mapValues = <K extends string, V>(record: Partial<Record<K, V>>, map: (value: V) => V) =>
  Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value as V)])) as Partial<Record<K, V>>;

function languageLinks(
  origin: string,
  lang: Language,
  languages: readonly Language[],
  ownPath: string,
  alternates: Alternates | undefined,
): MetaDescriptor[] {
  const versions = languages.length > 1 ? hreflangVersions(languages, ownPath, alternates) : [];
  const tags: MetaDescriptor[] = versions.map((version) => ({
    tagName: "link",
    rel: "alternate",
    hrefLang: version.lang,
    href: absoluteUrl(origin, version.path),
  }));
  const fallback = versions.find((version) => version.lang === X_DEFAULT);
  if (fallback)
    tags.push({ tagName: "link", rel: "alternate", hrefLang: "x-default", href: absoluteUrl(origin, fallback.path) });
  if (languages.length > 1) tags.push({ property: "og:locale", content: LANGUAGE_INFO[lang].ogLocale });
  for (const version of versions)
    if (version.lang !== lang)
      tags.push({ property: "og:locale:alternate", content: LANGUAGE_INFO[version.lang].ogLocale });
  return tags;
}

export function breadcrumbJsonLd(origin: string, items: Array<{ name: string; path: string }>) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: item.name,
      item: absoluteUrl(origin, item.path),
    })),
  };
}

/**
 * The site as schema.org sees it, on the home page of each language: its name, its address and how to search it
 * (a SearchAction on /search in that language, issue 43).
 */
export function webSiteJsonLd(origin: string, lang: Language) {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: COMPANY_NAME,
    url: absoluteUrl(origin, localePath(lang, "/")),
    inLanguage: lang,
    potentialAction: {
      "@type": "SearchAction",
      target: `${absoluteUrl(origin, localePath(lang, "/search"))}?q={search_term_string}`,
      "query-input": "required name=search_term_string",
    },
  };
}

/** The exporter as schema.org sees it: how to reach the sales team, and its social profiles (`sameAs`). */
export function organizationJsonLd(origin: string, shell: PublicShell) {
  // A cleared setting is left out, never filled with a made-up value (ADR 0035).
  const contact = {
    ...(shell.email ? { email: shell.email } : {}),
    ...(shell.phone ? { telephone: shell.phone } : {}),
  };
  return {
    "@type": "Organization",
    name: COMPANY_NAME,
    url: absoluteUrl(origin, "/"),
    logo: absoluteUrl(origin, shell.logoUrl ?? SITE_LOGO.path),
    ...(shell.address ? { address: postalAddress(shell.address) } : {}),
    ...(shell.email ? { email: shell.email } : {}),
    ...(Object.keys(contact).length
      ? {
          contactPoint: [
            {
              "@type": "ContactPoint",
              contactType: "sales",
              ...contact,
              areaServed: "Worldwide",
              availableLanguage: ["English", "Hindi"],
            },
          ],
        }
      : {}),
    sameAs: shell.socials.map((s) => s.href).filter(isProfileUrl),
  };
}

/** A profile, not a platform's home page: `https://www.facebook.com/` says nothing about the company. */
function isProfileUrl(href: string) {
  try {
    return new URL(href).pathname.replace(/\/+$/, "") !== "";
  } catch {
    return false;
  }
}

/**
 * The address as a schema.org PostalAddress. An Indian address written as "street, …, town, State 208025, India"
 * is split into its parts; anything else is kept whole in streetAddress (a wrong split is worse than none).
 */
export function postalAddress(address: string) {
  const parts = address
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const country = parts.at(-1)?.toLowerCase() === "india" ? parts.pop() : null;
  const regionAndPin = parts.at(-1)?.match(/^([A-Za-z][A-Za-z .&-]*?)\s+(\d{3}\s?\d{3})$/);
  if (country && regionAndPin && parts.length >= 3) {
    parts.pop();
    const locality = parts.pop()!;
    return {
      "@type": "PostalAddress",
      streetAddress: parts.join(", "),
      addressLocality: locality,
      addressRegion: regionAndPin[1],
      postalCode: regionAndPin[2].replace(/\s/g, ""),
      addressCountry: "IN",
    };
  }
  return { "@type": "PostalAddress", streetAddress: address, addressCountry: "IN" };
}

/**
 * A page as schema.org sees it (AboutPage, CollectionPage, ContactPage, …), published by the exporter, with its
 * breadcrumb trail from the home page.
 */
export function webPageJsonLd(
  origin: string,
  shell: PublicShell,
  page: { type: string; name: string; path: string; description: string },
) {
  return [
    {
      "@context": "https://schema.org",
      "@type": page.type,
      name: page.name,
      url: absoluteUrl(origin, page.path),
      description: page.description,
      inLanguage: "en",
      isPartOf: { "@type": "WebSite", name: COMPANY_NAME, url: absoluteUrl(origin, "/") },
      publisher: organizationJsonLd(origin, shell),
      ...(page.type === "AboutPage" || page.type === "ContactPage"
        ? { mainEntity: organizationJsonLd(origin, shell) }
        : {}),
    },
    breadcrumbJsonLd(origin, [
      { name: "Home", path: "/" },
      { name: page.name, path: page.path },
    ]),
  ];
}
