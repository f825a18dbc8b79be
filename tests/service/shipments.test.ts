import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createDatabase } from "~/db/database.server";
import { writeBackup } from "~/features/backup/archive.server";
import { createOrder } from "~/features/orders/create-order.server";
import { saveOrderTerms } from "~/features/orders/order-updates.server";
import { containerForm, containerRows } from "~/features/orders/shipment-forms.schema";
import { shipmentAgreement } from "~/features/orders/shipment-agreement.server";
import {
  acceptDocumentDifferences,
  makeShipmentDocument,
  removeShipmentDocument,
  uploadShipmentDocument,
} from "~/features/orders/shipment-documents.server";
import { findShipment, madeDocumentContent } from "~/features/orders/shipment-reads.server";
import {
  addContainer,
  addShipment,
  removeContainer,
  saveShipment,
  setShipmentStatus,
} from "~/features/orders/shipment-updates.server";
import { listShipmentsAtSea } from "~/features/orders/shipments-at-sea.server";
import { parseSubmission } from "~/lib/forms/submission";
import type { Actor } from "~/lib/actor";
import { createLocalStorage } from "~/lib/storage/local-storage.server";
import { newId, nowIso } from "~/lib/time";
import { createTestDatabase, engineName, insertQuote, type TestDatabase, usingPostgres } from "../support/test-db";

// Shipments of an order (issue 44) on a real database: numbered within the order on two instances at once,
// containers and what they carry, the voyage's steps, the documents made and uploaded, and 'Documents agree'.
let t: TestDatabase;
let actor: Actor;
let storageDir: string;
const TZ = "Asia/Kolkata";
const NOW = Date.parse("2026-11-29T06:00:00Z");
const at = { now: NOW, timeZone: TZ };
const EMPTY_VOYAGE = {
  shipping_line: "",
  vessel: "",
  voyage: "",
  port_of_loading: "",
  port_of_discharge: "",
  etd: "",
  eta: "",
  bl_number: "",
  bl_date: "",
};

