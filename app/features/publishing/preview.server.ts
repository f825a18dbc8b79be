import { timingSafeEqual } from "node:crypto";
import type { Db } from "~/db/database.server";
import { installationHmac } from "~/features/abuse/hmac-and-rate-limit.server";

// Signed preview links (ADR 0033): a draft product's or category's page at its own address with
// `?preview=<expiry>.<signature>`, the signature an HMAC of the kind, the id and the expiry with the installation's
// key. Anyone holding the link sees the draft until it expires; nobody can make one for another item or a later
// expiry.

/** How long a preview link works. */
export const PREVIEW_LINK_MS = 7 * 24 * 60 * 60_000;
/** The query parameter that carries it (server/query-params.ts lets it through on product and category pages). */
export const PREVIEW_PARAM = "preview";

export type PreviewKind = "product" | "category";

const signed = (db: Db, kind: PreviewKind, id: string, expires: number) =>
  installationHmac(db, `preview:${kind}:${id}:${expires}`);

/** The `preview` value for a product or category, valid for PREVIEW_LINK_MS from `now`. */
export async function previewToken(db: Db, kind: PreviewKind, id: string, now: number): Promise<string> {
  const expires = now + PREVIEW_LINK_MS;
  return `${expires}.${await signed(db, kind, id, expires)}`;
}

/** Whether `token` is a preview of this item that has not expired at `now`. */
export async function isPreview(db: Db, kind: PreviewKind, id: string, token: string, now: number): Promise<boolean> {
  const match = /^(\d{1,15})\.([0-9a-f]{64})$/.exec(token);
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires <= now || expires > now + PREVIEW_LINK_MS) return false;
  const expected = Buffer.from(await signed(db, kind, id, expires), "hex");
  return timingSafeEqual(expected, Buffer.from(match[2]!, "hex"));
}
