import { createHash } from "node:crypto";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/schema";
import { createSession } from "~/features/auth/session.server";
import { OPEN_ADMIN_PATHS } from "~/lib/web/request-kind";
import { createTestApp, loadBuild, signedInAs } from "../support/test-app";
import { createOrder } from "~/features/orders/create-order.server";
import { newId, nowIso } from "~/lib/time";
import { createTestDatabase, engineName, insertInquiry, insertQuote, type TestDatabase } from "../support/test-db";

/**
 * Every route under /admin, read from the route configuration of the production build, must sit below the
 * guarded admin layout (login and setup excepted), and must give anonymous visitors and signed-in non-admins
 * no admin data and change nothing, for reads, data requests and every writing method.
 */
const ADMIN_LAYOUT = "routes/admin/layout";
// The sign-in steps and one-time links (ADR 0034) must work signed out; each checks its own token or throttle.
// The server gives these the public forms' body limit whoever sends them (server/app.ts); every other admin route is
// guarded, and only a live administrator gets the back office's limits.
const UNGUARDED = new Set(OPEN_ADMIN_PATHS.map((path) => path.slice(1)));

function fullPath(build: ServerBuild, id: string): string {
  const parts: string[] = [];
  for (let route = build.routes[id]; route; route = route.parentId ? build.routes[route.parentId] : undefined) {
    if (route.path) parts.unshift(route.path);
  }
  return parts.join("/");
}

function isBelow(build: ServerBuild, id: string, ancestor: string): boolean {
  for (let route = build.routes[id]; route; route = route.parentId ? build.routes[route.parentId] : undefined) {
    if (route.parentId === ancestor) return true;
  }
  return false;
}

const concrete = (path: string) =>
  "/" + path.replace(/:[A-Za-z]+\??/g, crypto.randomUUID()).replace(/\*$/, "some/unknown/page");

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let build: ServerBuild;
let adminPaths: string[];
let canary: string;
// A stored inquiry: the forms below name it, so an unguarded delete or status change would change the fingerprint.
const inquiryId = crypto.randomUUID();
let orderId: string;
let shipmentId: string;
let documentId: string;
let lotId: string;
let lotLineId: string;
let proformaId: string;
let acceptedQuoteId: string;

