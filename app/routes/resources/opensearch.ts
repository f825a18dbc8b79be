import { siteOrigin } from "~/config.server";
import { ENGLISH_WORDING } from "~/features/i18n/wording";
import { COMPANY_NAME } from "~/features/settings/settings.schema";
import { pageTag } from "~/lib/web/page-tags";
import { escapeXml } from "~/lib/xml";
import { getServices } from "~/services.server";
import type { Route } from "./+types/opensearch";

/** OpenSearch's ShortName holds at most 16 characters: the company's name, as many whole words of it as fit. */
function shortName(name: string) {
  let short = "";
  for (const word of name.split(/\s+/)) {
    const longer = short ? `${short} ${word}` : word;
    if (longer.length > 16) break;
    short = longer;
  }
  return short || name.slice(0, 16);
}

/**
 * /opensearch.xml: lets a browser add the site's search (issue 43), named in every public page's head. It searches
 * /search, in English: the results show each hit in the page's language, and a product's name in any language finds it.
 */
export function loader({ context }: Route.LoaderArgs) {
  const { config, shows } = getServices(context);
  // Made from the configuration alone: no save changes it.
  shows(pageTag.configuration);
  const origin = siteOrigin(config);
  const description = ENGLISH_WORDING.t("search.description", { company: COMPANY_NAME });
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/">',
    `  <ShortName>${escapeXml(shortName(COMPANY_NAME))}</ShortName>`,
    `  <LongName>${escapeXml(COMPANY_NAME)}</LongName>`,
    `  <Description>${escapeXml(description)}</Description>`,
    "  <InputEncoding>UTF-8</InputEncoding>",
    `  <Image width="16" height="16" type="image/x-icon">${escapeXml(origin)}/favicon.ico</Image>`,
    `  <Url type="text/html" method="get" template="${escapeXml(origin)}/search?q={searchTerms}"/>`,
    `  <Url type="application/opensearchdescription+xml" rel="self" template="${escapeXml(origin)}/opensearch.xml"/>`,
    "</OpenSearchDescription>",
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "application/opensearchdescription+xml; charset=utf-8",
      "Cache-Control": "public, max-age=86400",
    },
  });
}
