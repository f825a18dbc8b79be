import type { FormValues } from "./submission";

/**
 * What an edit form was opened on (ADR 0049), sent back in a hidden field: the record's `updated_at`, which the save
 * is conditioned on, and its newest version's number, from which the refusal says what changed since.
 */
export const VERSION_FIELD = "version";

export interface OpenedVersion {
  updatedAt: string;
  number: number;
}

export const formatEditVersion = ({ number, updatedAt }: OpenedVersion) => `${number}@${updatedAt}`;

/** The version the submitted form was opened on; null when the form sent none (a post not made by the page). */
export function openedVersionOf(values: FormValues): OpenedVersion | null {
  const token = values[VERSION_FIELD];
  const match = typeof token === "string" ? /^(\d{1,9})@(.{1,64})$/.exec(token) : null;
  return match ? { number: Number(match[1]), updatedAt: match[2] } : null;
}
