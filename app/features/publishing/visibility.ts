import type { PublishStatus } from "~/db/schema";

// What the public may see (ADR 0033), said once: a published product of a published category, a published
// category, a published post. Everything else is a draft (or an archived post) that only the back office shows.
// The SQL form is `visibility.server.ts`, built from the same status; `tests/architecture` fails on a copy.

/** The one status the public site shows. */
export const PUBLIC_STATUS = "published" satisfies PublishStatus;

/** A product the public sees: itself and its category published. */
export const productIsPublic = (row: { status: string; category_status: string }) =>
  row.status === PUBLIC_STATUS && row.category_status === PUBLIC_STATUS;

/** A category, or a post, the public sees. */
export const isPublic = (row: { status: string }) => row.status === PUBLIC_STATUS;
