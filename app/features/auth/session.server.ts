import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { parse, serialize } from "cookie";
import type { Db } from "~/db/database.server";
import { installationHmac } from "~/features/abuse/hmac-and-rate-limit.server";
import type { Role } from "~/db/schema";
import type { Actor } from "~/lib/actor";
import { servedOverHttps } from "~/lib/https.server";
import { nowIso } from "~/lib/time";

export const SESSION_COOKIE = "session";
/** Signed out after this long without a request… */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
/** …and after this long whatever happens (ADR 0004). */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
// last_seen_at is written at most this often, so reads do not turn every request into a write.
const TOUCH_INTERVAL_MS = 60 * 1000;

export interface SessionUser extends Actor {
  role: Role;
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/*
 * A session token is 32 bytes (43 base64url characters): when it was issued (4 bytes, seconds), 12 random bytes, and
 * the first 16 bytes of the installation's HMAC of those 16. Its row in `sessions` decides whether it is live; the
 * signature lets the server recognise, after the row is gone, a token it issued (ADR 0047): only such a token may
 * keep a form sent after its session ran out, so strangers cannot fill that store with made-up cookies.
 */
const ISSUED_PART = 16;

async function tokenSignature(db: Db, issued: Buffer): Promise<Buffer> {
  const mac = await installationHmac(db, `session-token:${issued.toString("base64url")}`);
  return Buffer.from(mac, "hex").subarray(0, 32 - ISSUED_PART);
}

async function newSessionToken(db: Db, now: number): Promise<string> {
  const issued = Buffer.alloc(ISSUED_PART);
  issued.writeUInt32BE(Math.floor(now / 1000));
  randomBytes(ISSUED_PART - 4).copy(issued, 4);
  return Buffer.concat([issued, await tokenSignature(db, issued)]).toString("base64url");
}

/** Whether this server issued `token` for a session that could still be open, whether or not it still is. */
export async function wasIssuedSessionToken(db: Db, token: string): Promise<boolean> {
  const now = Date.now(); // the sessions' clock (createSession, getSessionUser)
  const bytes = Buffer.from(token, "base64url");
  if (bytes.length !== 32) return false;
  const issued = bytes.subarray(0, ISSUED_PART);
  const issuedAt = issued.readUInt32BE() * 1000;
  // A browser drops the cookie when the session's absolute lifetime ends (its Max-Age).
  if (issuedAt > now + 60_000 || issuedAt + SESSION_ABSOLUTE_MS < now) return false;
  return timingSafeEqual(bytes.subarray(ISSUED_PART), await tokenSignature(db, issued));
}

export async function createSession(db: Db, userId: string, meta: { ip?: string | null } = {}): Promise<string> {
  const now = new Date();
  const token = await newSessionToken(db, now.getTime());
  await db
    .insertInto("sessions")
    .values({
      id: hashToken(token),
      user_id: userId,
      created_at: now.toISOString(),
      last_seen_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SESSION_ABSOLUTE_MS).toISOString(),
      ip: meta.ip ?? null,
    })
    .execute();
  return token;
}

export async function getSessionUser(db: Db, token: string): Promise<SessionUser | null> {
  const id = hashToken(token);
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .innerJoin("profiles", "profiles.id", "sessions.user_id")
    .select([
      "sessions.last_seen_at",
      "sessions.expires_at",
      "users.id",
      "users.email",
      "profiles.full_name",
      "profiles.role",
    ])
    .where("sessions.id", "=", id)
    // A disabled account's sessions are deleted with the change; this holds even for one made a moment after.
    .where("users.disabled_at", "is", null)
    .executeTakeFirst();
  if (!row) return null;
  const now = Date.now();
  const lastSeen = Date.parse(row.last_seen_at);
  if (Date.parse(row.expires_at) <= now || lastSeen + SESSION_IDLE_MS <= now) {
    await db.deleteFrom("sessions").where("id", "=", id).execute();
    return null;
  }
  if (now - lastSeen > TOUCH_INTERVAL_MS) {
    await db.updateTable("sessions").set({ last_seen_at: nowIso() }).where("id", "=", id).execute();
  }
  return { id: row.id, email: row.email, fullName: row.full_name, role: row.role };
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.deleteFrom("sessions").where("id", "=", hashToken(token)).execute();
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  const idleCutoff = new Date(Date.now() - SESSION_IDLE_MS).toISOString();
  await db
    .deleteFrom("sessions")
    .where((eb) => eb.or([eb("expires_at", "<=", nowIso()), eb("last_seen_at", "<=", idleCutoff)]))
    .execute();
}

export function readSessionToken(request: Request): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  const token = parse(header)[SESSION_COOKIE];
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}

export function sessionCookie(request: Request, publicUrl: string | undefined, token: string): string {
  return serialize(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure: servedOverHttps(request, publicUrl),
    path: "/",
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  });
}

export function clearSessionCookie(request: Request, publicUrl: string | undefined): string {
  return serialize(SESSION_COOKIE, "", {
    httpOnly: true,
    sameSite: "lax",
    secure: servedOverHttps(request, publicUrl),
    path: "/",
    maxAge: 0,
  });
}
