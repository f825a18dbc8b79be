import type { SourceField } from "./registry.server";
import { sourceHash } from "./source-hash";
import type { TranslationStatus } from "./status";

export {
  isTranslationStatus,
  normaliseText,
  TRANSLATION_STATUSES,
  worstStatus,
  type TranslationStatus,
} from "./status";

/** A stored translation, as the back office reads it. */
export interface StoredTranslation {
  value: string;
  source_hash: string;
}

/** A field with empty English has nothing to translate: it has no status and counts for no progress. */
export const needsTranslation = (field: SourceField) => field.english.trim() !== "";

export function fieldStatus(field: SourceField, stored: StoredTranslation | undefined): TranslationStatus {
  if (!stored) return "missing";
  return stored.source_hash === sourceHash(field.english) ? "done" : "outdated";
}
