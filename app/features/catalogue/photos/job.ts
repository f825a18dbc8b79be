/** What a photo import job keeps in its JSON columns (photo_import_jobs, ADR 0042). */

export interface PlannedPhoto {
  /** The entry's index in the ZIP's directory. */
  index: number;
  file: string;
  productId: string;
  position: number;
}

export interface UnmatchedFile {
  file: string;
  reason: string;
}

export interface PhotoPlan {
  photos: PlannedPhoto[];
  unmatched: UnmatchedFile[];
}

export interface PhotoResult {
  file: string;
  productId: string;
  position: number;
  /** The stored picture's address, or why the file was refused. */
  url?: string;
  error?: string;
}

export type JobState = "processing" | "ready" | "imported" | "failed" | "cancelled";

/** A running job writes its row at least this often, between pictures too (a large one takes a while). */
export const HEARTBEAT_MS = 5_000;

/** A job whose row has not moved for this long was cut off (its process died): it is marked failed and cleaned. */
export const STALE_AFTER_MS = 30_000;

export const INTERRUPTED =
  "The job stopped before it finished (the server restarted), and nothing was imported. Upload the ZIP again: pictures already stored are recognised and not stored twice.";

export const parseJson = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

/** Longest name kept for a file inside a ZIP: enough to find it, never a page of text. */
export const shortName = (name: string) => (name.length > 200 ? `${name.slice(0, 200)}…` : name);
