import type { Db } from "~/db/database.server";
import { holdRows } from "./row-lock";
import { usingPostgres, type TestDatabase } from "./test-db";

/**
 * The administrators who can sign in (role admin, not disabled, invitation accepted), read independently of the
 * app's own count so a test of the last-administrator rule (ADR 0046) checks it rather than repeats it.
 */
export async function usableAdmins(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom("profiles")
    .innerJoin("users", "users.id", "profiles.id")
    .select("profiles.id")
    .where("profiles.role", "=", "admin")
    .where("users.disabled_at", "is", null)
    .where("users.password_hash", "!=", "")
    .execute();
  return rows.map((r) => r.id).sort();
}

/** Runs both at once; on PostgreSQL both are held at the administrators' rows first, then let go together. */
export async function atOnceOnAdministrators<A, B>(
  t: TestDatabase,
  first: () => Promise<A>,
  second: () => Promise<B>,
): Promise<[A, B]> {
  if (!usingPostgres) return Promise.all([first(), second()]);
  const held = await holdRows(
    t.databaseUrl!,
    "SELECT profiles.id FROM profiles JOIN users ON users.id = profiles.id WHERE profiles.role = 'admin' FOR UPDATE",
  );
  const both = Promise.all([first(), second()]);
  try {
    await held.waitForWaiting(2);
  } finally {
    await held.release();
  }
  return both;
}
