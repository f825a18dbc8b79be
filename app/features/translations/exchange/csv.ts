import Papa from "papaparse";
import { neutraliseFormula, unescapeFormula } from "~/lib/csv";
import { MAX_TRANSLATION_UNITS, primaryLanguage, type ImportUnit, type ReadResult } from "./limits";
import type { XliffUnit } from "./xliff";

/** The CSV form of an export, for a translator with a spreadsheet: one row per field. */
export const CSV_COLUMNS = ["id", "language", "status", "item", "english", "translation"] as const;

export function writeTranslationCsv(lang: string, units: readonly XliffUnit[]): string {
  const rows = units.map((unit) =>
    [unit.id, lang, unit.status, unit.title, unit.source, unit.target].map(neutraliseFormula),
  );
  // A byte order mark, so a spreadsheet reads Arabic and Bengali as UTF-8.
  return `\uFEFF${Papa.unparse({ fields: [...CSV_COLUMNS], data: rows }, { newline: "\r\n" })}\r\n`;
}

export function readTranslationCsv(text: string): ReadResult {
  const result = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ""), {
    header: true,
    skipEmptyLines: "greedy",
    transformHeader: (header) => header.trim().toLowerCase(),
  });
  const errors = result.errors.filter((error) => error.code !== "UndetectableDelimiter");
  if (errors.length) {
    const line = errors[0].row === undefined ? "" : ` (line ${errors[0].row + 2})`;
    return { ok: false, message: `The file could not be read as CSV${line}.` };
  }
  const fields = result.meta.fields ?? [];
  if (!["id", "language", "translation"].every((column) => fields.includes(column)))
    return {
      ok: false,
      message: "The file needs a header row with at least the columns id, language and translation.",
    };
  if (result.data.length > MAX_TRANSLATION_UNITS)
    return { ok: false, message: `The file has more than ${MAX_TRANSLATION_UNITS} rows.` };
  const lang = primaryLanguage(result.data[0]?.language ?? "");
  if (!lang) return { ok: false, message: "The file's first row does not say its language." };
  const units: ImportUnit[] = result.data.map((row) => ({
    id: row.id ?? "",
    source: fields.includes("english") ? unescapeFormula(row.english ?? "") : null,
    target: unescapeFormula(row.translation ?? ""),
    problem: primaryLanguage(row.language ?? "") === lang ? undefined : "another language than the file's first row",
  }));
  return { ok: true, lang, units };
}
