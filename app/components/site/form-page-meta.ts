import type { MetaDescriptor } from "react-router";
import { siteData } from "~/components/site/site-data";
import { metaWording } from "~/features/i18n/wording";
import type { MessageKey } from "~/features/i18n/catalogue";
import { pageMeta } from "~/features/seo/seo";
import { COMPANY_NAME } from "~/features/settings/settings.schema";
import { localePath } from "~/lib/i18n/languages";

type Matches = Parameters<typeof metaWording>[0] & Parameters<typeof pageMeta>[1] & Parameters<typeof siteData>[0];

/**
 * The meta of a public form a buyer fills for themself (the quote list, a sample request): the title and description
 * in the page's language, one address whatever the form was opened with, and `noindex`: a visitor's own form is
 * nothing for a search engine (and is in no sitemap).
 */
export function formPageMeta(
  matches: Matches,
  form: { title: MessageKey; description: MessageKey; path: string },
): MetaDescriptor[] {
  const { lang, t } = metaWording(matches);
  return [
    ...pageMeta(
      {
        title: `${t(form.title)} | ${COMPANY_NAME}`,
        description: t(form.description),
        path: localePath(lang, form.path),
        origin: siteData(matches).origin,
      },
      matches,
    ),
    { name: "robots", content: "noindex" },
  ];
}
