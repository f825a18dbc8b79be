import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lotUrl, newLotCode } from "~/features/lots/lot-code";
import { createOrder } from "~/features/orders/create-order.server";
import { shipmentAgreement } from "~/features/orders/shipment-agreement.server";
import { makeShipmentDocument } from "~/features/orders/shipment-documents.server";
import { findShipment, madeDocumentContent, storedContent } from "~/features/orders/shipment-reads.server";
import { addContainer, addShipment } from "~/features/orders/shipment-updates.server";
import { makeShippingDocumentPdf } from "~/features/orders/shipping-documents-pdf.server";
import type { MadeDocumentContent } from "~/features/orders/shipping";
import type { Actor } from "~/lib/actor";
import { createLocalStorage } from "~/lib/storage/local-storage.server";
import { newId, nowIso } from "~/lib/time";
import { qrCodesInPdf, qrSymbolsInPdf } from "../support/pdf-qr";
import { overlappingText, pdfTextBoxes, readPdfText } from "../support/pdf-text";
import { createTestDatabase, engineName, insertQuote, type TestDatabase } from "../support/test-db";

// Issue 45: the packing list prints each container line's lots, frozen when it is made, with a QR code per lot that
// decodes to the lot's public page; a packing list made before lots still prints; the invoice and 'Documents agree'
// are as they were.
let t: TestDatabase;
let actor: Actor;
let storageDir: string;
let services: Parameters<typeof makeShippingDocumentPdf>[0];
const ORIGIN = "https://www.gangaagroexports.example";
const NOW = Date.parse("2026-11-29T06:00:00Z");
const at = { now: NOW, timeZone: "Asia/Kolkata" };
const SETTINGS = { iec: "AABCG1234F", apeda: "" };

beforeAll(async () => {
  t = await createTestDatabase();
  storageDir = await fs.mkdtemp(path.join(os.tmpdir(), "packing-lots-"));
  services = { db: t.db, storage: createLocalStorage(storageDir), config: { publicUrl: ORIGIN, port: 3000 } };
  const id = newId();
  await t.db
    .insertInto("users")
    .values({ id, email: "desk@example.com", password_hash: "x", created_at: nowIso(), updated_at: nowIso() })
    .execute();
  actor = { id, email: "desk@example.com", fullName: "Desk Admin" };
});
afterAll(async () => {
  await t?.cleanup();
  await fs.rm(storageDir, { recursive: true, force: true });
});

let serial = 0;
/** An accepted order of onions and garlic, shipped in two containers: the onion split over both. */
async function shipment() {
  serial++;
  const quote = await insertQuote(
    t.db,
    {
      number: `Q-2026-${String(serial).padStart(4, "0")}`,
      status: "accepted",
      currency: "USD",
      incoterm: "CFR",
      named_port: "Chittagong",
      buyer_company: "Dhaka Fresh Ltd",
      buyer_country: "Bangladesh",
    },
    [
      { product_name: "Nashik Red Onion", quantity: "26", unit: "MT", unit_price_minor: 32_000 },
      { product_name: "Garlic", quantity: "2", unit: "MT", unit_price_minor: 110_000 },
    ],
  );
  const order = await createOrder(t.db, actor, quote, at);
  if (!order.ok) throw new Error(order.message);
  const lines = await t.db
    .selectFrom("order_lines")
    .selectAll()
    .where("order_id", "=", order.id)
    .orderBy("position")
    .execute();
  const voyage = {
    shipping_line: "",
    vessel: "MSC Anna",
    voyage: "AN612R",
    port_of_loading: "",
    port_of_discharge: "",
  };
  const s = await addShipment(t.db, actor, order.id, { ...voyage, etd: "", eta: "", bl_number: "", bl_date: "" }, NOW);
  if (!s.ok) throw new Error(s.message);
  const ids = { orderId: order.id, shipmentId: s.id };
  const row = (orderLineId: string, quantity: string) => ({
    orderLineId,
    quantity,
    packages: Number(quantity) * 40,
    packageKind: "25 kg mesh bags",
    netKg: `${quantity}000`,
    grossKg: `${quantity}020`,
  });
  const container = (number: string) => ({ number, seal: "S-1", container_type: "40hc" as const, set_temperature: "" });
  await addContainer(t.db, actor, ids, container("MSKU1234565"), [row(lines[0]!.id, "13")], NOW);
  await addContainer(
    t.db,
    actor,
    ids,
    container("CSQU3054383"),
    [row(lines[0]!.id, "13"), row(lines[1]!.id, "2")],
    NOW,
  );
  return ids;
}

/** Lots on the shipment's container lines, as the lots' own screens would store them. */
async function addLots(shipmentId: string, lots: Array<{ line: string; origin: string; packingDate: string | null }>) {
  const codes: string[] = [];
  for (const [position, lot] of lots.entries()) {
    const code = newLotCode();
    codes.push(code);
    await t.db
      .insertInto("shipment_lots")
      .values({
        id: newId(),
        shipment_id: shipmentId,
        container_line_id: lot.line,
        position: position + 1,
        code,
        origin: lot.origin,
        farm_registration: "",
        harvest_date: null,
        packing_date: lot.packingDate,
        test_lab: "",
        test_result: "",
        report_path: null,
        report_name: null,
        report_type: null,
        report_size: null,
        report_public: 0,
        phyto_number: "",
        created_at: nowIso(),
        updated_at: nowIso(),
      })
      .execute();
  }
  return codes;
}

