import { randomBytes } from "node:crypto";
import { parse, serialize } from "cookie";
import type { Db } from "~/db/database.server";
import { hashToken, isTokenShaped } from "~/features/accounts/tokens.server";
import { servedOverHttps } from "~/lib/https.server";

// A buyer's session (issue 45, ADR 0066): its own cookie and table, never the team's `session`, so a buyer's cookie
// opens nothing under /admin and an administrator's session is never a buyer's.

export const BUYER_SESSION_COOKIE = "buyer_session";
/** Signed out after two weeks without a visit… */
export const BUYER_SESSION_IDLE_MS = 14 * 24 * 60 * 60 * 1000;
/** …and after 30 days whatever happens: a buyer signs in again from a new link. */
export const BUYER_SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

export interface BuyerSession {
  buyerId: string;
  /** The address whose link opened the session. */
  emailKey: string;
  /** The buyer company's name as the team keeps it ('' when none). */
  name: string;
  /** Every address of the buyer: what it may see is what these addresses asked for and were sent. */
  emailKeys: string[];
}

/** A new session for the buyer (32 random bytes; only the hash is stored). Written inside the link's transaction. */
export async function createBuyerSession(
  trx: Pick<Db, "insertInto">,
  buyerId: string,
  emailKey: string,
  now: number,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await trx
    .insertInto("buyer_sessions")
    .values({
      id: hashToken(token),
      buyer_id: buyerId,
      email_key: emailKey,
      created_at: new Date(now).toISOString(),
      last_seen_at: new Date(now).toISOString(),
      expires_at: new Date(now + BUYER_SESSION_ABSOLUTE_MS).toISOString(),
    })
    .execute();
  return token;
}

/** The signed-in buyer, or null: no such session, run out, or the buyer's access disabled. */
export async function getBuyerSession(db: Db, token: string, now: number): Promise<BuyerSession | null> {
  const id = hashToken(token);
  const row = await db
    .selectFrom("buyer_sessions")
    .innerJoin("buyers", "buyers.id", "buyer_sessions.buyer_id")
    .select([
      "buyer_sessions.buyer_id",
      "buyer_sessions.email_key",
      "buyer_sessions.last_seen_at",
      "buyer_sessions.expires_at",
      "buyers.name",
    ])
    .where("buyer_sessions.id", "=", id)
    .where("buyers.disabled_at", "is", null)
    .executeTakeFirst();
  if (!row) return null;
  const lastSeen = Date.parse(row.last_seen_at);
  if (Date.parse(row.expires_at) <= now || lastSeen + BUYER_SESSION_IDLE_MS <= now) {
    await db.deleteFrom("buyer_sessions").where("id", "=", id).execute();
    return null;
  }
  const [addresses] = await Promise.all([
    db.selectFrom("buyer_emails").select("email_key").where("buyer_id", "=", row.buyer_id).execute(),
    now - lastSeen > TOUCH_INTERVAL_MS
      ? db
          .updateTable("buyer_sessions")
          .set({ last_seen_at: new Date(now).toISOString() })
          .where("id", "=", id)
          .execute()
      : null,
  ]);
  const emailKeys = addresses.map((address) => address.email_key);
  // An address an administrator moved to another buyer no longer opens this one.
  if (!emailKeys.includes(row.email_key)) return null;
  return { buyerId: row.buyer_id, emailKey: row.email_key, name: row.name, emailKeys };
}

/** The signed-in buyer of a request, or null. */
export async function buyerOfRequest(db: Db, request: Request, now: number): Promise<BuyerSession | null> {
  const token = readBuyerSessionToken(request);
  return token ? getBuyerSession(db, token, now) : null;
}

export async function deleteBuyerSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom("buyer_sessions").where("id", "=", hashToken(token)).execute();
}

/** The buyer-session cookie's token when it has the shape of one (anything else is not looked up). */
export function readBuyerSessionToken(request: Request): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  const token = parse(header)[BUYER_SESSION_COOKIE];
  return isTokenShaped(token) ? token : null;
}

export function buyerSessionCookie(request: Request, publicUrl: string | undefined, token: string | null): string {
  return serialize(BUYER_SESSION_COOKIE, token ?? "", {
    httpOnly: true,
    sameSite: "lax",
    secure: servedOverHttps(request, publicUrl),
    path: "/",
    maxAge: token ? BUYER_SESSION_ABSOLUTE_MS / 1000 : 0,
  });
}
