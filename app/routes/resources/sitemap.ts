import { listPublishedPosts } from "~/features/blog/blog.server";
import { listCategories } from "~/features/catalogue/categories.server";
import { listProductPaths } from "~/features/catalogue/products.server";
import { siteOrigin } from "~/config.server";
import { getServices } from "~/services.server";
import type { Route } from "./+types/sitemap";

const STATIC_PATHS = [
  "/",
  "/about-us",
  "/our-products",
  "/certificates-memberships",
  "/gallery",
  "/blog",
  "/contact-us",
];

const escapeXml = (value: string) =>
  value.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

/** Every public URL with its last change (issue 3). */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const origin = siteOrigin(config);
  const [categories, products, posts] = await Promise.all([
    listCategories(db),
    listProductPaths(db),
    listPublishedPosts(db),
  ]);
  const newest =
    [...categories, ...products, ...posts]
      .map((r) => r.updated_at)
      .sort()
      .at(-1) ?? new Date().toISOString();
  const entries = [
    ...STATIC_PATHS.map((path) => ({ path, lastmod: newest })),
    ...categories.map((c) => ({ path: `/products/${c.slug}`, lastmod: c.updated_at })),
    ...products.map((p) => ({ path: `/products/${p.category_slug}/${p.slug}`, lastmod: p.updated_at })),
    ...posts.map((p) => ({ path: `/blog/${p.slug}`, lastmod: p.updated_at })),
  ];
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${entries.map((e) => `  <url><loc>${escapeXml(origin + e.path.split("/").map(encodeURIComponent).join("/"))}</loc><lastmod>${e.lastmod.slice(0, 10)}</lastmod></url>`).join("\n")}
</urlset>
`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