// A fingerprint of everything but the session and throttle bookkeeping, which signing out legitimately changes.
const CONTENT_TABLES: Array<keyof Database> = [
  "users",
  "profiles",
  "setup_tokens",
  "site_settings",
  "page_content",
  "product_categories",
  "products",
  "certificates",
  "gallery_items",
  "blog_posts",
  "inquiries",
  "inquiry_lines",
  "inquiry_notes",
  "app_secrets",
  "languages",
  "content_translations",
  "activity",
  "versions",
  "account_tokens",
  "account_settings",
  "search_synonyms",
  "exchange_rates",
  "exchange_rate_policy",
  "quotes",
  "orders",
  "order_lines",
  "order_payments",
  "order_numbers",
  "shipments",
  "shipment_containers",
  "container_lines",
  "shipment_documents",
  "document_numbers",
  "country_documents",
  "order_proformas",
  "outbox",
  "shipment_lots",
  "buyers",
  "buyer_emails",
];
async function contentFingerprint() {
  const hash = createHash("sha256");
  for (const table of CONTENT_TABLES) {
    const rows = await t.db.selectFrom(table).selectAll().execute();
    hash.update(table + JSON.stringify(rows.map((r) => JSON.stringify(r)).sort()));
  }
  return hash.digest("hex");
}

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestApp(t.db, t.dataDir);
  build = await loadBuild();
  canary = `canary-admin-${crypto.randomUUID()}@example.com`;
  const { seedDemoIfEmpty } = await import("~/startup/seed/demo.server");
  await seedDemoIfEmpty(t.db, app.storage);
  // A rate to delete or change: a write that got past the guard would change the fingerprint.
  await t.db
    .insertInto("exchange_rates")
    .values({
      currency: "AED",
      rate: "3.6725",
      rate_date: "2026-01-02",
      updated_at: "2026-01-02T00:00:00Z",
      updated_by: null,
    })
    .execute();
  // An inquiry from the canary address: an inquiry page that answered without the guard would show it.
  await insertInquiry(t.db, {
    id: inquiryId,
    full_name: "Canary Buyer",
    email: canary,
    subject: "Canary subject",
    message: "Canary message",
  });
  // An accepted quote from the canary address and its order (issue 44): the order page, unguarded, would show it.
  const quoteId = await insertQuote(t.db, { number: "Q-2026-0777", status: "accepted", buyer_email: canary });
  await t.db
    .insertInto("users")
    .values({
      id: "order-maker",
      email: "maker@example.com",
      password_hash: "x",
      created_at: nowIso(),
      updated_at: nowIso(),
    })
    .execute();
  const made = await createOrder(t.db, { id: "order-maker", email: "maker@example.com", fullName: null }, quoteId, {
    now: Date.now(),
    timeZone: "Asia/Kolkata",
  });
  if (!made.ok) throw new Error(made.message);
  orderId = made.id;
  // Its shipment with an uploaded document (the consignee is the canary): the shipment page and document would show it.
  shipmentId = newId();
  documentId = newId();
  await t.db.updateTable("orders").set({ consignee: canary }).where("id", "=", orderId).execute();
  await t.db
    .insertInto("shipments")
    .values({
      id: shipmentId,
      order_id: orderId,
      position: 1,
      status: "planned",
      version: 1,
      shipping_line: "",
      vessel: "",
      voyage: "",
      port_of_loading: "",
      port_of_discharge: "",
      bl_number: "",
      created_at: nowIso(),
      updated_at: nowIso(),
    })
    .execute();
  await t.db
    .insertInto("shipment_documents")
    .values({
      id: documentId,
      shipment_id: shipmentId,
      kind: "phytosanitary",
      number: "PSC-1",
      issued_on: "2026-11-28",
      revision: 1,
      facts: JSON.stringify({ consignee: canary }),
      file_path: `shipment-documents/${shipmentId}/${documentId}.pdf.document`,
      created_at: nowIso(),
      updated_at: nowIso(),
    })
    .execute();
  // A buyer with the canary's address (issue 45): a join, removal or disabling past the guard would change it.
  await t.db
    .insertInto("buyers")
    .values({ id: "seed-buyer", name: "Canary Imports", created_at: nowIso(), updated_at: nowIso() })
    .execute();
  await t.db
    .insertInto("buyer_emails")
    .values({ email_key: canary.toLowerCase(), buyer_id: "seed-buyer", added_at: nowIso() })
    .execute();
  // A container carrying the order's line, with a lot whose origin is the canary (issue 45): the 'Lots' card, the
  // label sheet and the lot's report would show it; an unguarded add, edit, delete or import would change it.
  const containerId = newId();
  lotId = newId();
  const orderLine = await t.db
    .selectFrom("order_lines")
    .select("id")
    .where("order_id", "=", orderId)
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto("shipment_containers")
    .values({
      id: containerId,
      shipment_id: shipmentId,
      position: 1,
      number: "MSKU1234565",
      seal: "",
      container_type: "20",
      created_at: nowIso(),
    })
    .execute();
  lotLineId = newId();
  await t.db
    .insertInto("container_lines")
    .values({
      id: lotLineId,
      container_id: containerId,
      order_line_id: orderLine.id,
      quantity: "1",
      packages: 1,
      package_kind: "bags",
      net_kg: "1",
      gross_kg: "1",
    })
    .execute();
  await t.db
    .insertInto("shipment_lots")
    .values({
      id: lotId,
      shipment_id: shipmentId,
      container_line_id: lotLineId,
      position: 1,
      code: "7K2M-Q9XD-4HNB",
      origin: canary,
      farm_registration: "",
      test_lab: "",
      test_result: "",
      phyto_number: "",
      report_path: `shipment-lots/${shipmentId}/${lotId}.pdf.document`,
      report_name: "report.pdf",
      report_type: "application/pdf",
      report_public: 0,
      created_at: nowIso(),
      updated_at: nowIso(),
    })
    .execute();
  // A proforma sent to the canary: its stored PDF, unguarded, would be served.
  proformaId = newId();
  await t.db
    .insertInto("order_proformas")
    .values({
      id: proformaId,
      order_id: orderId,
      revision: 1,
      order_version: 1,
      content_key: "",
      issued_on: "2026-11-28",
      file_path: `order-proformas/${orderId}/${proformaId}.pdf`,
      recipient: canary,
      sent_by_id: null,
      sent_by_name: "",
      sent_at: nowIso(),
    })
    .execute();
  acceptedQuoteId = await insertQuote(t.db, { number: "Q-2026-0778", status: "accepted", buyer_email: canary });
  adminPaths = Object.keys(build.routes)
    .filter((id) => isBelow(build, id, ADMIN_LAYOUT))
    .map((id) => fullPath(build, id))
    .filter((path) => path.startsWith("admin"));
}, 120_000);
afterAll(() => t.cleanup());

