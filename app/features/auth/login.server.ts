import type { Db } from "~/db/database.server";
import { findUserForLogin } from "~/features/users/users.server";
import { verifyAgainstDummy, verifyPassword } from "./password.server";
import { createSession } from "./session.server";
import { clearLoginFailures, recordLoginFailure, secondsUntilAllowed, throttleKeys } from "./throttle.server";

export type LoginResult =
  | { kind: "ok"; token: string; fullName: string | null }
  | { kind: "invalid" }
  | { kind: "not-admin" }
  | { kind: "throttled"; retryAfterSeconds: number };

/**
 * Checks the throttle, then the password; creates a session only for an administrator (spec §4: any other
 * role is signed out at once). Every wrong password counts against both the address and the account.
 */
export async function attemptLogin(db: Db, input: { email: string; password: string; ip: string }): Promise<LoginResult> {
  const keys = throttleKeys(input.ip, input.email);
  const wait = await secondsUntilAllowed(db, keys);
  if (wait > 0) return { kind: "throttled", retryAfterSeconds: wait };

  const user = await findUserForLogin(db, input.email);
  const valid = user ? await verifyPassword(user.password_hash, input.password) : await verifyAgainstDummy(input.password);
  if (!user || !valid) {
    await recordLoginFailure(db, keys);
    return { kind: "invalid" };
  }
  await clearLoginFailures(db, keys[1]);
  if (user.role !== "admin") return { kind: "not-admin" };
  return { kind: "ok", token: await createSession(db, user.id), fullName: user.full_name };
}
