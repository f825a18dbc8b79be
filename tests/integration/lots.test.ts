import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatLongDate } from "~/features/blog/dates";
import { isLotCode } from "~/features/lots/lot-code";
import { insertCertificate } from "../support/builders";
import { afterRefresh } from "../support/page-cache";
import { visibleText } from "../support/page-text";
import { createTestApp, signedInAs } from "../support/test-app";
import {
  createTestDatabase,
  engineName,
  insertCategory,
  insertProduct,
  insertQuote,
  type TestDatabase,
} from "../support/test-db";
import { enableLanguages, insertTranslation } from "../support/translations";

// Lots of a shipment through the real server (issue 45): added, edited, deleted and imported on the shipment page;
// the public lot page in English and Arabic with only the lot's facts and the exporter's certificates (never the
// buyer, the order, prices or quantities), its report only while public, the bare address in the scanner's
// language, and the page cache refreshed after an edit.

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;
let shipment: string;
let lineId: string;
let orderNumber: string;

const PDF = new TextEncoder().encode("%PDF-1.4\n% residue report\n%%EOF\n");
const CONTAINER = "MSKU 123456 5";

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestApp(t.db, t.dataDir, { pageCache: true });
  ({ cookie } = await signedInAs(t.db, "admin"));
  await enableLanguages(t.db, "ar");
  const category = await insertCategory(t.db, { name: "Onions", slug: "onions" });
  const product = await insertProduct(t.db, {
    name: "Nashik Red Onion",
    slug: "nashik-red-onion",
    category_id: category,
  });
  await insertTranslation(t.db, "product", product, "ar", { name: "بصل ناشيك الأحمر" });
  await insertCertificate(t.db, {
    name: "APEDA Registration",
    certificate_number: "RCMC/APEDA/04567",
    verify_url: "https://apeda.gov.in/verify/04567",
  });
  const quote = await insertQuote(
    t.db,
    { number: "Q-2026-0301", status: "accepted", buyer_name: "Yusuf Haddad", buyer_company: "Haddad Fresh Trading" },
    [
      {
        product_id: product,
        product_name: "Nashik Red Onion",
        grade: "55 mm+",
        quantity: "28.75",
        unit: "MT",
        unit_price_minor: 41_975,
      },
    ],
  );
  const order = (await app.request(`/admin/quotes/${quote}`, { cookie, form: { intent: "create-order" } })).headers.get(
    "Location",
  )!;
  shipment = (await app.request(order, { cookie, form: { intent: "add-shipment" } })).headers.get("Location")!;
  const orderLine = await t.db.selectFrom("order_lines").select("id").executeTakeFirstOrThrow();
  orderNumber = (await t.db.selectFrom("orders").select("number").executeTakeFirstOrThrow()).number;
  const added = await app.request(shipment, {
    cookie,
    form: {
      intent: "container",
      number: CONTAINER,
      container_type: "40hc",
      line_id: orderLine.id,
      quantity: "28.75",
      packages: "1150",
      package_kind: "25 kg mesh bags",
      net_kg: "28750",
      gross_kg: "29325",
    },
  });
  expect(added.status).toBe(302);
  lineId = (await t.db.selectFrom("container_lines").select("id").executeTakeFirstOrThrow()).id;
});
afterAll(async () => t?.cleanup());

const LOT = {
  origin: "Lasalgaon, Nashik (Maharashtra)",
  farm_registration: "MH/NSK/2026/0412",
  harvest_date: "2026-11-02",
  packing_date: "2026-11-05",
  test_lab: "EUROFINS Analytical Services India",
  test_result: "No residue above EU MRLs",
  phyto_number: "PSC/2026/118",
};

