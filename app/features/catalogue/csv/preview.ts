import type { ImportOptions, ImportPlan } from "./import-plan";

/** Longest list of skipped rows or warnings the preview page shows; it always gives the full counts. */
export const PREVIEW_LIST_LIMIT = 500;

/** Rows listed by number for one habit; the count says how many in all. */
const HABIT_LINES = 12;

/** Each habit once, with the rows it was read on (issue 41: seven lines a row, 140 for 20 products). */
function habitsOf(plan: ImportPlan) {
  const habits = new Map<string, number[]>();
  for (const note of plan.notes) {
    const lines = habits.get(note.message);
    if (lines) lines.push(note.line);
    else habits.set(note.message, [note.line]);
  }
  return [...habits].map(([message, lines]) => ({
    message,
    lines: lines.slice(0, HABIT_LINES),
    count: lines.length,
  }));
}

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
    habits: habitsOf(plan),
    missingColumns: plan.missingColumns,
    unknownColumns: plan.unknownColumns,
  };
}
export type ImportPreview = ReturnType<typeof previewOf>;
