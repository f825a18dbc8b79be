/** A translated field's state: no row; a row made from another English text than today's; or up to date. */
export type TranslationStatus = "missing" | "outdated" | "done";
export const TRANSLATION_STATUSES: readonly TranslationStatus[] = ["missing", "outdated", "done"];

export const isTranslationStatus = (value: unknown): value is TranslationStatus =>
  typeof value === "string" && (TRANSLATION_STATUSES as readonly string[]).includes(value);

const RANK: Record<TranslationStatus, number> = { done: 0, outdated: 1, missing: 2 };

/** A cell takes its worst field's status; an item with nothing to translate is done. */
export function worstStatus(statuses: Iterable<TranslationStatus>): TranslationStatus {
  let worst: TranslationStatus = "done";
  for (const status of statuses) if (RANK[status] > RANK[worst]) worst = status;
  return worst;
}

/** Texts compare as a translator's tool and a textarea send them: line ends as \n, no white space at the ends. */
export const normaliseText = (value: string) => value.replace(/\r\n?/g, "\n").trim();