/** The lot form as the shipment page sends it (multipart, with or without a report). */
function lotForm(fields: Record<string, string>, report?: { bytes: Uint8Array; name: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(
    "report",
    report
      ? new File([new Uint8Array(report.bytes)], report.name, { type: "application/pdf" })
      : new File([], "", { type: "application/octet-stream" }),
  );
  return app.request(shipment, { cookie, multipart: form });
}

function importSheet(text: string | Uint8Array, name = "lots.csv") {
  const form = new FormData();
  form.append("intent", "import-lots");
  form.append("sheet", new File([typeof text === "string" ? text : new Uint8Array(text)], name));
  return app.request(shipment, { cookie, multipart: form });
}

const lots = () => t.db.selectFrom("shipment_lots").selectAll().orderBy("position").execute();

describe(`lots on ${engineName}`, () => {
  it("adds a lot on a container line with its report, refusing what the form's rules refuse", async () => {
    const add = { intent: "add-lot", container_line_id: lineId, ...LOT };
    const noOrigin = await lotForm({ ...add, origin: " " });
    expect(noOrigin.status).toBe(400);
    expect(visibleText(await noOrigin.text())).toContain("Origin is required.");
    const packedFirst = await lotForm({ ...add, packing_date: "2026-11-01" });
    expect(packedFirst.status).toBe(400);
    const refused = await packedFirst.text();
    expect(visibleText(refused)).toContain("Packing date cannot be before the harvest date.");
    expect(refused).toContain('value="EUROFINS Analytical Services India"'); // what was typed is kept
    expect((await lotForm({ ...add, harvest_date: "2026-02-30" })).status).toBe(400);
    const forged = await lotForm(add, { bytes: new TextEncoder().encode("<html>"), name: "report.pdf" });
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain("The report is not a PDF, JPEG or PNG.");
    expect(await lots()).toEqual([]);

    const added = await lotForm(add, { bytes: PDF, name: "residue-report.pdf" });
    expect(added.status).toBe(302);
    const [lot] = await lots();
    expect(isLotCode(lot!.code)).toBe(true);
    expect(lot).toMatchObject({ position: 1, container_line_id: lineId, ...LOT, report_public: 0 });
    expect(lot!.report_path).toBe(`shipment-lots/${lot!.shipment_id}/${lot!.id}.pdf.document`);
    // Private: never under /media; the desk downloads it through the shipment's guarded address.
    expect((await app.request(`/media/application-assets/${lot!.report_path}`)).status).toBe(404);
    const desk = await app.request(`${shipment}/lots/${lot!.id}/report`, { cookie });
    expect(desk.status).toBe(200);
    expect(new Uint8Array(await desk.arrayBuffer())).toEqual(PDF);
    const activity = await t.db.selectFrom("activity").select("summary").where("action", "=", "shipment-lot").execute();
    expect(activity.map((row) => row.summary)).toEqual([expect.stringContaining(`Lot 1 (${lot!.code}) added`)]);
    const page = await (await app.request(shipment, { cookie })).text();
    expect(page).toContain(lot!.code);
    expect(page).toContain("Label Sheet (PDF)");
    const labels = await app.request(`${shipment}/lot-labels.pdf`, { cookie });
    expect(labels.status).toBe(200);
    expect(labels.headers.get("content-type")).toBe("application/pdf");
  });

  it("shows the lot's facts in English and Arabic, never the buyer, the order, prices or quantities", async () => {
    const [lot] = await lots();
    const english = await app.request(`/lots/${lot!.code}`);
    expect(english.status).toBe(200);
    const html = await english.text();
    for (const shown of [
      "Nashik Red Onion",
      "55 mm+",
      LOT.origin,
      LOT.farm_registration,
      formatLongDate(LOT.harvest_date, "en"),
      formatLongDate(LOT.packing_date, "en"),
      LOT.phyto_number,
      LOT.test_lab,
      LOT.test_result,
      "APEDA Registration",
      "https://apeda.gov.in/verify/04567",
    ])
      expect(html, shown).toContain(shown);
    expect(html).toMatch(/<meta name="robots" content="noindex"/);
    for (const never of [
      "Yusuf Haddad",
      "Haddad Fresh Trading",
      orderNumber,
      "419.75",
      "41,975",
      "28.75",
      "1150",
      "29325",
    ])
      expect(html, never).not.toContain(never);
    // The report is not public yet: no link, and its address answers as if there were none.
    expect(html).not.toContain(`/lots/${lot!.code}/report`);
    expect((await app.request(`/lots/${lot!.code}/report`)).status).toBe(404);

    const arabic = await app.request(`/ar/lots/${lot!.code}`);
    expect(arabic.status).toBe(200);
    const ar = await arabic.text();
    expect(ar).toMatch(/<html[^>]*lang="ar"[^>]*dir="rtl"|<html[^>]*dir="rtl"[^>]*lang="ar"/);
    for (const shown of [
      "بصل ناشيك الأحمر",
      "المنشأ",
      "فحص المتبقيات",
      formatLongDate(LOT.harvest_date, "ar"),
      LOT.origin,
    ])
      expect(ar, shown).toContain(shown);
    for (const never of ["Yusuf Haddad", "Haddad Fresh Trading", orderNumber, "419.75", "28.75"])
      expect(ar, never).not.toContain(never);
  });

  it("answers 404 for an unknown or malformed code, and sends a scanner to its browser's enabled language", async () => {
    for (const path of [
      "/lots/ZZZZ-ZZZZ-ZZZZ",
      "/lots/hello",
      "/ar/lots/ZZZZ-ZZZZ-ZZZZ",
      "/lots/ZZZZ-ZZZZ-ZZZZ/report",
    ]) {
      const response = await app.request(path);
      expect(response.status, path).toBe(404);
    }
    expect(await (await app.request("/lots/hello")).text()).toContain("Oops! Page Not Found.");
    const [lot] = await lots();
    const arabic = await app.request(`/lots/${lot!.code}`, {
      headers: { "Accept-Language": "ar-AE,ar;q=0.9,en;q=0.5" },
    });
    expect(arabic.status).toBe(302);
    expect(arabic.headers.get("location")).toBe(`/ar/lots/${lot!.code}`);
    expect(arabic.headers.get("vary")).toMatch(/accept-language/i);
    // Russian is shipped but not enabled here: the English page, which also varies by the header.
    const russian = await app.request(`/lots/${lot!.code}`, { headers: { "Accept-Language": "ru-RU,ru" } });
    expect(russian.status).toBe(200);
    expect(russian.headers.get("vary")).toMatch(/accept-language/i);
    // The bare address is never answered from the page cache, so an English copy never reaches an Arabic scanner.
    await app.request(`/lots/${lot!.code}`);
    expect(app.app.pageCache!.tagsOf(`/lots/${lot!.code}`)).toBeUndefined();
    // A code typed by hand in lower case is sent to its printed form.
    const typed = await app.request(`/lots/${lot!.code.toLowerCase()}`);
    expect(typed.status).toBe(301);
    expect(typed.headers.get("location")).toBe(`/lots/${lot!.code}`);
  });

  it("serves the language copy from the page cache, and refreshes it after an edit; a public report downloads", async () => {
    const cache = app.app.pageCache!;
    const [lot] = await lots();
    const path = `/ar/lots/${lot!.code}`;
    await (await app.request(path)).text();
    expect(cache.tagsOf(path)).toContain(`lot:${lot!.code}`);
    const hits = cache.stats.hits;
    await (await app.request(path)).text();
    expect(cache.stats.hits).toBe(hits + 1);

    const edit = { intent: "edit-lot", lot_id: lot!.id, ...LOT, origin: "Pimpalgaon Baswant, Nashik" };
    const stale = await lotForm({ ...edit, seen: "2020-01-01T00:00:00.000Z" });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("This lot was changed since you opened it");
    const saved = await lotForm({ ...edit, seen: lot!.updated_at, report_public: "on" });
    expect(saved.status).toBe(302);
    const refreshed = await afterRefresh(cache, async () => (await app.request(path)).text());
    expect(refreshed).toContain("Pimpalgaon Baswant, Nashik");
    expect(refreshed).toContain(`/lots/${lot!.code}/report`);
    const report = await app.request(`/lots/${lot!.code}/report`);
    expect(report.status).toBe(200);
    expect(report.headers.get("content-type")).toBe("application/pdf");
    expect(new Uint8Array(await report.arrayBuffer())).toEqual(PDF);
    const activity = await t.db.selectFrom("activity").select("summary").where("action", "=", "shipment-lot").execute();
    expect(activity.map((row) => row.summary)).toContainEqual(
      expect.stringContaining("Origin: Lasalgaon, Nashik (Maharashtra) → Pimpalgaon Baswant, Nashik"),
    );
  });

  it("imports a sheet all or nothing, naming each refused row", async () => {
    const [lot] = await lots();
    const header =
      "container number,product,lot code,origin,farm registration,harvest date,packing date,test lab,test result,phyto number";
    const good = `${header}\r\nMSKU1234565,Nashik Red Onion,,Niphad,MH/NSK/2026/0500,2026-11-03,2026-11-06,EUROFINS,Clear,PSC/2026/119\r\n`;
    const bad =
      `${header}\r\n` +
      `MSKU1234565,Nashik Red Onion,${lot!.code},Changed By Import,,,,,,\r\n` +
      `TCLU7654321,Nashik Red Onion,,Yeola,,,,,,\r\n` +
      `MSKU1234565,Garlic,,Yeola,,,,,,\r\n` +
      `MSKU1234565,Nashik Red Onion,,,,,,,,\r\n`;
    const before = await lots();
    const refused = await importSheet(bad);
    expect(refused.status).toBe(400);
    // On the page itself (no JavaScript), not only in the route's data.
    const html = visibleText(await refused.text());
    expect(html).toContain("Row 3: container TCLU7654321 is not in this shipment.");
    expect(html).toContain(`Row 4: container MSKU1234565 carries no "Garlic" of this order.`);
    expect(html).toContain("Row 5: Origin is required.");
    expect(await lots()).toEqual(before); // the good row 2 was not written either

    const imported = await importSheet(
      `${good}MSKU 123456 5,nashik red onion,${lot!.code.toLowerCase()},Lasalgaon,,,,,,\r\n`,
    );
    expect(imported.status).toBe(302);
    const after = await lots();
    expect(after).toHaveLength(2);
    expect(after[0]).toMatchObject({ id: lot!.id, code: lot!.code, origin: "Lasalgaon" });
    expect(after[1]).toMatchObject({
      position: 2,
      origin: "Niphad",
      phyto_number: "PSC/2026/119",
      harvest_date: "2026-11-03",
    });
    expect(isLotCode(after[1]!.code)).toBe(true);

    // The XLSX template names this shipment's container lines; filled in, it imports.
    const template = await app.request(`${shipment}/lots-template/xlsx`, { cookie });
    expect(template.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await template.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(2).getCell(1).value).toBe(CONTAINER.replace(/ /g, ""));
    sheet.getRow(2).getCell(4).value = "Chandwad";
    const filled = await importSheet(new Uint8Array(await workbook.xlsx.writeBuffer()), "lots.xlsx");
    expect(filled.status).toBe(302);
    expect((await lots()).map((row) => row.origin)).toEqual(["Lasalgaon", "Niphad", "Chandwad"]);
  });

  it("deletes a lot: its row, its report and its public page", async () => {
    const [lot] = await lots();
    const deleted = await app.request(shipment, { cookie, form: { intent: "delete-lot", lot_id: lot!.id } });
    expect(deleted.status).toBe(302);
    expect((await lots()).map((row) => row.id)).not.toContain(lot!.id);
    expect(await app.storage.stat(lot!.report_path!)).toBeNull();
    // The cached copy is refreshed in the background, as any page after a change (ADR 0027).
    expect(await afterRefresh(app.app.pageCache, async () => (await app.request(`/ar/lots/${lot!.code}`)).status)).toBe(
      404,
    );
    expect((await app.request(`/lots/${lot!.code}/report`)).status).toBe(404);
  });

  it("removes a container's lots and their reports with it", async () => {
    const [lot] = await lots();
    const edit = { intent: "edit-lot", lot_id: lot!.id, seen: lot!.updated_at, ...LOT };
    expect((await lotForm(edit, { bytes: PDF, name: "second.pdf" })).status).toBe(302);
    const report = (await lots())[0]!.report_path!;
    expect(await app.storage.stat(report)).not.toBeNull();
    const container = await t.db.selectFrom("shipment_containers").select("id").executeTakeFirstOrThrow();
    const removed = await app.request(shipment, {
      cookie,
      form: { intent: "remove-container", container_id: container.id },
    });
    expect(removed.status).toBe(302);
    expect(await lots()).toEqual([]);
    expect(await app.storage.stat(report)).toBeNull();
  });
});
