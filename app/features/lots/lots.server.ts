import { type Db, isPostgres } from "~/db/database.server";
import type { Selectable } from "kysely";
import type { ShipmentLotsTable } from "~/db/schema";
import { type ActivityAction, recordActivity } from "~/features/history/record.server";
import type { Actor } from "~/lib/actor";
import type { Refusal } from "~/lib/forms/submission";
import type { Storage } from "~/lib/storage/storage.server";
import { newId } from "~/lib/time";
import { newLotCode } from "./lot-code";
import { type LotFacts, type LotValues, REPORT_FILE_TYPES, sniffReportType } from "./lot-forms.schema";

// The lots a shipment's container lines carry (issue 45): added, changed and removed on the shipment's page, each
// with a random code (its public page's address) and a test report kept privately. This folder reads the order and
// shipment tables itself rather than calling features/orders, which prints lots on its packing list (one way only).

export type ShipmentLot = Selectable<ShipmentLotsTable>;

/** What a lot's write answers: done (with the lot's code, for the page cache), or refused with its status. */
export type LotOutcome<T = object> = ({ ok: true; code: string } & T) | (Refusal & { status: number });

const refusal = (status: number, title: string, message: string, extra: Partial<Refusal> = {}) =>
  ({ ok: false, status, title, message, ...extra }) as const;

export type ShipmentIds = { orderId: string; shipmentId: string };

/** One container line of a shipment: which container, which product of the order. */
export interface LotLine {
  id: string;
  containerNumber: string;
  orderLineId: string;
  product: string;
  grade: string | null;
}

/**
 * A shipment of an order (both ids must match: never reached through another order's address) with its container
 * lines in the containers' and the order's order; undefined when there is none.
 */
export async function lotShipment(db: Db, ids: ShipmentIds) {
  const shipment = await db
    .selectFrom("shipments")
    .innerJoin("orders", "orders.id", "shipments.order_id")
    .select([
      "shipments.id",
      "shipments.position",
      "orders.id as order_id",
      "orders.number as order_number",
      "orders.inquiry_id",
    ])
    .where("shipments.id", "=", ids.shipmentId)
    .where("shipments.order_id", "=", ids.orderId)
    .executeTakeFirst();
  if (!shipment) return undefined;
  const lines: LotLine[] = (
    await db
      .selectFrom("container_lines")
      .innerJoin("shipment_containers", "shipment_containers.id", "container_lines.container_id")
      .innerJoin("order_lines", "order_lines.id", "container_lines.order_line_id")
      .select([
        "container_lines.id",
        "shipment_containers.number",
        "order_lines.id as order_line_id",
        "order_lines.product_name",
        "order_lines.grade",
      ])
      .where("shipment_containers.shipment_id", "=", ids.shipmentId)
      .orderBy("shipment_containers.position")
      .orderBy("order_lines.position")
      .execute()
  ).map((row) => ({
    id: row.id,
    containerNumber: row.number,
    orderLineId: row.order_line_id,
    product: row.product_name,
    grade: row.grade,
  }));
  return { ...shipment, lines };
}
export type LotShipment = NonNullable<Awaited<ReturnType<typeof lotShipment>>>;

/** A shipment's lots in their order (1, 2, ... as the packing list and the labels print them). */
export const lotsOf = (db: Db, shipmentId: string): Promise<ShipmentLot[]> =>
  db.selectFrom("shipment_lots").selectAll().where("shipment_id", "=", shipmentId).orderBy("position").execute();

/** One activity row about a lot, on its order's timeline (its inquiry's when it has one), as shipment changes are. */
export async function logLot(
  db: Db,
  actor: Actor,
  shipment: Pick<LotShipment, "id" | "order_id" | "order_number" | "inquiry_id">,
  summary: string,
  details: Record<string, unknown>,
  at: string,
) {
  const action: ActivityAction = "shipment-lot";
  await recordActivity(db, actor, {
    action,
    entity: shipment.inquiry_id ? "inquiry" : "order",
    entityId: shipment.inquiry_id ?? shipment.order_id,
    label: shipment.order_number,
    summary,
    details: { orderId: shipment.order_id, shipmentId: shipment.id, ...details },
    at,
  });
}

/** Whether a database error is a unique key refusing a row (a code or a position taken meanwhile). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

/**
 * Runs a write that draws new lot codes again when a unique key refused it: two random codes clash about once in
 * 2^60 draws, and the shipment's lock makes a position taken meanwhile rarer still. Three tries, then the error.
 */
export async function retryingClashes<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= 3 || !isUniqueViolation(error)) throw error;
    }
  }
}

