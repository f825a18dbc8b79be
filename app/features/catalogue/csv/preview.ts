import type { ImportOptions, ImportPlan } from "./import-plan";

/** Longest list of skipped rows or warnings the preview page shows; it always gives the full counts. */
export const PREVIEW_LIST_LIMIT = 500;

/**
 * What the preview page shows of a plan: counts, every product an update will change, and the rows' problems.
 * Updates go as one short text each, grouped by category: a whole-catalogue file lists thousands of them.
 */
export function previewOf(plan: ImportPlan, fileName: string, options: ImportOptions) {
  const updates = new Map<string, string[]>();
  for (const u of plan.update) {
    const rows = updates.get(u.category) ?? [];
    rows.push(
      `Line ${u.line}: ${u.currentName}${u.values.name !== u.currentName ? ` (renamed to ${u.values.name})` : ""}`,
    );
    updates.set(u.category, rows);
  }
  return {
    fileName,
    add: plan.add.length,
    update: plan.update.length,
    live: plan.live,
    draftsWithoutPicture: options.draftsWithoutPicture,
    updates: [...updates].map(([category, rows]) => ({ category, rows })),
    skipped: plan.skipped.slice(0, PREVIEW_LIST_LIMIT),
    skippedCount: plan.skipped.length,
    warnings: plan.warnings.slice(0, PREVIEW_LIST_LIMIT),
    warningCount: plan.warnings.length,
    notes: plan.notes.slice(0, PREVIEW_LIST_LIMIT),
    noteCount: plan.notes.length,
    missingColumns: plan.missingColumns,
    unknownColumns: plan.unknownColumns,
  };
}
export type ImportPreview = ReturnType<typeof previewOf>;