const WRITE_FORM = {
  intent: "delete",
  id: inquiryId,
  status: "closed",
  name: "Injected",
  slug: "injected",
  role: "admin",
  setting_key: "contact_email",
  setting_value: "evil@example.com",
};

/** The inquiry page's other writes (lead pipeline): each must be refused before its intent is even read. */
const INQUIRY_FORMS: Array<Record<string, string>> = [
  { intent: "status", status: "won" },
  { intent: "assign", assignee_id: "" },
  { intent: "note", body: "Injected note" },
];

/** The exchange rates' writes (issue 43): each must be refused before its intent is read. */
const RATE_FORMS: Array<Record<string, string>> = [
  { intent: "save", currency: "AED", rate: "3.6725", rate_date: "2026-01-01" },
  { intent: "max-age", max_age_days: "90" },
  { intent: "delete", id: "AED" },
];

/** An order's writes (issue 44), and 'Create Order' on an accepted quote: each must be refused before it is read. */
const ORDER_FORMS: Array<Record<string, string>> = [
  { intent: "status", version: "1", to: "cancelled" },
  { intent: "parties", version: "1", consignee: "Injected", notify_party: "" },
  { intent: "terms", version: "1", advance_percent: "100", advance_due_date: "2026-12-01", balance_terms: "documents" },
  { intent: "payment", key: "injected-payment", part: "advance", amount: "1", received_on: "2026-01-01" },
  { intent: "proforma", version: "1" },
];
/** A shipment's writes, and a country's checklist (issue 44): each must be refused before it is read. */
const SHIPMENT_FORMS: Array<Record<string, string>> = [
  { intent: "voyage", version: "1", vessel: "Injected" },
  { intent: "status", version: "1", to: "stuffed" },
  { intent: "container", number: "MSKU1234565", container_type: "20", line_id: "x", quantity: "1" },
  { intent: "make", kind: "commercial-invoice" },
  { intent: "remove-document", document_id: "" },
  { intent: "accept", document_id: "", seen: "" },
];
/** A shipment's lot writes (issue 45), naming the seeded lot and its container line. */
const LOT_FORMS = (): Array<Record<string, string>> => [
  { intent: "add-lot", container_line_id: lotLineId, origin: "Injected" },
  { intent: "edit-lot", lot_id: lotId, seen: "", origin: "Injected" },
  { intent: "delete-lot", lot_id: lotId },
  { intent: "import-lots" },
];
const orderForms = () => [
  ...ORDER_FORMS.map((form) => [`/admin/orders/${orderId}`, form] as const),
  [`/admin/orders/${orderId}`, { intent: "add-shipment" }] as const,
  ...SHIPMENT_FORMS.map((form) => [`/admin/orders/${orderId}/shipments/${shipmentId}`, form] as const),
  // Its lots (issue 45), on the seeded lot.
  ...LOT_FORMS().map((form) => [`/admin/orders/${orderId}/shipments/${shipmentId}`, form] as const),
  ["/admin/orders/countries", { intent: "checklist", country: "BD", kind: "insurance" }] as const,
  [`/admin/quotes/${acceptedQuoteId}`, { intent: "create-order" }] as const,
  // Buyer Access (issue 45).
  ["/admin/buyers", { intent: "join", name: "Injected", addresses: "someone@example.com" }] as const,
  ["/admin/buyers", { intent: "disable", buyer: "seed-buyer" }] as const,
  ["/admin/buyers", { intent: "remove", buyer: "seed-buyer", address: "x" }] as const,
];

/** The search synonyms' writes (issue 43), on a seeded group: each must be refused before its intent is read. */
const SYNONYM_FORMS: Array<Record<string, string>> = [
  { intent: "save", words: "injected, canary" },
  { intent: "save", id: "seed-1", words: "injected, canary" },
  { intent: "delete", id: "seed-1" },
];

