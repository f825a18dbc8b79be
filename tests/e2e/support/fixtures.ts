/**
 * Fixtures of the browser tests: import `test` and `expect` from here instead of "@playwright/test".
 *
 * Every test runs beside others (fullyParallel, and perhaps a second checkout's run on the same machine), so a test
 * makes its own data under names of its own (`uid`) and removes it again; it never changes what another test reads.
 *
 * - `adminPage`: a Page, in a context of its own, signed in as the site's administrator (admin@example.com on the
 *   main site); every confirm() prompt is accepted. The sign-in happens once per worker (a request, not the form)
 *   and its cookies are reused, which keeps the suite fast and far below the login throttle.
 * - `adminRequest`: an APIRequestContext with the same session, for setting up and cleaning up through the server.
 * - `seededProduct`: `{ id, name, slug, categorySlug, categoryName, path, url }`, a product with a main image made
 *   for this test alone in the demo category "Fresh Vegetables" (no test counts its products) through the real
 *   admin form (multipart POST to /admin/manage-products/add), and deleted after the test. `url` is absolute.
 * - `seededCategory`: `{ id, name, slug, url }`, the same for a category (no image). Public tests count the
 *   categories, so it exists only on a site of the worker's own (below); on the main site it throws.
 * - `uid`: a short id unique to this test run, to put into names and slugs.
 * - `onCleanup(task)`: runs `task` after the test, passed or failed (last registered first), while `adminRequest` is
 *   still open: for what a test makes through the pages, e.g. `onCleanup(() => deleteProduct(adminRequest, id))`.
 *   findProductId / deleteProduct / findCategoryId / deleteCategory below do it the way the admin pages do.
 * - `site` (option): "main" (default) is the seeded site Playwright starts, shared by everything that runs at the
 *   same time. `test.use({ site: "own" })` puts a file's tests on a seeded SQLite site of this worker's own,
 *   started on first use (15 s; a minute on a busy machine) and shared by the own-site tests the worker runs one
 *   after another: for tests that change what others read (site texts and settings, certificates, gallery, blog,
 *   categories, users). `baseURL`, `page`, `request`, `adminPage` and the seeded data then all belong to that site.
 *   Those tests still put back what they change (a failed test's worker, and so its site, is replaced anyway).
 * - `siteServer`: `{ kind, url, dataDir, admin }` of the test's site (`dataDir` only for an own site).
 * - `insertQuoteRequest(siteServer, request)`: a quote request with its lines written straight into an own site's
 *   database (the public quote form is not the subject of those tests); returns its id and a `remove()`.
 *
 * The accounts: MAIN_ADMIN and MAIN_USER on the main site (made by support/serve.mjs), OWN_SITE_ADMIN on own sites.
 */
import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type Page,
  type PlaywrightWorkerArgs,
  type TestInfo,
} from "@playwright/test";
import { randomBytes } from "node:crypto";
import { createDatabase } from "../../../app/db/database.server";
import { countryCodeOf } from "../../../app/lib/country";
import { slugify } from "../../../app/lib/slug";
import { insertInquiryLine } from "../../support/builders";
import { insertInquiry } from "../../support/test-db";
import { jpeg } from "./files";
import { waitForHydrationOnNavigation } from "./hydration";
import { startSiteWithAdmin, type ExtraServer } from "./spawn-server";

export { expect, waitForHydrationOnNavigation };

export interface Account {
  name: string;
  email: string;
  password: string;
}
export const MAIN_ADMIN: Account = { name: "Asha Admin", email: "admin@example.com", password: "admin-password-123" };
/** A signed-in non-admin is signed out again at once, so there is no page fixture for this account. */
export const MAIN_USER: Account = { name: "Uma User", email: "user@example.com", password: "user-password-123" };
export const OWN_SITE_ADMIN: Account = { name: "Olu Owner", email: "owner@example.com", password: "owner-password-12" };

type StorageState = Awaited<ReturnType<APIRequestContext["storageState"]>>;

export interface SiteServer {
  kind: "main" | "own";
  /** Origin, without a trailing slash. */
  url: string;
  /** The own site's SQLite folder (for scripts/user-add.ts and the like); undefined for the main site. */
  dataDir: string | undefined;
  admin: Account;
}
interface SignedInSite extends SiteServer {
  adminState: StorageState;
}

