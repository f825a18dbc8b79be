import type { Db } from "~/db/database.server";
import { findUserForLogin } from "~/features/users/users.server";
import { verifyAgainstDummy, verifyPassword } from "~/features/users/password.server";
import { createSession } from "./session.server";
import { releaseLoginAttempt, reserveLoginAttempt, throttleKeys } from "./throttle.server";

export type LoginResult =
  | { kind: "ok"; token: string; fullName: string | null }
  | { kind: "invalid" }
  | { kind: "not-admin" }
  | { kind: "throttled"; retryAfterSeconds: number };

/**
 * Counts the attempt first (atomically: parallel bursts cannot outrun it), then checks the password; creates a
 * session only for an administrator (spec §4: any other role is signed out at once). Every wrong password counts
 * against both the address and the account; a right one hands its attempt back.
 */
export async function attemptLogin(
  db: Db,
  input: { email: string; password: string; ip: string },
): Promise<LoginResult> {
  const keys = throttleKeys(input.ip, input.email);
  const reservation = await reserveLoginAttempt(db, keys);
  if (!reservation.allowed) return { kind: "throttled", retryAfterSeconds: reservation.retryAfterSeconds };

  const user = await findUserForLogin(db, input.email);
  const valid = user
    ? await verifyPassword(user.password_hash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !valid) return { kind: "invalid" };
  await releaseLoginAttempt(db, keys);
  if (user.role !== "admin") return { kind: "not-admin" };
  return { kind: "ok", token: await createSession(db, user.id), fullName: user.full_name };
}
