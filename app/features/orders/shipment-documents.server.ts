import { type Db, isPostgres } from "~/db/database.server";
import { nextDocumentNumber } from "~/db/yearly-numbers.server";
import { type Actor, actorName } from "~/lib/actor";
import { siteToday } from "~/lib/site-time";
import type { Storage } from "~/lib/storage/storage.server";
import { newId } from "~/lib/time";
import { logOrder } from "./order-log.server";
import { type Outcome, refusal } from "./outcome";
import { DOCUMENT_FILE_TYPES } from "./shipment-forms.schema";
import { documentLabel } from "./shipment-agreement.server";
import { findShipment, type FoundShipment, madeDocumentContent } from "./shipment-reads.server";
import { MADE_DOCUMENTS, type MadeDocumentContent, type MadeDocumentKind, type UploadedDocumentKind } from "./shipping";

// A shipment's document set (issue 44): the documents made here, those others issue, and the differences accepted.

/**
 * 'Commercial Invoice' or 'Packing List': made from the shipment as it is now and frozen. Made again, it keeps its
 * number with the next revision, so what was sent stays what it was, and a later change shows as a difference.
 */
export async function makeShipmentDocument(
  db: Db,
  actor: Actor,
  ids: { orderId: string; shipmentId: string },
  kind: MadeDocumentKind,
  { now, timeZone }: { now: number; timeZone: string },
): Promise<Outcome<{ id: string; label: string; revision: number }>> {
  const title = `${MADE_DOCUMENTS[kind].label} Not Made`;
  return db.transaction().execute(async (trx) => {
    if (isPostgres(trx))
      await trx.selectFrom("shipments").select("id").where("id", "=", ids.shipmentId).forUpdate().execute();
    const found = await findShipment(trx, ids.orderId, ids.shipmentId);
    if (!found) return refusal(404, title, "The shipment no longer exists.");
    if (!found.containers.length)
      return refusal(409, title, "Add the shipment's containers first: it is made from them.");
    const issuedOn = siteToday(now, timeZone);
    const existing = found.documents.find((document) => document.kind === kind && document.file_path === null);
    const number =
      existing?.number ?? (await nextDocumentNumber(trx, MADE_DOCUMENTS[kind].series, Number(issuedOn.slice(0, 4))));
    const revision = existing ? Number(existing.revision) + 1 : 1;
    const content = madeDocumentContent(found, { kind, number, revision, issuedOn });
    if (kind === "packing-list") await addLots(trx, found, content);
    const at = new Date(now).toISOString();
    const id = existing?.id ?? newId();
    const columns = {
      issued_on: issuedOn,
      revision,
      facts: JSON.stringify(content),
      accepted_differences: null,
      accepted_by_name: null,
      accepted_at: null,
      updated_at: at,
    };
    if (existing) await trx.updateTable("shipment_documents").set(columns).where("id", "=", id).execute();
    else
      await trx
        .insertInto("shipment_documents")
        .values({
          id,
          shipment_id: found.shipment.id,
          kind,
          number,
          created_by_name: actorName(actor),
          created_at: at,
          ...columns,
        })
        .execute();
    const label = documentLabel({ kind, number });
    await logOrder(
      trx,
      actor,
      found.order,
      "shipment-document",
      `${label}${revision > 1 ? ` revision ${revision}` : ""} made`,
      {
        at,
        details: { shipmentId: found.shipment.id, documentId: id },
      },
    );
    return { ok: true as const, id, label, revision };
  });
}

/**
 * The packing list prints each container line's lots (issue 45), frozen with it as they are now: each container line
 * of the content is the found shipment's line at the same place (madeDocumentContent keeps their order).
 */
async function addLots(db: Db, found: FoundShipment, content: MadeDocumentContent) {
  const lots = await db
    .selectFrom("shipment_lots")
    .select(["container_line_id", "code", "origin", "packing_date"])
    .where("shipment_id", "=", found.shipment.id)
    .orderBy("position")
    .orderBy("id")
    .execute();
  found.containers.forEach((container, c) =>
    container.lines.forEach((line, l) => {
      content.containers[c].lines[l].lots = lots
        .filter((lot) => lot.container_line_id === line.id)
        .map((lot) => ({ code: lot.code, origin: lot.origin, packingDate: lot.packing_date }));
    }),
  );
}

/** The type a file really is, from its first bytes (never from its name or the browser's word). */
export function sniffDocumentType(bytes: Uint8Array): string | null {
  const starts = (...prefix: number[]) => prefix.every((byte, i) => bytes[i] === byte);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return "application/pdf";
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  return null;
}

