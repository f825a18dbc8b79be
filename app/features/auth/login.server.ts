import type { Db } from "~/db/database.server";
import { recordActivity } from "~/features/history/record.server";
import { findUserForLogin } from "~/features/auth/users.server";
import { verifyAgainstDummy, verifyPassword } from "~/features/auth/password.server";
import { createSession } from "./session.server";
import { releaseLoginAttempt, reserveLoginAttempt, throttleKeys } from "./throttle.server";

export type LoginResult =
  | { kind: "ok"; token: string; fullName: string | null }
  | { kind: "two-factor"; userId: string }
  | { kind: "invalid" }
  | { kind: "not-admin" }
  | { kind: "throttled"; retryAfterSeconds: number };

/**
 * Counts the attempt first (atomically: parallel bursts cannot outrun it), then checks the password; creates a
 * session only for an administrator (spec §4: any other role is signed out at once). Every wrong password counts
 * against both the address and the account; a right one hands its attempt back. A disabled account, and an invited
 * one that has no password yet, are refused like a wrong password (and after the same work, so the answer tells
 * nothing). An account with two-factor sign-in gets no session here: the caller asks for the second step.
 * Every answer but a throttled one is written to the activity log.
 */
export async function attemptLogin(
  db: Db,
  input: { email: string; password: string; ip: string },
  now: number = Date.now(),
): Promise<LoginResult> {
  const keys = throttleKeys(input.ip, input.email);
  const reservation = await reserveLoginAttempt(db, keys, now);
  if (!reservation.allowed) return { kind: "throttled", retryAfterSeconds: reservation.retryAfterSeconds };

  const user = await findUserForLogin(db, input.email);
  const usable = user && user.password_hash !== "" && !user.disabled_at;
  const valid = usable
    ? await verifyPassword(user.password_hash, input.password)
    : await verifyAgainstDummy(input.password);
  const at = new Date(now).toISOString();
  const actor = user ? { id: user.id, email: user.email, fullName: user.full_name, ip: input.ip } : null;
  const refused = (reason: string) =>
    recordActivity(db, actor, {
      action: "sign-in-refused",
      entity: user ? "user" : undefined,
      entityId: user?.id,
      label: user ? user.full_name || user.email : null,
      // An unknown email is not repeated into the log: it is often a password typed into the wrong field.
      summary: `Sign-in refused: ${reason}`,
      details: { reason },
      at,
      ip: input.ip,
    });
  if (!user || !valid) {
    await refused(!user ? "unknown email" : user.disabled_at ? "account disabled" : "wrong password");
    return { kind: "invalid" };
  }
  await releaseLoginAttempt(db, keys);
  if (user.role !== "admin") {
    await refused("not an administrator");
    return { kind: "not-admin" };
  }
  if (user.totp_secret) return { kind: "two-factor", userId: user.id };
  return { kind: "ok", token: await signIn(db, actor!, now), fullName: user.full_name };
}

/**
 * A colleague who has just set the password an invitation asked for, signed in at once (issue 41: they were sent to
 * sign in again with the password just chosen): only an enabled administrator without two-factor sign-in, who would
 * pass the sign-in form with nothing more. Null otherwise (the caller sends them to sign in).
 */
export async function signInInvited(db: Db, email: string, ip: string, now: number): Promise<string | null> {
  const user = await findUserForLogin(db, email);
  if (!user || user.disabled_at || user.role !== "admin" || user.totp_secret) return null;
  return signIn(db, { id: user.id, email: user.email, fullName: user.full_name, ip }, now, "invitation accepted");
}

/** The session of a completed sign-in, its last-sign-in time and its activity row. */
export async function signIn(
  db: Db,
  actor: { id: string; email: string; fullName: string | null; ip: string },
  now: number,
  how = "password",
): Promise<string> {
  const at = new Date(now).toISOString();
  const token = await createSession(db, actor.id, { ip: actor.ip });
  await db.updateTable("users").set({ last_sign_in_at: at }).where("id", "=", actor.id).execute();
  await recordActivity(db, actor, {
    action: "sign-in",
    entity: "user",
    entityId: actor.id,
    label: actor.fullName || actor.email,
    summary: how === "password" ? "Signed in" : `Signed in (${how})`,
    at,
  });
  return token;
}