describe(`lots on the packing list on ${engineName}`, () => {
  it("freezes each container line's lots into the packing list, prints their codes and QR codes, not on the invoice", async () => {
    const ids = await shipment();
    const found = (await findShipment(t.db, ids.orderId, ids.shipmentId))!;
    const [first, second] = found.containers;
    const codes = await addLots(ids.shipmentId, [
      { line: first.lines[0]!.id, origin: "Pimpalgaon Baswant, Nashik", packingDate: "2026-11-24" },
      { line: second.lines[0]!.id, origin: "Lasalgaon, Nashik", packingDate: "2026-11-25" },
      { line: second.lines[0]!.id, origin: "Niphad, Nashik", packingDate: null },
      { line: second.lines[1]!.id, origin: "Mandsaur, Madhya Pradesh", packingDate: "2026-11-26" },
    ]);
    expect(await makeShipmentDocument(t.db, actor, ids, "packing-list", at)).toMatchObject({ ok: true });
    expect(await makeShipmentDocument(t.db, actor, ids, "commercial-invoice", at)).toMatchObject({ ok: true });
    const made = (await findShipment(t.db, ids.orderId, ids.shipmentId))!;
    const list = storedContent(made.documents.find((d) => d.kind === "packing-list")!);
    const invoice = storedContent(made.documents.find((d) => d.kind === "commercial-invoice")!);
    expect(list.containers.map((c) => c.lines.map((line) => line.lots?.map((lot) => lot.code)))).toEqual([
      [[codes[0]]],
      [[codes[1], codes[2]], [codes[3]]],
    ]);
    expect(list.containers[1].lines[0].lots).toEqual([
      { code: codes[1], origin: "Lasalgaon, Nashik", packingDate: "2026-11-25" },
      { code: codes[2], origin: "Niphad, Nashik", packingDate: null },
    ]);
    expect(JSON.stringify(invoice)).not.toContain(codes[0]);
    // The lots take no part in 'Documents agree'.
    const now = madeDocumentContent(made, {
      kind: "commercial-invoice",
      number: "",
      revision: 0,
      issuedOn: "2026-11-29",
    });
    expect(shipmentAgreement(made, now).flatMap((check) => check.differences)).toEqual([]);

    const pdf = await makeShippingDocumentPdf(services, list, SETTINGS);
    const text = (await readPdfText(pdf.bytes)).replace(/\s+/g, " ");
    for (const code of codes) expect(text).toContain(code);
    expect(text).toContain("Origin: Lasalgaon, Nashik");
    expect(text).toContain("Packed: 25 Nov 2026");
    expect(overlappingText(await pdfTextBoxes(pdf.bytes))).toEqual([]);
    // Read back from the drawn pages, in the order printed: each code opens its lot's page.
    const pages = (await readPdfText(pdf.bytes)).split("\f").filter((page) => page.trim()).length;
    const decoded: string[] = [];
    for (let page = 1; page <= pages; page++) {
      const symbols = await qrSymbolsInPdf(pdf.bytes, { page });
      // 15 mm or more, as measured on the rendered page.
      for (const symbol of symbols) expect(symbol.sizeMm).toBeGreaterThanOrEqual(15);
      decoded.push(...symbols.map((symbol) => symbol.text));
    }
    expect(decoded).toEqual(codes.map((code) => lotUrl(ORIGIN, code)));

    const invoicePdf = await makeShippingDocumentPdf(services, invoice, SETTINGS);
    expect(await readPdfText(invoicePdf.bytes)).not.toContain(codes[0]);
    expect(await qrCodesInPdf(invoicePdf.bytes)).toEqual([]);
  });

  it("carries a line's many lots over pages, the table's head drawn again, every code read back in order", async () => {
    const ids = await shipment();
    const found = (await findShipment(t.db, ids.orderId, ids.shipmentId))!;
    const content = madeDocumentContent(found, {
      kind: "packing-list",
      number: "PL-2026-0010",
      revision: 1,
      issuedOn: "2026-11-29",
    });
    const codes = Array.from({ length: 40 }, () => newLotCode());
    content.containers[0].lines[0].lots = codes.map((code, i) => ({
      code,
      origin: `Farm ${i + 1}, Pimpalgaon Baswant, Niphad taluka, Nashik district`,
      packingDate: "2026-11-24",
    }));
    const pdf = await makeShippingDocumentPdf(services, content, SETTINGS);
    expect(overlappingText(await pdfTextBoxes(pdf.bytes))).toEqual([]);
    const pages = (await readPdfText(pdf.bytes)).split("\f").filter((page) => page.trim());
    expect(pages.length).toBeGreaterThan(2);
    expect(pages[1]).toContain("Description of goods");
    const decoded: string[] = [];
    for (let page = 1; page <= pages.length; page++) decoded.push(...(await qrCodesInPdf(pdf.bytes, { page })));
    expect(decoded).toEqual(codes.map((code) => lotUrl(ORIGIN, code)));
  });

  it("prints a packing list stored before lots (no lots in its content) as before", async () => {
    const ids = await shipment();
    const found = (await findShipment(t.db, ids.orderId, ids.shipmentId))!;
    const content = madeDocumentContent(found, {
      kind: "packing-list",
      number: "PL-2026-0009",
      revision: 1,
      issuedOn: "2026-11-29",
    });
    const stored: MadeDocumentContent = JSON.parse(JSON.stringify(content));
    for (const c of stored.containers) for (const line of c.lines) expect(line).not.toHaveProperty("lots");
    const pdf = await makeShippingDocumentPdf(services, stored, SETTINGS);
    const text = await readPdfText(pdf.bytes);
    expect(text).toContain("MSKU1234565");
    expect(text).not.toContain("LOT");
    expect(await qrCodesInPdf(pdf.bytes)).toEqual([]);
  });
});
