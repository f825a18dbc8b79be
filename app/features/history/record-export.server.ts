import type { Db } from "~/db/database.server";
import type { Actor } from "~/lib/actor";
import { recordActivity } from "./record.server";

export interface ExportEntry {
  /** What left the site: "products", "inquiries", "translations (ar, XLIFF)", "activity". */
  what: string;
  /** Rows in the file, when the export counted them. */
  rows?: number;
  /** The filters the file was made with, as the request named them. */
  filter?: unknown;
}

/**
 * Logs a download of the site's data (ADR 0032): who took which rows, from where. Written once the file is made,
 * before it is sent; an export that failed to build is not logged.
 */
export async function recordExport(db: Db, actor: Actor, { what, rows, filter }: ExportEntry): Promise<void> {
  const count = rows === undefined ? "" : ` (${rows} ${rows === 1 ? "row" : "rows"})`;
  await recordActivity(db, actor, {
    action: "export",
    summary: `Exported ${what}${count}`,
    details: { what, rows: rows ?? null, filter: filter ?? null },
  });
}