/** The shipment's row locked on PostgreSQL (SQLite writes one at a time), so two adds at once get 1 and 2. */
export async function lockShipment(trx: Db, shipmentId: string) {
  if (isPostgres(trx))
    await trx.selectFrom("shipments").select("id").where("id", "=", shipmentId).forUpdate().execute();
}

/** The next lot's position within the shipment. */
export async function nextLotPosition(trx: Db, shipmentId: string): Promise<number> {
  const last = await trx
    .selectFrom("shipment_lots")
    .select((eb) => eb.fn.max("position").as("last"))
    .where("shipment_id", "=", shipmentId)
    .executeTakeFirst();
  return Number(last?.last ?? 0) + 1;
}

/** A lot's facts as its columns (blank dates as null). */
export const factColumns = (values: LotFacts) => ({
  origin: values.origin,
  farm_registration: values.farm_registration,
  harvest_date: values.harvest_date || null,
  packing_date: values.packing_date || null,
  test_lab: values.test_lab,
  test_result: values.test_result,
  phyto_number: values.phyto_number,
});

type StoredReport = { path: string; name: string; type: string; size: number };

/** Checks and stores a report privately (`.document`: the public media route never serves it). */
async function storeReport(
  storage: Storage,
  shipmentId: string,
  lotId: string,
  file: File,
  maxBytes: number,
  title: string,
): Promise<StoredReport | Refusal> {
  if (file.size > maxBytes)
    return refusal(400, title, `The report is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`, {
      field: "report",
    });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffReportType(bytes);
  if (!type) return refusal(400, title, "The report is not a PDF, JPEG or PNG.", { field: "report" });
  const extension = REPORT_FILE_TYPES[type];
  const path = `shipment-lots/${shipmentId}/${lotId}.${extension}.document`;
  await storage.put(path, bytes, type);
  return { path, name: file.name.slice(0, 200) || `${lotId}.${extension}`, type, size: bytes.byteLength };
}

const reportColumns = (report: StoredReport | null) => ({
  report_path: report?.path ?? null,
  report_name: report?.name ?? null,
  report_type: report?.type ?? null,
  report_size: report?.size ?? null,
});

type Files = { storage: Storage; maxBytes: number };

/** 'Add Lot' on a container line: the next position in the shipment and a new code; its report kept privately. */
export async function addLot(
  db: Db,
  { storage, maxBytes }: Files,
  actor: Actor,
  ids: ShipmentIds,
  lineId: string,
  values: LotValues,
  now: number,
): Promise<LotOutcome<{ position: number }>> {
  const title = "Lot Not Added";
  const shipment = await lotShipment(db, ids);
  if (!shipment) return refusal(404, title, "The shipment no longer exists.");
  if (!lineId)
    return refusal(400, title, "Choose the container and product the lot is in.", { field: "container_line_id" });
  const line = shipment.lines.find((candidate) => candidate.id === lineId);
  if (!line) return refusal(409, title, "That container line is no longer in this shipment: reload the page.");
  const id = newId();
  const report = values.report ? await storeReport(storage, shipment.id, id, values.report, maxBytes, title) : null;
  if (report && "ok" in report) return { ...report, status: 400 };
  const at = new Date(now).toISOString();
  try {
    return await retryingClashes(() =>
      db.transaction().execute(async (trx) => {
        await lockShipment(trx, shipment.id);
        const position = await nextLotPosition(trx, shipment.id);
        const code = newLotCode();
        await trx
          .insertInto("shipment_lots")
          .values({
            id,
            shipment_id: shipment.id,
            container_line_id: line.id,
            position,
            code,
            ...factColumns(values),
            ...reportColumns(report),
            report_public: values.report_public ? 1 : 0,
            created_at: at,
            updated_at: at,
          })
          .execute();
        const summary = `Lot ${position} (${code}) added: ${line.product} in ${line.containerNumber}, from ${values.origin}`;
        await logLot(trx, actor, shipment, summary, { lotId: id, code }, at);
        return { ok: true as const, code, position };
      }),
    );
  } catch (error) {
    // Nothing half-written: the report goes with the row that failed.
    if (report) await storage.remove(report.path).catch(() => undefined);
    throw error;
  }
}

/** One lot of this shipment, or undefined. */
export const findLot = (db: Db, shipmentId: string, lotId: string) =>
  db
    .selectFrom("shipment_lots")
    .selectAll()
    .where("id", "=", lotId)
    .where("shipment_id", "=", shipmentId)
    .executeTakeFirst();

