/** The largest translation file the import reads: a whole catalogue's texts in XLIFF are far smaller. */
export const MAX_TRANSLATION_FILE_BYTES = 2 * 1024 * 1024;
export const MAX_TRANSLATION_FILE_MB = MAX_TRANSLATION_FILE_BYTES / 1024 / 1024;
/** The most units (XLIFF) or rows (CSV) a file may hold. */
export const MAX_TRANSLATION_UNITS = 20_000;

export const TRANSLATION_FILE_TOO_LARGE = `The file is larger than ${MAX_TRANSLATION_FILE_MB} MB.`;

export type ExchangeFormat = "xliff" | "csv";
export const isExchangeFormat = (value: unknown): value is ExchangeFormat => value === "xliff" || value === "csv";

/** One translated field in a file: `product/<id>/<field>`, the English it was made from (when the file says), the text. */
export interface ImportUnit {
  id: string;
  source: string | null;
  target: string;
  /** Why the unit cannot be read (markup inside the text, another language than the file's). */
  problem?: string;
}

export type ReadResult = { ok: true; lang: string; units: ImportUnit[] } | { ok: false; message: string };

/** The language a file names, as a shipped code: `ar-AE` is `ar`. */
export const primaryLanguage = (tag: string) => tag.trim().split(/[-_]/)[0].toLowerCase();
