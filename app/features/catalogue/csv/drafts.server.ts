import type { Db } from "~/db/database.server";
import { newId, nowIso } from "~/lib/time";
import type { Actor } from "~/lib/actor";
import type { Refusal } from "~/lib/forms/submission";
import Papa from "papaparse";
import { decodeCsvBytes, parseProductsCsv, rowsOfGrid, type ParseResult } from "./parse";
import type { ImportOptions } from "./import-plan";
import { planImport } from "./plan-import.server";
import { previewOf, type ImportPreview } from "./preview";
import { writeImportPlan } from "./write.server";
import { readXlsxGrid } from "./xlsx.server";

/**
 * A CSV or XLSX file between its preview and its import is kept in csv_import_drafts, so the preview page carries only
 * the draft's id, and the import plans the same file again against the catalogue as it is then.
 */
const DRAFT_LIFETIME_MS = 24 * 60 * 60 * 1000;

export const DRAFT_GONE =
  "This file is no longer waiting to be imported: it was already imported, or its preview is more than 24 hours old. Choose the file and preview it again.";
export const CATALOGUE_CHANGED =
  "The catalogue changed since the preview, so nothing was imported. Check the new preview below, then import again.";

const cutoff = () => new Date(Date.now() - DRAFT_LIFETIME_MS).toISOString();

export type PreviewResult = Refusal | { ok: true; preview: ImportPreview; draftId: string | null };

const unreadable = (message: string): Refusal => ({ ok: false, title: "Import Error", message, field: "file" });

/** Whether an upload is a workbook; the upload form lets only .csv and .xlsx names through. */
export const isXlsxName = (name: string) => /\.xlsx$/i.test(name);

/**
 * An uploaded file's rows, and the text a draft keeps of it: a CSV file's own text, or a workbook's first sheet
 * written as CSV with its blank rows in place, so an import reads the same rows on the same lines as the preview.
 */
async function readUpload(file: File): Promise<{ parsed: ParseResult; text: string }> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (isXlsxName(file.name)) {
    const sheet = await readXlsxGrid(bytes);
    if (!sheet.ok) return { parsed: sheet, text: "" };
    return { parsed: rowsOfGrid(sheet.grid), text: Papa.unparse(sheet.grid, { newline: "\r\n" }) };
  }
  const decoded = decodeCsvBytes(bytes);
  if (!decoded.ok) return { parsed: decoded, text: "" };
  return { parsed: parseProductsCsv(decoded.text), text: decoded.text };
}

/**
 * Reads an uploaded file (chosen, named .csv or .xlsx and within the size limit: `csvUploadForm`) and plans its
 * import. When something can be imported, the file is kept as a draft of this user's for the Import button;
 * drafts older than a day go first.
 */
export async function previewCsvUpload(
  db: Db,
  actor: Actor,
  file: File,
  options: ImportOptions,
): Promise<PreviewResult> {
  const { parsed, text } = await readUpload(file);
  if (!parsed.ok) return unreadable(parsed.message);
  const plan = await planImport(db, parsed.rows, parsed.lines, options);
  const fileName = file.name.slice(0, 255);
  await db.deleteFrom("csv_import_drafts").where("created_at", "<", cutoff()).execute();
  let draftId: string | null = null;
  if (plan.add.length + plan.update.length > 0) {
    draftId = newId();
    await db
      .insertInto("csv_import_drafts")
      .values({ id: draftId, user_id: actor.id, file_name: fileName, content: text, created_at: nowIso() })
      .execute();
  }
  return { ok: true, preview: previewOf(plan, fileName, options), draftId };
}

export type ImportResult =
  | { kind: "imported"; count: number }
  | { kind: "error"; message: string }
  | { kind: "nothing"; preview: ImportPreview }
  | { kind: "changed"; preview: ImportPreview; draftId: string; message: string };

class DraftGone extends Error {}

/**
 * Imports a draft of this user's, all or nothing, if its plan still has the counts the preview showed; otherwise
 * answers with the new preview. The draft is deleted in the import's transaction, so it imports at most once.
 */
export async function importDraft(
  db: Db,
  actor: Actor,
  draftId: string,
  previewed: { add: number; update: number },
  options: ImportOptions,
): Promise<ImportResult> {
  const findDraft = () =>
    db
      .selectFrom("csv_import_drafts")
      .select(["file_name", "content"])
      .where("id", "=", draftId)
      .where("user_id", "=", actor.id)
      .where("created_at", ">=", cutoff())
      .executeTakeFirst();
  const draft = draftId ? await findDraft() : undefined;
  if (!draft) return { kind: "error", message: DRAFT_GONE };
  const parsed = parseProductsCsv(draft.content);
  if (!parsed.ok) return { kind: "error", message: parsed.message };
  const plan = await planImport(db, parsed.rows, parsed.lines, options);
  const preview = previewOf(plan, draft.file_name, options);
  if (plan.add.length + plan.update.length === 0) {
    await db.deleteFrom("csv_import_drafts").where("id", "=", draftId).execute();
    return { kind: "nothing", preview };
  }
  if (plan.add.length !== previewed.add || plan.update.length !== previewed.update) {
    // A second click that planned after the first one's import sees that import as a change; say what happened.
    if (!(await findDraft())) return { kind: "error", message: DRAFT_GONE };
    return { kind: "changed", preview, draftId, message: CATALOGUE_CHANGED };
  }
  try {
    const count = await db.transaction().execute(async (trx) => {
      // A second click, or a second tab, finds the draft already taken and imports nothing.
      const taken = await trx
        .deleteFrom("csv_import_drafts")
        .where("id", "=", draftId)
        .where("user_id", "=", actor.id)
        .executeTakeFirst();
      if (Number(taken.numDeletedRows) === 0) throw new DraftGone();
      return writeImportPlan(trx, actor, plan);
    });
    return { kind: "imported", count };
  } catch (error) {
    if (error instanceof DraftGone) return { kind: "error", message: DRAFT_GONE };
    throw error;
  }
}