describe(`admin authorization on ${engineName}`, () => {
  it("puts every /admin route but login and setup below the guarded admin layout", () => {
    const unguarded = Object.keys(build.routes)
      .map((id) => ({ id, path: fullPath(build, id) }))
      .filter(
        ({ id, path }) =>
          /^admin(\/|$)/.test(path) && !UNGUARDED.has(path) && id !== ADMIN_LAYOUT && !isBelow(build, id, ADMIN_LAYOUT),
      );
    expect(unguarded).toEqual([]);
    // …and every open path is a route outside it.
    for (const path of UNGUARDED) {
      const id = Object.keys(build.routes).find((id) => fullPath(build, id) === path);
      expect(id && !isBelow(build, id, ADMIN_LAYOUT), path).toBe(true);
    }
    expect(adminPaths).toEqual(
      expect.arrayContaining([
        "admin/dashboard",
        "admin/logout",
        "admin/*",
        "admin/inquiries",
        "admin/inquiries/export",
        "admin/inquiries/:inquiryId",
        "admin/translations",
        "admin/translations/export",
        "admin/translations/import",
        "admin/translations/:lang/:entity/*",
        "admin/activity",
        "admin/activity/export",
        "admin/accounts",
        "admin/accounts/:userId",
        "admin/account/two-factor",
        "admin/search-synonyms",
        "admin/exchange-rates",
        "admin/orders",
        "admin/orders/:orderId",
        "admin/orders/:orderId/proforma.pdf",
        "admin/orders/countries",
        "admin/orders/:orderId/shipments/:shipmentId",
        "admin/orders/:orderId/shipments/:shipmentId/documents/:documentId",
        "admin/orders/:orderId/proformas/:proformaId",
        "admin/orders/:orderId/shipments/:shipmentId/lot-labels.pdf",
        "admin/orders/:orderId/shipments/:shipmentId/lots/:lotId/report",
        "admin/orders/:orderId/shipments/:shipmentId/lots-template/:format",
        "admin/buyers",
      ]),
    );
  });

  it("shows the admin layout's data to an admin (so the checks below can see a leak)", async () => {
    const admin = await signedInAs(t.db, "admin", canary);
    const response = await app.request("/admin/dashboard", { cookie: admin.cookie });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(canary);
  });

  it("lets an administrator use the inquiry page's pipeline forms", async () => {
    const admin = await signedInAs(t.db, "admin");
    for (const form of INQUIRY_FORMS) {
      const response = await app.request(`/admin/inquiries/${inquiryId}`, { cookie: admin.cookie, form });
      expect(response.status, form.intent).toBe(302);
      expect(response.headers.get("Location"), form.intent).toBe(`/admin/inquiries/${inquiryId}`);
    }
    // Put back what the administrator changed, so the fingerprints below start from the seeded state.
    await t.db.deleteFrom("inquiry_notes").where("inquiry_id", "=", inquiryId).execute();
    await t.db.updateTable("inquiries").set({ status: "new" }).where("id", "=", inquiryId).execute();
  });

  it("redirects anonymous visitors to the login from every admin route, for every method, changing nothing", async () => {
    const before = await contentFingerprint();
    for (const path of [
      ...adminPaths.map(concrete),
      `/admin/inquiries/${inquiryId}`,
      `/admin/orders/${orderId}`,
      `/admin/orders/${orderId}/proforma.pdf`,
      `/admin/orders/${orderId}/shipments/${shipmentId}`,
      `/admin/orders/${orderId}/shipments/${shipmentId}/documents/${documentId}`,
      `/admin/orders/${orderId}/proformas/${proformaId}`,
      `/admin/orders/${orderId}/shipments/${shipmentId}/lot-labels.pdf`,
      `/admin/orders/${orderId}/shipments/${shipmentId}/lots/${lotId}/report`,
      `/admin/orders/${orderId}/shipments/${shipmentId}/lots-template/csv`,
    ]) {
      for (const [method, target] of [
        ["GET", path],
        ["GET", `${path}.data`],
        ["POST", path],
        ["POST", `${path}.data`],
        ["PUT", path],
        ["DELETE", path],
      ] as const) {
        const response = await app.request(target, { method, form: method === "GET" ? undefined : WRITE_FORM });
        const body = await response.text();
        expect(body, `${method} ${target}`).not.toContain(canary);
        if (target.endsWith(".data")) {
          // Data requests answer a redirect as a 202 with the target in the body, never with route data.
          expect([202, 204, 302], `${method} ${target}`).toContain(response.status);
          expect(body, `${method} ${target}`).toContain("/admin/login");
        } else {
          expect(response.status, `${method} ${target}`).toBe(302);
          expect(response.headers.get("Location"), `${method} ${target}`).toMatch(/^\/admin\/login\?redirectTo=/);
        }
      }
    }
    for (const form of INQUIRY_FORMS) {
      for (const target of [`/admin/inquiries/${inquiryId}`, `/admin/inquiries/${inquiryId}.data`]) {
        const response = await app.request(target, { form });
        expect([202, 204, 302], `${form.intent} ${target}`).toContain(response.status);
        expect(await response.text()).not.toContain(canary);
      }
    }
    for (const form of SYNONYM_FORMS) {
      for (const target of ["/admin/search-synonyms", "/admin/search-synonyms.data"]) {
        const response = await app.request(target, { form });
        expect([202, 204, 302], `${form.intent} ${target}`).toContain(response.status);
        expect(await response.text(), `${form.intent} ${target}`).not.toContain("pyaz");
      }
    }
    for (const form of RATE_FORMS) {
      for (const target of ["/admin/exchange-rates", "/admin/exchange-rates.data"]) {
        const response = await app.request(target, { form });
        expect([202, 204, 302], `${form.intent} ${target}`).toContain(response.status);
      }
    }
    for (const [page, form] of orderForms()) {
      for (const target of [page, `${page}.data`]) {
        const response = await app.request(target, { form });
        expect([202, 204, 302], `${form.intent} ${target}`).toContain(response.status);
        expect(await response.text(), `${form.intent} ${target}`).not.toContain(canary);
      }
    }
    expect(await contentFingerprint()).toBe(before);
  });

  it("signs out a signed-in non-admin on every admin route, for every method, changing nothing", async () => {
    const user = await signedInAs(t.db, "user");
    await t.db.deleteFrom("sessions").where("user_id", "=", user.userId).execute();
    const before = await contentFingerprint();
    for (const path of [
      ...adminPaths.map(concrete),
      `/admin/inquiries/${inquiryId}`,
      `/admin/orders/${orderId}`,
      `/admin/orders/${orderId}/proforma.pdf`,
      `/admin/orders/${orderId}/shipments/${shipmentId}`,
      `/admin/orders/${orderId}/shipments/${shipmentId}/documents/${documentId}`,
      `/admin/orders/${orderId}/proformas/${proformaId}`,
      `/admin/orders/${orderId}/shipments/${shipmentId}/lot-labels.pdf`,
      `/admin/orders/${orderId}/shipments/${shipmentId}/lots/${lotId}/report`,
      `/admin/orders/${orderId}/shipments/${shipmentId}/lots-template/csv`,
    ]) {
      for (const [method, target] of [
        ["GET", path],
        ["GET", `${path}.data`],
        ["POST", path],
        ["POST", `${path}.data`],
        ["PUT", path],
        ["DELETE", path],
      ] as const) {
        // The guard signs the user out each time, so every request gets a session of its own.
        const cookie = `session=${await createSession(t.db, user.userId)}`;
        const response = await app.request(target, { method, cookie, form: method === "GET" ? undefined : WRITE_FORM });
        const body = await response.text();
        expect(body, `${method} ${target}`).not.toContain(canary);
        if (target.endsWith(".data")) {
          expect([202, 204, 302], `${method} ${target}`).toContain(response.status);
          expect(body, `${method} ${target}`).toContain("/admin/login?denied=1");
        } else {
          expect(response.status, `${method} ${target}`).toBe(302);
          expect(response.headers.get("Location"), `${method} ${target}`).toBe("/admin/login?denied=1");
        }
        const sessions = await t.db.selectFrom("sessions").select("id").where("user_id", "=", user.userId).execute();
        expect(sessions, `${method} ${target} must sign the non-admin out`).toEqual([]);
      }
    }
    const pagesForms = [
      ...INQUIRY_FORMS.map((form) => [`/admin/inquiries/${inquiryId}`, form] as const),
      ...SYNONYM_FORMS.map((form) => ["/admin/search-synonyms", form] as const),
      ...RATE_FORMS.map((form) => ["/admin/exchange-rates", form] as const),
      ...orderForms(),
    ];
    for (const [page, form] of pagesForms) {
      for (const target of [page, `${page}.data`]) {
        const cookie = `session=${await createSession(t.db, user.userId)}`;
        const response = await app.request(target, { cookie, form });
        expect([202, 204, 302], `${form.intent} ${target}`).toContain(response.status);
        const answer = `${response.headers.get("Location") ?? ""} ${await response.text()}`;
        expect(answer, `${form.intent} ${target}`).toContain("/admin/login?denied=1");
      }
    }
    expect(await contentFingerprint()).toBe(before);
  });
});
