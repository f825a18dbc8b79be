import type { PublicShell } from "~/features/settings/settings.schema";
import { DEFAULT_LANGUAGE, type Language } from "~/lib/i18n/languages";

export const SITE_LAYOUT_ID = "routes/site/layout";

interface SiteLayoutData {
  shell: PublicShell;
  origin: string;
  /** English and the enabled languages, in the switcher's order. */
  languages: Language[];
  /** The products in the visitor's quote list on a page rendered for them alone (with a flash), else null. */
  quoteIds: string[] | null;
}

/** The site layout's data (origin for canonical URLs, the public shell) from a meta function's matches. */
export function siteData(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): SiteLayoutData {
  const layout = matches.find((m) => m?.id === SITE_LAYOUT_ID)?.loaderData as SiteLayoutData | undefined;
  return (
    layout ?? {
      origin: "",
      languages: [DEFAULT_LANGUAGE],
      quoteIds: null,
      shell: { logoUrl: null, socials: [], address: "", email: "", phone: "", whatsappNumber: "" },
    }
  );
}
