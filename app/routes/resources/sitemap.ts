import { siteOrigin } from "~/config.server";
import { listSitemapFiles, sitemapIndexXml, sitemapResponse } from "~/features/seo/sitemap.server";
import { getServices } from "~/services.server";
import type { Route } from "./+types/sitemap";

/**
 * The sitemap index (issue 13): every public URL (issue 3) is in one of the files it lists, none holding more than
 * the protocol's 50,000, so a catalogue of any size stays valid and no request reads it whole.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, config, shows } = getServices(context);
  const files = await listSitemapFiles(db, config.sitemapMaxUrls, shows);
  return sitemapResponse(sitemapIndexXml(siteOrigin(config), files));
}
