import { createHash, randomBytes } from "node:crypto";
import { parse, serialize } from "cookie";
import type { Db } from "~/db/database.server";
import { servedOverHttps } from "~/lib/https.server";

/**
 * A back-office submission that meets an expired session is kept (issue 27, ADR 0036): its text fields wait here,
 * under the hash of a random token that only the sender's browser holds (an HttpOnly cookie), until an
 * administrator signs in again in that browser and the page the form was sent to loads; then the form comes back
 * filled, once. Files are not kept (they would make the store a free upload box); secrets are never kept.
 *
 * Anyone can send a POST to an admin URL, so what a stranger can store is bounded: only a request that carried a
 * session cookie is kept, at most STASH_MAX_CHARS of text, STASH_PER_ADDRESS stashes per address (a newer one
 * replaces the oldest), STASH_MAX_ROWS stashes in all (beyond, nothing more is kept), each for STASH_TTL_MS.
 */
export const STASH_COOKIE = "kept_form";
export const STASH_TTL_MS = 60 * 60 * 1000;
export const STASH_MAX_CHARS = 128 * 1024;
export const STASH_PER_ADDRESS = 3;
export const STASH_MAX_ROWS = 100;

/** A kept submission's fields, in the order sent; repeated names repeat (lists, checkboxes). */
export type KeptEntries = Array<[string, string]>;

const SECRET_FIELD = /password|secret|token|^(code|otp|totp|recovery_code)$/i;
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

function keptEntries(form: FormData): KeptEntries | null {
  const entries: KeptEntries = [];
  let size = 0;
  for (const [name, value] of form) {
    if (typeof value !== "string" || SECRET_FIELD.test(name)) continue;
    size += name.length + value.length;
    if (size > STASH_MAX_CHARS) return null;
    entries.push([name, value]);
  }
  return entries.length > 0 ? entries : null;
}

/** Keeps the submission's text fields for the page at `path`; the cookie to set, or null when nothing was kept. */
export async function keepSubmission(
  db: Db,
  input: { request: Request; form: FormData; path: string; ip: string; now: number; publicUrl: string | undefined },
): Promise<string | null> {
  const entries = keptEntries(input.form);
  if (!entries) return null;
  const nowIso = new Date(input.now).toISOString();
  const token = randomBytes(32).toString("base64url");
  const kept = await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("form_stash").where("expires_at", "<=", nowIso).execute();
    const fromAddress = await trx
      .selectFrom("form_stash")
      .select("id")
      .where("ip", "=", input.ip)
      .orderBy("created_at", "desc")
      .execute();
    const replaced = fromAddress.slice(STASH_PER_ADDRESS - 1).map((row) => row.id);
    if (replaced.length > 0) await trx.deleteFrom("form_stash").where("id", "in", replaced).execute();
    const { count } = await trx
      .selectFrom("form_stash")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    if (Number(count) >= STASH_MAX_ROWS) return false;
    const json = JSON.stringify(entries);
    await trx
      .insertInto("form_stash")
      .values({
        id: hashToken(token),
        created_at: nowIso,
        expires_at: new Date(input.now + STASH_TTL_MS).toISOString(),
        ip: input.ip,
        path: input.path,
        entries: json,
        size: json.length,
      })
      .execute();
    return true;
  });
  if (!kept) return null;
  return serialize(STASH_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure: servedOverHttps(input.request, input.publicUrl),
    path: "/admin",
    maxAge: STASH_TTL_MS / 1000,
  });
}

function readStashId(request: Request): string | null {
  const token = parse(request.headers.get("Cookie") ?? "")[STASH_COOKIE];
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? hashToken(token) : null;
}

/** Whether this browser has a kept submission waiting (the login page says so). */
export async function hasKeptSubmission(db: Db, request: Request, now: number): Promise<boolean> {
  const id = readStashId(request);
  if (!id) return false;
  const row = await db
    .selectFrom("form_stash")
    .select("id")
    .where("id", "=", id)
    .where("expires_at", ">", new Date(now).toISOString())
    .executeTakeFirst();
  return !!row;
}

/**
 * The kept submission for the page at `path`, taken once (the caller is a signed-in administrator, below the guard),
 * with the cookie that forgets it; null when this browser has none for that page.
 */
export async function takeKeptSubmission(
  db: Db,
  request: Request,
  input: { path: string; now: number; publicUrl: string | undefined },
): Promise<{ entries: KeptEntries; keptAt: string; clearCookie: string } | null> {
  const id = readStashId(request);
  if (!id) return null;
  const row = await db
    .deleteFrom("form_stash")
    .where("id", "=", id)
    .where("path", "=", input.path)
    .where("expires_at", ">", new Date(input.now).toISOString())
    .returning(["entries", "created_at"])
    .executeTakeFirst();
  if (!row) return null;
  const clearCookie = serialize(STASH_COOKIE, "", {
    httpOnly: true,
    sameSite: "lax",
    secure: servedOverHttps(request, input.publicUrl),
    path: "/admin",
    maxAge: 0,
  });
  return { entries: JSON.parse(row.entries) as KeptEntries, keptAt: row.created_at, clearCookie };
}