/**
 * 'Upload Document': a document another issued, kept privately (its stored name ends in `.document`, which the
 * public media route never serves) with its number, date and the facts it states. A file that is no PDF, JPEG or
 * PNG is refused; the same kind and number twice is refused (remove the first).
 */
export async function uploadShipmentDocument(
  db: Db,
  storage: Storage,
  actor: Actor,
  ids: { orderId: string; shipmentId: string },
  values: {
    kind: UploadedDocumentKind;
    document_number: string;
    issued_on: string;
    file: File;
    consignee: string;
    net_kg: string;
    gross_kg: string;
  },
  now: number,
): Promise<Outcome<{ label: string }>> {
  const title = "Document Not Uploaded";
  const bytes = new Uint8Array(await values.file.arrayBuffer());
  const type = sniffDocumentType(bytes);
  if (!type) return refusal(400, title, "The file is not a PDF, JPEG or PNG.", { field: "file" });
  const found = await findShipment(db, ids.orderId, ids.shipmentId);
  if (!found) return refusal(404, title, "The shipment no longer exists.");
  const label = documentLabel({ kind: values.kind, number: values.document_number });
  if (found.documents.some((d) => d.kind === values.kind && d.number === values.document_number))
    return refusal(409, title, `${label} is already uploaded: remove it first to upload it again.`, {
      field: "number",
    });
  const id = newId();
  const objectPath = `shipment-documents/${found.shipment.id}/${id}.${DOCUMENT_FILE_TYPES[type]}.document`;
  await storage.put(objectPath, bytes, type);
  const at = new Date(now).toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("shipment_documents")
        .values({
          id,
          shipment_id: found.shipment.id,
          kind: values.kind,
          number: values.document_number,
          issued_on: values.issued_on,
          revision: 1,
          facts: JSON.stringify({ consignee: values.consignee, netKg: values.net_kg, grossKg: values.gross_kg }),
          file_path: objectPath,
          file_name: values.file.name.slice(0, 200) || `${id}.${DOCUMENT_FILE_TYPES[type]}`,
          content_type: type,
          file_size: bytes.byteLength,
          created_by_name: actorName(actor),
          created_at: at,
          updated_at: at,
        })
        .execute();
      await logOrder(trx, actor, found.order, "shipment-document", `${label} uploaded`, {
        at,
        details: { shipmentId: found.shipment.id, documentId: id },
      });
    });
  } catch (error) {
    // Nothing half-written: the file goes with the row that failed.
    await storage.remove(objectPath).catch(() => undefined);
    throw error;
  }
  return { ok: true as const, label };
}

/** 'Remove' on an uploaded document (the wrong file, a replaced certificate): the row and its file. */
export async function removeShipmentDocument(
  db: Db,
  storage: Storage,
  actor: Actor,
  ids: { orderId: string; shipmentId: string },
  documentId: string,
  now: number,
): Promise<Outcome<{ label: string }>> {
  const found = await findShipment(db, ids.orderId, ids.shipmentId);
  const document = found?.documents.find((d) => d.id === documentId && d.file_path !== null);
  if (!found || !document) return refusal(404, "Document Not Removed", "The document is no longer in this shipment.");
  const label = documentLabel(document);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("shipment_documents").where("id", "=", documentId).execute();
    await logOrder(trx, actor, found.order, "shipment-document", `${label} removed`, {
      at: new Date(now).toISOString(),
      details: { shipmentId: found.shipment.id },
    });
  });
  await storage.remove(document.file_path!).catch(() => undefined);
  return { ok: true as const, label };
}

/**
 * 'Accept Differences': a person looked at a document's differences and accepts them as they are (a wording the
 * bank allows, a weight within tolerance); who and when is kept, and a difference that appears later is flagged again.
 */
export async function acceptDocumentDifferences(
  db: Db,
  actor: Actor,
  ids: { orderId: string; shipmentId: string },
  documentId: string,
  differences: string[],
  now: number,
): Promise<Outcome<{ label: string }>> {
  const found = await findShipment(db, ids.orderId, ids.shipmentId);
  const document = found?.documents.find((d) => d.id === documentId);
  if (!found || !document) return refusal(404, "Not Accepted", "The document is no longer in this shipment.");
  const label = documentLabel(document);
  const at = new Date(now).toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("shipment_documents")
      .set({ accepted_differences: JSON.stringify(differences), accepted_by_name: actorName(actor), accepted_at: at })
      .where("id", "=", documentId)
      .execute();
    await logOrder(trx, actor, found.order, "shipment-document", `${label}: differences accepted`, {
      at,
      details: { shipmentId: found.shipment.id, documentId, differences },
    });
  });
  return { ok: true as const, label };
}
