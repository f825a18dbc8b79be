import { index, layout, prefix, route, type RouteConfig, type RouteConfigEntry } from "@react-router/dev/routes";
import { SHIPPED_LANGUAGES } from "./lib/i18n/languages";

/** The public site's pages, once per language: English at today's URLs, every other language under its prefix. */
const site: RouteConfigEntry[] = [
  index("routes/site/home.tsx"),
  route("about-us", "routes/site/about.tsx"),
  route("our-products", "routes/site/our-products.tsx"),
  route("products/:categorySlug", "routes/site/category.tsx"),
  route("products/:categorySlug/:productSlug", "routes/site/product.tsx"),
  route("certificates-memberships", "routes/site/certificates.tsx"),
  route("gallery", "routes/site/gallery.tsx"),
  route("blog", "routes/site/blog.tsx"),
  route("blog/:postSlug", "routes/site/blog-post.tsx"),
  route("contact-us", "routes/site/contact.tsx"),
  route("request-quote", "routes/site/request-quote.tsx"),
  route("request-quote/sent", "routes/site/request-quote-sent.tsx"),
  route("*", "routes/site/not-found.tsx"),
];

/** Route ids of a language copy: `lang/routes/site/product` beside English's `routes/site/product`. */
const withIdPrefix = (idPrefix: string, routes: RouteConfigEntry[]): RouteConfigEntry[] =>
  routes.map((entry) => ({
    ...entry,
    id: `${idPrefix}/${entry.id ?? entry.file.replace(/\.tsx?$/, "")}`,
    children: entry.children && withIdPrefix(idPrefix, entry.children),
  }));

const [home, ...pages] = site;
/** The language copy holds every page but the catch-all: `/xyz/abc` is English's 404 page, as before languages. */
const languagePages = pages.filter((entry) => entry.path !== "*");

export default [
  layout("routes/site/layout.tsx", [
    ...site,
    // Every other shipped language (ADR 0030), once for all of them: `/:lang/…`. React Router matches a path against
    // every route on each request, several times over (its partial manifest tries each ancestor path), so eight
    // copies cost a quarter of an uncached page's CPU (issue 25). The segment is required, never `:lang?`, whose
    // optional segment ties with a slug; `/blog/blog` ties with `/:lang/blog` too, and English, declared first, wins.
    // Each language's home is its own static route, so `/xyz` stays English's 404 page. The site layout's
    // middleware answers 404 for a language that is not shipped or not enabled (`/xyz/gallery`, `/fr/blog`).
    ...SHIPPED_LANGUAGES.map((lang) => ({ ...home, path: lang, index: undefined, id: `${lang}/routes/site/home` })),
    ...withIdPrefix("lang", prefix(":lang", languagePages)),
  ]),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("catalogue.pdf", "routes/resources/catalogue-pdf.ts"),
  ...SHIPPED_LANGUAGES.map((lang) =>
    route(`${lang}/catalogue.pdf`, "routes/resources/catalogue-pdf.ts", {
      id: `${lang}/routes/resources/catalogue-pdf`,
    }),
  ),

  // The only admin pages outside the guard.
  route("admin/login", "routes/admin/login.tsx"),
  route("admin/setup", "routes/admin/setup.tsx"),
  // Accounts (ADR 0034): the steps of signing in and the one-time links, which must work signed out.
  route("admin/login/two-factor", "routes/admin/login-two-factor.tsx"),
  route("admin/forgot-password", "routes/admin/forgot-password.tsx"),
  route("admin/accept-invite", "routes/admin/set-password.tsx", { id: "admin-accept-invite" }),
  route("admin/reset-password", "routes/admin/set-password.tsx", { id: "admin-reset-password" }),

  // Everything else under /admin sits below this layout, whose middleware checks the session and role
  // for every loader and action (tests/integration/admin-authorization.test.ts enforces it).
  layout("routes/admin/layout.tsx", [
    route("admin", "routes/admin/index.tsx"),
    route("admin/dashboard", "routes/admin/dashboard.tsx"),
    route("admin/logout", "routes/admin/logout.tsx"),
    route("admin/manage-products", "routes/admin/products.tsx"),
    route("admin/manage-products/add", "routes/admin/product-form.tsx", { id: "admin-product-add" }),
    route("admin/manage-products/edit/:productId", "routes/admin/product-form.tsx", { id: "admin-product-edit" }),
    route("admin/manage-products/export", "routes/admin/products-export.ts"),
    route("admin/manage-products/import", "routes/admin/products-import.tsx"),
    route("admin/manage-categories", "routes/admin/categories.tsx"),
    route("admin/edit-pages", "routes/admin/edit-pages.tsx"),
    route("admin/edit-pages/home", "routes/admin/page-editor.tsx", { id: "admin-edit-home" }),
    route("admin/edit-pages/about-us", "routes/admin/page-editor.tsx", { id: "admin-edit-about" }),
    route("admin/edit-pages/certificates", "routes/admin/certificates.tsx"),
    route("admin/edit-pages/gallery", "routes/admin/gallery.tsx"),
    route("admin/site-settings", "routes/admin/site-settings.tsx"),
    route("admin/languages", "routes/admin/languages.tsx"),
    route("admin/scheduled", "routes/admin/scheduled.tsx"),
    route("admin/manage-blog", "routes/admin/blog.tsx"),
    route("admin/manage-blog/add", "routes/admin/blog-form.tsx", { id: "admin-blog-add" }),
    route("admin/manage-blog/edit/:postId", "routes/admin/blog-form.tsx", { id: "admin-blog-edit" }),
    route("admin/user-management", "routes/admin/users.tsx"),
    route("admin/accounts", "routes/admin/accounts.tsx"),
    route("admin/accounts/:userId", "routes/admin/account.tsx"),
    route("admin/account/two-factor", "routes/admin/two-factor.tsx"),
    route("admin/user-management/edit/:userId", "routes/admin/user-edit.tsx"),
    route("admin/manage-categories/add", "routes/admin/category-form.tsx", { id: "admin-category-add" }),
    route("admin/manage-categories/edit/:categoryId", "routes/admin/category-form.tsx", { id: "admin-category-edit" }),
    route("admin/history/:entity/:entityId/restore", "routes/admin/history-restore.tsx"),
    route("admin/activity/:activityId/revert", "routes/admin/import-revert.tsx"),
    route("admin/inquiries", "routes/admin/inquiries.tsx"),
    route("admin/inquiries/export", "routes/admin/inquiries-export.ts"),
    route("admin/inquiries/:inquiryId", "routes/admin/inquiry.tsx"),
    route("admin/activity", "routes/admin/activity.tsx"),
    route("admin/activity/export", "routes/admin/activity-export.ts"),
    route("admin/translations", "routes/admin/translations.tsx"),
    route("admin/translations/export", "routes/admin/translations-export.ts"),
    route("admin/translations/import", "routes/admin/translations-import.tsx"),
    // The item's id is the rest of the path: a page text's id holds a slash (`home/hero`).
    route("admin/translations/:lang/:entity/*", "routes/admin/translation-editor.tsx"),
    route("admin/*", "routes/admin/not-found.tsx"),
  ]),
] satisfies RouteConfig;
