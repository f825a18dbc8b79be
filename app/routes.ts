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
  route("request-sample", "routes/site/request-sample.tsx"),
  // A lot's page, which the QR code on a bag opens (issue 45): the bare address answers by the browser's language.
  route("lots/:code", "routes/site/lot.tsx"),
  // The site's search (issue 43): never from the page cache (app/features/page-cache/policy.server.ts).
  route("search", "routes/site/search.tsx"),
  // Up to four products side by side (issue 43): never from the page cache either.
  route("compare", "routes/site/compare.tsx"),
  // The buyer's own page and its emailed sign-in link (issue 45): never from the page cache either.
  route("account", "routes/site/account.tsx"),
  route("account/sign-in", "routes/site/account-sign-in.tsx"),
  // 'Add to Quote' and Remove as the public pages' script sends them (JSON), in the page's language; not a page. Here
  // rather than once per language beside the pages: the site's copy for every language is one more route, not eight.
  route("request-quote/list", "routes/resources/quote-list.ts"),
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
  // A sent quote as its buyer sees it (issue 28): in the quote's own language, whatever the path.
  route("quotes/:token", "routes/quotes/quote.tsx"),
  route("quotes/:token/pdf", "routes/quotes/quote-pdf.ts"),
  // An order as its buyer follows it (issue 44): the same kind of unguessable link, never cached, never indexed.
  route("orders/:token", "routes/orders/order.tsx"),
  route("orders/:token/proforma.pdf", "routes/orders/proforma-pdf.ts"),
  route("orders/:token/documents/:documentId", "routes/orders/document.ts"),
  // A lot's test report, only while the exporter shows it on the lot's page (issue 45).
  route("lots/:code/report", "routes/resources/lot-report.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
  route("opensearch.xml", "routes/resources/opensearch.ts"),
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
  // for every loader and action (tests/integration/admin-authorization.test.ts enforces it). The layout owns the
  // `admin` segment, so a public page's path is tried against it once, not against each back-office route (React
  // Router matches every request against every route, several times over: issue 25).
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/index.tsx"),
    route("dashboard", "routes/admin/dashboard.tsx"),
    // The back office's one search box, in the header of every admin page (issue 43).
    route("search", "routes/admin/search.tsx"),
    route("logout", "routes/admin/logout.tsx"),
    route("manage-products", "routes/admin/manage-products/products.tsx"),
    route("manage-products/add", "routes/admin/manage-products/product-form.tsx", { id: "admin-product-add" }),
    route("manage-products/edit/:productId", "routes/admin/manage-products/product-form.tsx", {
      id: "admin-product-edit",
    }),
    route("manage-products/export", "routes/admin/manage-products/products-export.ts"),
    route("manage-products/import", "routes/admin/manage-products/products-import.tsx"),
    route("manage-products/import/template/:format", "routes/admin/manage-products/products-import-template.ts"),
    route("manage-products/import-photos", "routes/admin/manage-products/products-import-photos.tsx"),
    route("manage-products/import-photos/:jobId", "routes/admin/manage-products/products-import-photo-job.tsx"),
    route("manage-categories", "routes/admin/manage-categories/categories.tsx"),
    route("edit-pages", "routes/admin/edit-pages/edit-pages.tsx"),
    route("edit-pages/home", "routes/admin/edit-pages/page-editor.tsx", { id: "admin-edit-home" }),
    route("edit-pages/about-us", "routes/admin/edit-pages/page-editor.tsx", { id: "admin-edit-about" }),
    route("edit-pages/certificates", "routes/admin/edit-pages/certificates.tsx"),
    route("edit-pages/gallery", "routes/admin/edit-pages/gallery.tsx"),
    route("site-settings", "routes/admin/site-settings.tsx"),
    route("languages", "routes/admin/languages.tsx"),
    route("scheduled", "routes/admin/scheduled.tsx"),
    route("search-synonyms", "routes/admin/search-synonyms.tsx"),
    route("exchange-rates", "routes/admin/exchange-rates.tsx"),
    route("manage-blog", "routes/admin/manage-blog/blog.tsx"),
    route("manage-blog/add", "routes/admin/manage-blog/blog-form.tsx", { id: "admin-blog-add" }),
    route("manage-blog/edit/:postId", "routes/admin/manage-blog/blog-form.tsx", { id: "admin-blog-edit" }),
    route("user-management", "routes/admin/user-management/users.tsx"),
    route("accounts", "routes/admin/accounts/accounts.tsx"),
    route("accounts/:userId", "routes/admin/accounts/account.tsx"),
    route("account/two-factor", "routes/admin/accounts/two-factor.tsx"),
    route("user-management/edit/:userId", "routes/admin/user-management/user-edit.tsx"),
    route("manage-categories/add", "routes/admin/manage-categories/category-form.tsx", { id: "admin-category-add" }),
    route("manage-categories/edit/:categoryId", "routes/admin/manage-categories/category-form.tsx", {
      id: "admin-category-edit",
    }),
    route("history/:entity/:entityId/restore", "routes/admin/history/history-restore.tsx"),
    route("activity/:activityId/revert", "routes/admin/activity/import-revert.tsx"),
    route("inquiries", "routes/admin/inquiries/inquiries.tsx"),
    route("inquiries/export", "routes/admin/inquiries/inquiries-export.ts"),
    route("inquiries/:inquiryId", "routes/admin/inquiries/inquiry.tsx"),
    route("quotes", "routes/admin/quotes/quotes.tsx"),
    route("quotes/new", "routes/admin/quotes/quote-new.tsx"),
    route("quotes/:quoteId", "routes/admin/quotes/quote-editor.tsx"),
    route("quotes/:quoteId/pdf", "routes/admin/quotes/quote-pdf.ts"),
    route("orders", "routes/admin/orders/orders.tsx"),
    route("orders/countries", "routes/admin/orders/countries.tsx"),
    route("orders/:orderId", "routes/admin/orders/order.tsx"),
    route("orders/:orderId/proforma.pdf", "routes/admin/orders/proforma-pdf.ts"),
    route("orders/:orderId/proformas/:proformaId", "routes/admin/orders/proforma-revision.ts"),
    route("orders/:orderId/shipments/:shipmentId", "routes/admin/orders/shipment.tsx"),
    route("orders/:orderId/shipments/:shipmentId/documents/:documentId", "routes/admin/orders/shipment-document.ts"),
    route("orders/:orderId/shipments/:shipmentId/lot-labels.pdf", "routes/admin/orders/lot-labels-pdf.ts"),
    route("orders/:orderId/shipments/:shipmentId/lots/:lotId/report", "routes/admin/orders/lot-report.ts"),
    route("orders/:orderId/shipments/:shipmentId/lots-template/:format", "routes/admin/orders/lots-template.ts"),
    route("buyers", "routes/admin/buyers/buyers.tsx"),
    route("demand", "routes/admin/demand.tsx"),
    route("media", "routes/admin/media/media.tsx"),
    route("media/upload", "routes/admin/media/media-upload.ts"),
    route("activity", "routes/admin/activity/activity.tsx"),
    route("activity/export", "routes/admin/activity/activity-export.ts"),
    route("translations", "routes/admin/translations/translations.tsx"),
    route("translations/export", "routes/admin/translations/translations-export.ts"),
    route("translations/import", "routes/admin/translations/translations-import.tsx"),
    // The item's id is the rest of the path: a page text's id holds a slash (`home/hero`).
    route("translations/:lang/:entity/*", "routes/admin/translations/translation-editor.tsx"),
    route("*", "routes/admin/not-found.tsx"),
  ]),
] satisfies RouteConfig;
