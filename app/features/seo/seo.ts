import type { MetaDescriptor } from "react-router";
import { COMPANY_NAME, type PublicShell } from "~/features/settings/settings.schema";

export interface PageSeo {
  title: string;
  description: string;
  /** Path of the page, e.g. /our-products; made absolute with the site's origin. */
  path: string;
  origin: string;
  image?: string | null;
  type?: "website" | "article" | "product";
  jsonLd?: object[];
}

export const absoluteUrl = (origin: string, pathOrUrl: string) =>
  /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl}`;

/** Title, description, canonical link and OpenGraph tags for a public page, plus its structured data. */
export function pageMeta(seo: PageSeo): MetaDescriptor[] {
  const url = absoluteUrl(seo.origin, seo.path);
  const description = seo.description.replace(/\s+/g, " ").trim().slice(0, 300);
  const tags: MetaDescriptor[] = [
    { title: seo.title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: COMPANY_NAME },
    { property: "og:type", content: seo.type === "article" ? "article" : "website" },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: seo.image ? "summary_large_image" : "summary" },
  ];
  if (seo.image) tags.push({ property: "og:image", content: absoluteUrl(seo.origin, seo.image) });
  for (const data of seo.jsonLd ?? []) tags.push({ "script:ld+json": data });
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

/** The exporter as schema.org sees it: how to reach the sales team, and its social profiles (`sameAs`). */
export function organizationJsonLd(origin: string, shell: PublicShell) {
  return {
    "@type": "Organization",
    name: COMPANY_NAME,
    url: absoluteUrl(origin, "/"),
    logo: absoluteUrl(origin, shell.logoUrl ?? "/favicon.svg"),
    address: { "@type": "PostalAddress", streetAddress: shell.address, addressCountry: "IN" },
    email: shell.email,
    contactPoint: [
      {
        "@type": "ContactPoint",
        contactType: "sales",
        email: shell.email,
        telephone: shell.phone,
        areaServed: "Worldwide",
        availableLanguage: ["English", "Hindi"],
      },
    ],
    sameAs: shell.socials.map((s) => s.href),
  };
}