export interface SeededProduct {
  id: string;
  name: string;
  slug: string;
  categorySlug: string;
  categoryName: string;
  /** `/products/{categorySlug}/{slug}` */
  path: string;
  /** The public page, absolute. */
  url: string;
}
export interface SeededCategory {
  id: string;
  name: string;
  slug: string;
  /** The public page, absolute. */
  url: string;
}

const SEEDED_PRODUCT_CATEGORY = { name: "Fresh Vegetables", slug: "fresh-vegetables" };

/** A short id for names and slugs: the worker, then random letters (a retry gets new ones). */
export const uniqueId = (testInfo: TestInfo) => `w${testInfo.workerIndex}${randomBytes(4).toString("hex")}`;

const htmlText = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The id in the edit link of the admin list row (of `listPath?q=…`) that contains `rowMarker`; null without one. */
async function findRowId(request: APIRequestContext, listPath: string, query: string, rowMarker: string) {
  const response = await request.get(`${listPath}?q=${encodeURIComponent(query)}`);
  expect(response.status(), `${listPath}?q=${query}`).toBe(200);
  const row = (await response.text()).split("<tr").find((html) => html.includes(rowMarker));
  const id = row?.match(new RegExp(`href="${listPath}/edit/([^"]+)"`))?.[1];
  return id ? decodeURIComponent(id) : null;
}

/** The product's id from the admin list, or null when there is no such product. */
export const findProductId = (request: APIRequestContext, categorySlug: string, slug: string) =>
  findRowId(request, "/admin/manage-products", slug, `href="/products/${categorySlug}/${slug}"`);

/** The category's id from the admin list, or null when there is no such category. */
export const findCategoryId = (request: APIRequestContext, slug: string) =>
  findRowId(request, "/admin/manage-categories", slug, `>${htmlText(slug)}</td>`);

/** The delete button's request on an admin list; true when something was deleted. */
async function deleteRow(request: APIRequestContext, listPath: string, id: string) {
  const response = await request.post(listPath, { form: { intent: "delete", id } });
  if (response.status() === 404) return false; // already gone
  expect(response.status(), `delete ${id} on ${listPath}: ${await response.text()}`).toBe(200);
  return true;
}
export const deleteProduct = (request: APIRequestContext, id: string) =>
  deleteRow(request, "/admin/manage-products", id);
export const deleteCategory = (request: APIRequestContext, id: string) =>
  deleteRow(request, "/admin/manage-categories", id);

/** After a form POST the admin routes redirect to their list; anything else is the form again, with its error. */
async function expectSaved(response: Awaited<ReturnType<APIRequestContext["post"]>>, listPath: string) {
  const landed = new URL(response.url()).pathname;
  if (response.status() !== 200 || landed !== listPath) {
    const toast = (await response.text()).match(/"description":"([^"]*)"/)?.[1];
    throw new Error(`saving failed (${response.status()} at ${landed})${toast ? `: ${toast}` : ""}`);
  }
}

export interface QuoteRequestInput {
  full_name: string;
  email: string;
  company: string;
  country: string;
  destination_port: string;
  incoterm: string;
  /** YYYY-MM */
  delivery_month: string;
  subject: string;
  message: string;
  /** Each line names a product of the site by slug. */
  lines: Array<{ productSlug: string; quantity: string; unit: string; grade?: string; packaging?: string }>;
}

/** Writes a quote request into an own site's SQLite database; `remove()` deletes it again (its lines and notes go with it). */
/**
 * Forgets how many messages and quote requests this machine sent an own site (the per-address limit, ADR 0011): every
 * browser test writes from 127.0.0.1, so a test that sends the public form through the page would otherwise be
 * refused for what the tests before it sent to the same site.
 */
export async function forgetSenders(site: SiteServer) {
  if (!site.dataDir) throw new Error('forgetSenders writes into an own site\'s database: test.use({ site: "own" })');
  const db = createDatabase({ dataDir: site.dataDir });
  try {
    await db.deleteFrom("login_throttle").where("key", "like", "inquiry:%").execute();
  } finally {
    await db.destroy();
  }
}

