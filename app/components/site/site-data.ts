import type { PublicShell } from "~/features/settings/settings.schema";

export const SITE_LAYOUT_ID = "routes/site/layout";

interface SiteLayoutData {
  shell: PublicShell;
  origin: string;
  /** The products in the visitor's quote list (empty on every cached page). */
  quoteIds: string[];
}

/** The site layout's data (origin for canonical URLs, the public shell) from a meta function's matches. */
export function siteData(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): SiteLayoutData {
  const layout = matches.find((m) => m?.id === SITE_LAYOUT_ID)?.loaderData as SiteLayoutData | undefined;
  return (
    layout ?? {
      origin: "",
      quoteIds: [],
      shell: { logoUrl: null, socials: [], address: "", email: "", phone: "", whatsappNumber: "" },
    }
  );
}
