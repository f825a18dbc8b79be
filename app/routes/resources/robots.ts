import { siteOrigin } from "~/config.server";
import { pageTag } from "~/lib/web/page-tags";
import { getServices } from "~/services.server";
import type { Route } from "./+types/robots";

export function loader({ context }: Route.LoaderArgs) {
  const { config, shows } = getServices(context);
  // Made from the configuration alone: no save changes it.
  shows(pageTag.configuration);
  const origin = siteOrigin(config);
  const body = `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /quotes/\nDisallow: /orders/\n\nSitemap: ${origin}/sitemap.xml\n`;
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