export async function insertQuoteRequest(site: SiteServer, request: QuoteRequestInput) {
  if (!site.dataDir)
    throw new Error('insertQuoteRequest writes into an own site\'s database: test.use({ site: "own" })');
  const db = createDatabase({ dataDir: site.dataDir });
  const id = crypto.randomUUID();
  try {
    const { lines, ...fields } = request;
    await db.transaction().execute(async (trx) => {
      // The country's code beside its words, as the form stores it (issue 41).
      await insertInquiry(trx, { id, kind: "quote", ...fields, country_code: countryCodeOf(fields.country) });
      for (const [position, { productSlug, ...line }] of lines.entries()) {
        const product = await trx
          .selectFrom("products")
          .select(["id", "name"])
          .where("slug", "=", productSlug)
          .executeTakeFirstOrThrow();
        await insertInquiryLine(trx, {
          inquiry_id: id,
          position,
          product_id: product.id,
          product_name: product.name,
          ...line,
        });
      }
    });
  } finally {
    await db.destroy();
  }
  return {
    id,
    async remove() {
      const cleanup = createDatabase({ dataDir: site.dataDir! });
      try {
        await cleanup.deleteFrom("inquiries").where("id", "=", id).execute();
      } finally {
        await cleanup.destroy();
      }
    },
  };
}

async function signIn(playwright: PlaywrightWorkerArgs["playwright"], url: string, admin: Account) {
  const request = await playwright.request.newContext({ baseURL: url });
  try {
    // The login form's own request, as a browser without JavaScript sends it.
    const response = await request.post("/admin/login", { form: { email: admin.email, password: admin.password } });
    const state = await request.storageState();
    if (!state.cookies.some((cookie) => cookie.name === "session"))
      throw new Error(`signing in as ${admin.email} at ${url} failed: ${response.status()}`);
    return state;
  } finally {
    await request.dispose();
  }
}

async function startOwnSite(browser: Browser) {
  const { server, page } = await startSiteWithAdmin(browser, OWN_SITE_ADMIN);
  try {
    const adminState = await page.context().storageState();
    return { server, adminState };
  } finally {
    await page.context().close();
  }
}

type WorkerFixtures = {
  /** The two kinds of site, each made (or signed in to) when a test of this worker first needs it. */
  sites: { main(): Promise<SignedInSite>; own(): Promise<SignedInSite> };
};

