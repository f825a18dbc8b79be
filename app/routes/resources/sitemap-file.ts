import { data } from "react-router";
import { siteOrigin } from "~/config.server";
import { readSitemapFile, sitemapResponse, urlsetXml } from "~/features/seo/sitemap.server";
import { getServices } from "~/services.server";
import type { Route } from "./+types/sitemap-file";

/** One file of the sitemap index: `/sitemaps/pages-1.xml`, `/sitemaps/products-1.xml`, … */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const name = params.file.endsWith(".xml") ? params.file.slice(0, -".xml".length) : "";
  const entries = await readSitemapFile(db, name, config.sitemapMaxUrls);
  if (!entries) throw data("Not Found", { status: 404 });
  return sitemapResponse(urlsetXml(siteOrigin(config), entries));
}