/** What changed between a lot and its new facts, in words for the activity log ("Origin: Nashik → Lasalgaon"). */
function changesOf(lot: ShipmentLot, values: LotFacts): string[] {
  const labels: Array<[keyof ReturnType<typeof factColumns>, string]> = [
    ["origin", "Origin"],
    ["farm_registration", "Farm registration"],
    ["harvest_date", "Harvest date"],
    ["packing_date", "Packing date"],
    ["test_lab", "Test lab"],
    ["test_result", "Test result"],
    ["phyto_number", "Phyto number"],
  ];
  const next = factColumns(values);
  return labels
    .filter(([column]) => (lot[column] ?? "") !== (next[column] ?? ""))
    .map(([column, label]) => `${label}: ${lot[column] || "none"} → ${next[column] || "none"}`);
}

/**
 * A lot's 'Save Lot': its facts, its report replaced or removed, and whether the public page offers it. Refused
 * when the lot changed since the form was shown (`values.seen`), keeping what was typed.
 */
export async function editLot(
  db: Db,
  { storage, maxBytes }: Files,
  actor: Actor,
  ids: ShipmentIds,
  lotId: string,
  values: LotValues,
  now: number,
): Promise<LotOutcome> {
  const title = "Lot Not Saved";
  const shipment = await lotShipment(db, ids);
  const lot = shipment && (await findLot(db, shipment.id, lotId));
  if (!shipment || !lot) return refusal(404, title, "The lot is no longer in this shipment.");
  const outdated = refusal(
    409,
    title,
    "This lot was changed since you opened it: nothing was saved. Check it and save again.",
  );
  if (values.seen !== lot.updated_at) return outdated;
  const report = values.report ? await storeReport(storage, shipment.id, lot.id, values.report, maxBytes, title) : null;
  if (report && "ok" in report) return { ...report, status: 400 };
  const keepReport = !report && !values.remove_report;
  const at = new Date(Math.max(now, Date.parse(lot.updated_at) + 1)).toISOString();
  const changes = changesOf(lot, values);
  if (report) changes.push(`Report: ${report.name}`);
  else if (values.remove_report && lot.report_path) changes.push("Report removed");
  if (Boolean(lot.report_public) !== values.report_public)
    changes.push(values.report_public ? "Report shown on the lot page" : "Report no longer shown on the lot page");
  const saved = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("shipment_lots")
      .set({
        ...factColumns(values),
        ...(keepReport ? {} : reportColumns(report)),
        report_public: values.report_public ? 1 : 0,
        updated_at: at,
      })
      .where("id", "=", lot.id)
      .where("updated_at", "=", lot.updated_at)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    const summary = `Lot ${lot.position} (${lot.code}) changed${changes.length ? `: ${changes.join("; ")}` : ""}`;
    await logLot(trx, actor, shipment, summary, { lotId: lot.id, code: lot.code, changes }, at);
    return true;
  });
  if (!saved) {
    // The file just stored is this lot's path: leave the row's own file alone unless it is another one.
    if (report && report.path !== lot.report_path) await storage.remove(report.path).catch(() => undefined);
    return outdated;
  }
  if (!keepReport && lot.report_path && lot.report_path !== report?.path)
    await storage.remove(lot.report_path).catch(() => undefined);
  return { ok: true as const, code: lot.code };
}

/** 'Delete' on a lot: the row and its report; the other lots keep their positions (labels may be printed). */
export async function deleteLot(
  db: Db,
  storage: Storage,
  actor: Actor,
  ids: ShipmentIds,
  lotId: string,
  now: number,
): Promise<LotOutcome<{ position: number }>> {
  const shipment = await lotShipment(db, ids);
  const lot = shipment && (await findLot(db, shipment.id, lotId));
  if (!shipment || !lot) return refusal(404, "Lot Not Deleted", "The lot is no longer in this shipment.");
  const at = new Date(now).toISOString();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("shipment_lots").where("id", "=", lot.id).execute();
    await logLot(trx, actor, shipment, `Lot ${lot.position} (${lot.code}) deleted`, { code: lot.code }, at);
  });
  if (lot.report_path) await storage.remove(lot.report_path).catch(() => undefined);
  return { ok: true as const, code: lot.code, position: Number(lot.position) };
}

/**
 * The lots a container carries, by code and report: removing the container removes them (the database cascades), so
 * their public pages change and their reports are to be removed.
 */
export async function lotsOfContainer(db: Db, containerId: string) {
  const rows = await db
    .selectFrom("shipment_lots")
    .innerJoin("container_lines", "container_lines.id", "shipment_lots.container_line_id")
    .select(["shipment_lots.code", "shipment_lots.report_path"])
    .where("container_lines.container_id", "=", containerId)
    .execute();
  return {
    codes: rows.map((row) => row.code),
    reports: rows.flatMap((row) => (row.report_path ? [row.report_path] : [])),
  };
}