type TestFixtures = {
  site: "main" | "own";
  signedInSite: SignedInSite;
  siteServer: SiteServer;
  uid: string;
  onCleanup: (task: () => Promise<unknown>) => void;
  adminRequest: APIRequestContext;
  adminPage: Page;
  seededProduct: SeededProduct;
  seededCategory: SeededCategory;
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  page: async ({ page, javaScriptEnabled }, provide) => {
    if (javaScriptEnabled !== false) waitForHydrationOnNavigation(page);
    await provide(page);
  },

  sites: [
    async ({ playwright, browser }, provide) => {
      let main: Promise<SignedInSite> | undefined;
      let own: Promise<{ server: ExtraServer; adminState: StorageState }> | undefined;
      await provide({
        main: () =>
          (main ??= (async () => {
            const port = process.env.E2E_PORT;
            if (!port) throw new Error("E2E_PORT is not set: run the tests through playwright.config.ts");
            const url = `http://127.0.0.1:${port}`;
            const adminState = await signIn(playwright, url, MAIN_ADMIN);
            return { kind: "main" as const, url, dataDir: undefined, admin: MAIN_ADMIN, adminState };
          })()),
        own: async () => {
          const { server, adminState } = await (own ??= startOwnSite(browser));
          return { kind: "own" as const, url: server.url, dataDir: server.dataDir, admin: OWN_SITE_ADMIN, adminState };
        },
      });
      const started = await own?.catch(() => undefined);
      await started?.server.stop();
    },
    { scope: "worker", timeout: 60_000 },
  ],

  site: ["main", { option: true }],

  // Starting an own site takes a while on a busy machine: its own time, not the test's.
  signedInSite: [
    async ({ site, sites }, provide) => {
      await provide(await (site === "own" ? sites.own() : sites.main()));
    },
    { scope: "test", timeout: 180_000 },
  ],

  siteServer: async ({ signedInSite }, provide) => {
    const { kind, url, dataDir, admin } = signedInSite;
    await provide({ kind, url, dataDir, admin });
  },

  baseURL: [
    async ({ baseURL, site, sites }, provide) => {
      await provide(site === "own" ? (await sites.own()).url : baseURL);
    },
    { scope: "test", timeout: 180_000 },
  ],

  // eslint-disable-next-line no-empty-pattern -- Playwright needs the fixtures pattern to pass testInfo third
  uid: async ({}, provide, testInfo) => {
    await provide(uniqueId(testInfo));
  },

  adminRequest: async ({ playwright, signedInSite }, provide) => {
    const { url, adminState } = signedInSite;
    const request = await playwright.request.newContext({ baseURL: url, storageState: adminState });
    await provide(request);
    await request.dispose();
  },

  // Depends on adminRequest so that it is torn down first, while the session's requests still work.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- only for the order of teardown
  onCleanup: async ({ adminRequest }, provide) => {
    const tasks: (() => Promise<unknown>)[] = [];
    await provide((task) => tasks.push(task));
    const errors: unknown[] = [];
    for (const task of tasks.reverse()) await task().catch((error: unknown) => errors.push(error));
    if (errors.length) throw errors[0];
  },

  adminPage: async (
    {
      browser,
      signedInSite,
      viewport,
      isMobile,
      hasTouch,
      deviceScaleFactor,
      javaScriptEnabled,
      locale,
      timezoneId,
      acceptDownloads,
    },
    provide,
  ) => {
    const { url, adminState } = signedInSite;
    const context = await browser.newContext({
      baseURL: url,
      storageState: adminState,
      viewport,
      isMobile,
      hasTouch,
      deviceScaleFactor,
      javaScriptEnabled,
      locale,
      timezoneId,
      acceptDownloads,
    });
    const page = await context.newPage();
    if (javaScriptEnabled !== false) waitForHydrationOnNavigation(page);
    page.on("dialog", (dialog) => dialog.accept());
    await provide(page);
    await context.close();
  },

  seededProduct: async ({ adminRequest, siteServer, uid }, provide) => {
    const category = SEEDED_PRODUCT_CATEGORY;
    const name = `Seeded Product ${uid}`;
    const slug = slugify(name);
    const form = await (await adminRequest.get("/admin/manage-products/add")).text();
    const categoryId = form.match(new RegExp(`<option value="([^"]+)">${htmlText(category.name)}</option>`))?.[1];
    if (!categoryId) throw new Error(`no category "${category.name}" in the product form`);
    await expectSaved(
      await adminRequest.post("/admin/manage-products/add", {
        multipart: {
          name,
          slug,
          category_id: categoryId,
          description: `A product made for one test (${uid}).`,
          export_info: "Cartons of 5 kg.",
          image: await jpeg(`${slug}.jpg`, "#3a7d44"),
        },
      }),
      "/admin/manage-products",
    );
    const id = await findProductId(adminRequest, category.slug, slug);
    if (!id) throw new Error(`the new product ${slug} is not in the admin list`);
    const path = `/products/${category.slug}/${slug}`;
    await provide({
      id,
      name,
      slug,
      categorySlug: category.slug,
      categoryName: category.name,
      path,
      url: siteServer.url + path,
    });
    await deleteProduct(adminRequest, id);
  },

  seededCategory: async ({ adminRequest, siteServer, uid }, provide) => {
    if (siteServer.kind === "main")
      throw new Error('seededCategory changes the category list the public tests count: test.use({ site: "own" })');
    const name = `Seeded Category ${uid}`;
    const slug = slugify(name);
    await expectSaved(
      await adminRequest.post("/admin/manage-categories/add", {
        multipart: { name, slug, description: `A category made for one test (${uid}).` },
      }),
      "/admin/manage-categories",
    );
    const id = await findCategoryId(adminRequest, slug);
    if (!id) throw new Error(`the new category ${slug} is not in the admin list`);
    await provide({ id, name, slug, url: `${siteServer.url}/products/${slug}` });
    await deleteCategory(adminRequest, id);
  },
});