beforeAll(async () => {
  t = await createTestDatabase();
  storageDir = await fs.mkdtemp(path.join(os.tmpdir(), "shipments-"));
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
beforeEach(async () => {
  for (const table of [
    "shipment_documents",
    "container_lines",
    "shipment_containers",
    "shipments",
    "document_numbers",
    "order_lines",
    "orders",
    "order_numbers",
    "quote_lines",
    "quotes",
    "activity",
  ] as const)
    await t.db.deleteFrom(table).execute();
});

let serial = 0;
/** An order of 26 MT of onions at USD 320.00 and 2 MT of garlic at USD 1,100.00, CFR Chittagong. */
async function order() {
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
  const made = await createOrder(t.db, actor, quote, at);
  if (!made.ok) throw new Error(made.message);
  // The HS codes as the products' trade terms would have given them.
  for (const [name, code] of [
    ["Nashik Red Onion", "0703.10"],
    ["Garlic", "0703.20"],
  ])
    await t.db
      .updateTable("order_lines")
      .set({ hs_code: code })
      .where("order_id", "=", made.id)
      .where("product_name", "=", name)
      .execute();
  const lines = await t.db
    .selectFrom("order_lines")
    .selectAll()
    .where("order_id", "=", made.id)
    .orderBy("position")
    .execute();
  return { id: made.id, number: made.number, lines };
}

const container = (number: string) => ({ number, seal: "S-1", container_type: "40hc" as const, set_temperature: "" });
const row = (orderLineId: string, quantity: string, netKg: string, grossKg: string) => ({
  orderLineId,
  quantity,
  packages: Number(quantity) * 40,
  packageKind: "25 kg mesh bags",
  netKg,
  grossKg,
});

describe(`shipments on ${engineName}`, () => {
  it("numbers an order's shipments 1, 2 when two instances add them at once, and only on an open order", async () => {
    const o = await order();
    const other = usingPostgres ? createDatabase({ databaseUrl: t.databaseUrl, dataDir: t.dataDir }) : t.db;
    try {
      const added = await Promise.all([
        addShipment(t.db, actor, o.id, EMPTY_VOYAGE, NOW),
        addShipment(other, actor, o.id, EMPTY_VOYAGE, NOW),
      ]);
      expect(added.map((a) => (a.ok ? a.reference : a.message)).sort()).toEqual([`${o.number}/1`, `${o.number}/2`]);
    } finally {
      if (other !== t.db) await other.destroy();
    }
    const rows = await t.db.selectFrom("shipments").select("port_of_discharge").where("order_id", "=", o.id).execute();
    // The port of discharge starts as the order's named port.
    expect(rows.map((r) => r.port_of_discharge)).toEqual(["Chittagong", "Chittagong"]);
    await t.db.updateTable("orders").set({ status: "cancelled" }).where("id", "=", o.id).execute();
    expect(await addShipment(t.db, actor, o.id, EMPTY_VOYAGE, NOW)).toMatchObject({ ok: false, status: 409 });
  });

  it("takes containers with a verified number, per product, while being packed; steps go forward only", async () => {
    const o = await order();
    const s = await addShipment(t.db, actor, o.id, EMPTY_VOYAGE, NOW);
    if (!s.ok) throw new Error(s.message);
    const ids = { orderId: o.id, shipmentId: s.id };
    // Stuffed needs a container.
    expect(await setShipmentStatus(t.db, actor, ids, 1, "stuffed", NOW)).toMatchObject({ ok: false });

    // The form: a wrong check digit, a reefer without its temperature, gross under net, nothing carried.
    const form = (entries: Record<string, string | string[]>) => {
      const data = new FormData();
      for (const [name, value] of Object.entries(entries))
        for (const v of Array.isArray(value) ? value : [value]) data.append(name, v);
      return parseSubmission(data, containerForm.schema);
    };
    const base = { number: "MSKU 123456-5", container_type: "40hc", line_id: [o.lines[0]!.id, o.lines[1]!.id] };
    expect(form({ ...base, number: "MSKU1234566" })).toMatchObject({ ok: false });
    expect(form({ ...base, container_type: "reefer" })).toMatchObject({ ok: false });
    const names = new Map(o.lines.map((line) => [line.id, line.product_name]));
    const good = form({
      ...base,
      quantity: ["13", ""],
      packages: ["520", ""],
      package_kind: ["25 kg mesh bags", ""],
      net_kg: ["13000", ""],
      gross_kg: ["12900", ""],
    });
    if (!good.ok) throw new Error(JSON.stringify(good.errors));
    expect(good.value.number).toBe("MSKU1234565");
    expect(containerRows(good.value, names)).toEqual({
      ok: false,
      message: "Nashik Red Onion: Gross weight cannot be less than net weight.",
    });
    expect(
      containerRows(
        {
          ...good.value,
          quantity: ["", ""],
          packages: ["", ""],
          package_kind: ["", ""],
          net_kg: ["", ""],
          gross_kg: ["", ""],
        },
        names,
      ),
    ).toMatchObject({ ok: false });

    const first = await addContainer(
      t.db,
      actor,
      ids,
      container("MSKU1234565"),
      [row(o.lines[0]!.id, "13", "13000", "13260")],
      NOW,
    );
    expect(first).toMatchObject({ ok: true });
    // The same container twice in one shipment is refused.
    expect(
      await addContainer(t.db, actor, ids, container("MSKU1234565"), [row(o.lines[0]!.id, "1", "1", "1")], NOW),
    ).toMatchObject({ ok: false, status: 409 });
    expect(await setShipmentStatus(t.db, actor, ids, 1, "sailed", NOW)).toMatchObject({ ok: false });
    expect(await setShipmentStatus(t.db, actor, ids, 1, "stuffed", NOW)).toMatchObject({ ok: true });
    // A save from the page before the step is refused, with the version now.
    expect(await saveShipment(t.db, actor, ids, 1, { ...EMPTY_VOYAGE, vessel: "MSC Anna" }, NOW)).toMatchObject({
      ok: false,
      version: "2",
    });
    expect(await setShipmentStatus(t.db, actor, ids, 2, "sailed", NOW)).toMatchObject({ ok: true });
    // Sailed: the containers can no longer change.
    const found = await findShipment(t.db, o.id, s.id);
    expect(await removeContainer(t.db, actor, ids, found!.containers[0]!.id, NOW)).toMatchObject({
      ok: false,
      status: 409,
    });
    // Each step is on the timeline.
    const log = await t.db.selectFrom("activity").select("summary").where("action", "=", "shipment-status").execute();
    expect(log.map((l) => l.summary).sort()).toEqual([`${o.number}/1: Sailed`, `${o.number}/1: Stuffed`]);
    // A shipment of another order is not reached through this one's address.
    const another = await order();
    expect(await findShipment(t.db, another.id, s.id)).toBeUndefined();
  });

  it("makes the invoice and packing list from the containers, frozen; made again it is the next revision", async () => {
    const o = await order();
    const s = await addShipment(t.db, actor, o.id, { ...EMPTY_VOYAGE, vessel: "MSC Anna", voyage: "AN612R" }, NOW);
    if (!s.ok) throw new Error(s.message);
    const ids = { orderId: o.id, shipmentId: s.id };
    expect(await makeShipmentDocument(t.db, actor, ids, "commercial-invoice", at)).toMatchObject({ ok: false });
    await addContainer(t.db, actor, ids, container("MSKU1234565"), [row(o.lines[0]!.id, "13", "13000", "13260")], NOW);
    await addContainer(
      t.db,
      actor,
      ids,
      container("CSQU3054383"),
      [row(o.lines[0]!.id, "13", "13000", "13260.5"), row(o.lines[1]!.id, "2", "2000", "2050")],
      NOW,
    );
    const invoice = await makeShipmentDocument(t.db, actor, ids, "commercial-invoice", at);
    const list = await makeShipmentDocument(t.db, actor, ids, "packing-list", at);
    expect(invoice).toMatchObject({ ok: true, label: "Commercial Invoice CI-2026-0001", revision: 1 });
    expect(list).toMatchObject({ ok: true, label: "Packing List PL-2026-0001", revision: 1 });
    const found = (await findShipment(t.db, o.id, s.id))!;
    const content = madeDocumentContent(found, {
      kind: "commercial-invoice",
      number: "x",
      revision: 1,
      issuedOn: "2026-11-29",
    });
    // Summed exactly: 26 MT onion at 320.00 and 2 MT garlic at 1,100.00.
    expect(content.totals).toEqual({
      amountMinor: 26 * 32_000 + 2 * 110_000,
      packages: 1120,
      netKg: "28000",
      grossKg: "28570.5",
    });
    expect(content.lines.map((l) => [l.product, l.quantity])).toEqual([
      ["Nashik Red Onion", "26"],
      ["Garlic", "2"],
    ]);
    expect(shipmentAgreement(found, content).every((check) => check.differences.length === 0)).toBe(true);

    // A container changes after the documents were made: both are flagged until made again.
    await removeContainer(t.db, actor, ids, found.containers[0]!.id, NOW);
    const changed = (await findShipment(t.db, o.id, s.id))!;
    const now = madeDocumentContent(changed, {
      kind: "packing-list",
      number: "x",
      revision: 1,
      issuedOn: "2026-11-29",
    });
    const checks = shipmentAgreement(changed, now);
    expect(checks.find((c) => c.label.startsWith("Packing List"))!.differences).toContain(
      "Packing List PL-2026-0001: net weight 28,000 kg, but the containers add up to 15,000 kg.",
    );
    expect(checks.find((c) => c.label.startsWith("Commercial Invoice"))!.differences.join(" ")).toMatch(
      /total USD\s10,520\.00, but the shipment's total is USD\s6,360\.00/,
    );
    const again = await makeShipmentDocument(t.db, actor, ids, "commercial-invoice", at);
    expect(again).toMatchObject({ ok: true, label: "Commercial Invoice CI-2026-0001", revision: 2 });
    const after = (await findShipment(t.db, o.id, s.id))!;
    const agreed = shipmentAgreement(after, now);
    expect(agreed.find((c) => c.label.startsWith("Commercial Invoice"))!.differences).toEqual([]);
    // The next shipment's invoice has the next number.
    const s2 = await addShipment(t.db, actor, o.id, EMPTY_VOYAGE, NOW);
    if (!s2.ok) throw new Error(s2.message);
    await addContainer(
      t.db,
      actor,
      { orderId: o.id, shipmentId: s2.id },
      container("MSKU1234565"),
      [row(o.lines[0]!.id, "13", "13000", "13260")],
      NOW,
    );
    expect(
      await makeShipmentDocument(t.db, actor, { orderId: o.id, shipmentId: s2.id }, "commercial-invoice", at),
    ).toMatchObject({ label: "Commercial Invoice CI-2026-0002" });
  });

  it("keeps uploaded documents privately, flags their differences, and keeps who accepted them", async () => {
    const storage = createLocalStorage(storageDir);
    const o = await order();
    const s = await addShipment(t.db, actor, o.id, EMPTY_VOYAGE, NOW);
    if (!s.ok) throw new Error(s.message);
    const ids = { orderId: o.id, shipmentId: s.id };
    await addContainer(t.db, actor, ids, container("MSKU1234565"), [row(o.lines[0]!.id, "13", "13000", "13260")], NOW);
    const pdf = new File([new TextEncoder().encode("%PDF-1.4\n% a certificate\n")], "phyto.pdf", {
      type: "application/pdf",
    });
    const upload = (values: Partial<Parameters<typeof uploadShipmentDocument>[4]>) =>
      uploadShipmentDocument(
        t.db,
        storage,
        actor,
        ids,
        {
          kind: "phytosanitary",
          document_number: "PSC/2026/118",
          issued_on: "2026-11-28",
          file: pdf,
          consignee: "",
          net_kg: "",
          gross_kg: "",
          ...values,
        },
        NOW,
      );
    // A file that only claims to be a PDF is refused.
    const fake = new File(["<html>"], "phyto.pdf", { type: "application/pdf" });
    expect(await upload({ file: fake })).toMatchObject({ ok: false, status: 400 });
    expect(await upload({ gross_kg: "13620" })).toMatchObject({
      ok: true,
      label: "Phytosanitary Certificate PSC/2026/118",
    });
    expect(await upload({})).toMatchObject({ ok: false, status: 409 });
    let found = (await findShipment(t.db, o.id, s.id))!;
    const phyto = found.documents[0]!;
    expect(phyto.file_path).toMatch(/^shipment-documents\/.+\.pdf\.document$/);
    expect(storage.existsNow(phyto.file_path!)).toBe(true);
    const now = () =>
      madeDocumentContent(found, { kind: "packing-list", number: "x", revision: 1, issuedOn: "2026-11-29" });
    let [check] = shipmentAgreement(found, now());
    expect(check!.differences).toEqual([
      "Phytosanitary Certificate PSC/2026/118: gross weight 13,620 kg, but the containers add up to 13,260 kg.",
    ]);
    expect(check!.accepted).toBe(false);
    await acceptDocumentDifferences(t.db, actor, ids, phyto.id, check!.differences, NOW);
    found = (await findShipment(t.db, o.id, s.id))!;
    [check] = shipmentAgreement(found, now());
    expect(check).toMatchObject({ accepted: true, acceptedBy: "Desk Admin" });
    // A new difference (a letter of credit's latest shipment date before the bill of lading) is flagged again.
    const order1 = await t.db.selectFrom("orders").select("version").where("id", "=", o.id).executeTakeFirstOrThrow();
    await saveOrderTerms(
      t.db,
      actor,
      o.id,
      Number(order1.version),
      {
        advancePercent: 0,
        advanceDueDate: null,
        balance: "lc-sight",
        balanceDueDate: null,
        lc: {
          number: "LC1",
          issuingBank: "Sonali Bank",
          expiryDate: "2026-12-20",
          latestShipmentDate: "2026-11-25",
          usanceDays: null,
        },
      },
      NOW,
    );
    await uploadShipmentDocument(
      t.db,
      storage,
      actor,
      ids,
      {
        kind: "bill-of-lading",
        document_number: "MEDUAN612",
        issued_on: "2026-11-27",
        file: pdf,
        consignee: "",
        net_kg: "",
        gross_kg: "",
      },
      NOW,
    );
    found = (await findShipment(t.db, o.id, s.id))!;
    const checks = shipmentAgreement(found, now());
    expect(checks.find((c) => c.label.startsWith("Bill of Lading"))!.differences).toEqual([
      "Bill of Lading MEDUAN612: bill of lading date 27 Nov 2026 is after the letter of credit's latest shipment date, 25 Nov 2026.",
    ]);
    // A backup carries the private file with its row (no public address names it).
    const archive = path.join(storageDir, "backup.jsonl.gz");
    const summary = await writeBackup(t.db, storage, archive);
    expect(summary.missing).toEqual([]);
    const records = zlib
      .gunzipSync(await fs.readFile(archive))
      .toString("utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { file?: string });
    expect(records.some((record) => record.file === phyto.file_path)).toBe(true);
    // Removed, the file goes with it.
    expect(await removeShipmentDocument(t.db, storage, actor, ids, phyto.id, NOW)).toMatchObject({ ok: true });
    expect(storage.existsNow(phyto.file_path!)).toBe(false);
  });

  it("lists the sailed shipments at sea by ETA, none given last, one past its ETA as late", async () => {
    const o = await order();
    const etas = ["2026-12-10", "", "2026-11-20", "2026-12-01"];
    for (const [i, eta] of etas.entries()) {
      const s = await addShipment(t.db, actor, o.id, { ...EMPTY_VOYAGE, vessel: `Vessel ${i}`, eta }, NOW);
      if (!s.ok) throw new Error(s.message);
      // Sailed, but for the last, still planned (not at sea).
      if (i < 3) await t.db.updateTable("shipments").set({ status: "sailed" }).where("id", "=", s.id).execute();
    }
    const atSea = await listShipmentsAtSea(t.db, "2026-11-29");
    expect(atSea.total).toBe(3);
    expect(atSea.items.map((item) => [item.vessel, item.eta, item.late])).toEqual([
      ["Vessel 2", "20 Nov 2026", true],
      ["Vessel 0", "10 Dec 2026", false],
      ["Vessel 1", null, false],
    ]);
  });
});
