import type { Db } from "~/db/database.server";
import type { Role } from "~/db/schema";
import { recordActivity } from "~/features/history/record.server";
import { refuseLastAdministrator } from "~/features/users/administrators.server";
import { normaliseEmail } from "~/features/users/users.server";
import type { Actor } from "~/lib/actor";
import type { Refusal } from "~/lib/forms/submission";
import { newId } from "~/lib/time";
import { issueToken } from "./tokens.server";

export type AccountStatus = "Active" | "Invited" | "Disabled";

/** An invited account has no password until its invitation is accepted: nothing can sign in with "". */
const statusOf = (row: { disabled_at: string | null; password_hash: string }): AccountStatus =>
  row.disabled_at ? "Disabled" : row.password_hash === "" ? "Invited" : "Active";

const accountColumns = [
  "users.id",
  "users.email",
  "users.password_hash",
  "users.disabled_at",
  "users.last_sign_in_at",
  "users.totp_secret",
  "users.created_at",
  "profiles.full_name",
  "profiles.role",
] as const;

function shaped(row: {
  id: string;
  email: string;
  password_hash: string;
  disabled_at: string | null;
  last_sign_in_at: string | null;
  totp_secret: string | null;
  created_at: string;
  full_name: string | null;
  role: Role;
}) {
  return {
    id: row.id,
    email: row.email,
    name: row.full_name,
    role: row.role,
    status: statusOf(row),
    lastSignInAt: row.last_sign_in_at,
    twoFactor: !!row.totp_secret,
    createdAt: row.created_at,
  };
}
export type Account = ReturnType<typeof shaped>;

export async function listAccounts(db: Db): Promise<Account[]> {
  const rows = await db
    .selectFrom("users")
    .innerJoin("profiles", "profiles.id", "users.id")
    .select(accountColumns)
    .orderBy("profiles.full_name")
    .orderBy("users.email")
    .execute();
  return rows.map(shaped);
}

export async function findAccount(db: Db, id: string): Promise<Account | null> {
  const row = await db
    .selectFrom("users")
    .innerJoin("profiles", "profiles.id", "users.id")
    .select(accountColumns)
    .where("users.id", "=", id)
    .executeTakeFirst();
  return row ? shaped(row) : null;
}

export async function listSessions(db: Db, userId: string) {
  return db
    .selectFrom("sessions")
    .select(["id", "created_at", "last_seen_at", "ip"])
    .where("user_id", "=", userId)
    .orderBy("last_seen_at", "desc")
    .execute();
}

const at = (now: number) => new Date(now).toISOString();
const labelOf = (a: { name: string | null; email: string }) => a.name || a.email;

export const ACCOUNT_EXISTS: Refusal = {
  ok: false,
  title: "Invitation Not Sent",
  message: "An account with this email already exists.",
  field: "email",
};

/**
 * Creates the invited account (no password yet: it cannot sign in) and its one-time link, valid 48 hours. The
 * caller emails the link or shows it to the administrator.
 */
export async function inviteAccount(
  db: Db,
  actor: Actor,
  input: { email: string; name: string; role: Role },
  now: number,
): Promise<{ ok: true; userId: string; token: string } | Refusal> {
  const email = normaliseEmail(input.email);
  const userId = newId();
  const created = await db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
    if (existing) return false;
    await trx
      .insertInto("users")
      .values({ id: userId, email, password_hash: "", created_at: at(now), updated_at: at(now) })
      .execute();
    await trx
      .insertInto("profiles")
      .values({ id: userId, email, full_name: input.name, role: input.role, updated_at: at(now) })
      .execute();
    await recordActivity(trx, actor, {
      action: "account",
      entity: "user",
      entityId: userId,
      label: input.name || email,
      summary: `Invited ${email} as ${input.role}`,
      details: { kind: "invite", role: input.role },
      at: at(now),
    });
    return true;
  });
  if (!created) return ACCOUNT_EXISTS;
  return { ok: true, userId, token: await issueToken(db, userId, "invite", now, actor.id) };
}

/** A new invitation link for an account that has not accepted its first one (the old link stops working). */
export async function reissueInvite(db: Db, actor: Actor, account: Account, now: number) {
  const token = await issueToken(db, account.id, "invite", now, actor.id);
  await recordActivity(db, actor, {
    action: "account",
    entity: "user",
    entityId: account.id,
    label: labelOf(account),
    summary: `New invitation link for ${account.email}`,
    details: { kind: "invite" },
    at: at(now),
  });
  return token;
}

/** A one-hour password-reset link an administrator hands over (or that is emailed). */
export async function createResetLink(db: Db, actor: Actor | null, account: Account, now: number, ip?: string) {
  const token = await issueToken(db, account.id, "reset", now, actor?.id ?? null);
  await recordActivity(db, actor, {
    action: "account",
    entity: "user",
    entityId: account.id,
    label: labelOf(account),
    summary: actor ? `Password-reset link created for ${account.email}` : `Password reset requested`,
    details: { kind: "reset-link" },
    at: at(now),
    ip,
  });
  return token;
}

const CANNOT_SELF: Refusal = {
  ok: false,
  title: "Not Allowed",
  message: "You cannot disable or delete your own account.",
};

/** Refuses to lock the site out: yourself, or the last administrator who can sign in (ADR 0046). */
async function guardLastAdmin(trx: Db, actor: Actor, id: string): Promise<Refusal | null> {
  if (id === actor.id) return CANNOT_SELF;
  return refuseLastAdministrator(trx, id, "Not Allowed");
}

/** Disabling ends every session at once and refuses sign-in until the account is enabled again. */
export async function setDisabled(
  db: Db,
  actor: Actor,
  account: Account,
  disabled: boolean,
  now: number,
): Promise<{ ok: true } | Refusal> {
  return db.transaction().execute(async (trx) => {
    if (disabled) {
      const refused = await guardLastAdmin(trx, actor, account.id);
      if (refused) return refused;
    }
    await trx
      .updateTable("users")
      .set({ disabled_at: disabled ? at(now) : null, updated_at: at(now) })
      .where("id", "=", account.id)
      .execute();
    if (disabled) {
      await trx.deleteFrom("sessions").where("user_id", "=", account.id).execute();
      await trx.deleteFrom("account_tokens").where("user_id", "=", account.id).execute();
    }
    await recordActivity(trx, actor, {
      action: "account",
      entity: "user",
      entityId: account.id,
      label: labelOf(account),
      summary: `${disabled ? "Disabled" : "Enabled"} the account ${account.email}`,
      details: { kind: disabled ? "disable" : "enable" },
      at: at(now),
    });
    return { ok: true as const };
  });
}

/** Deletes the account, its sessions and links; its activity rows keep its name and email. */
export async function deleteAccount(db: Db, actor: Actor, account: Account, now: number) {
  return db.transaction().execute(async (trx): Promise<{ ok: true } | Refusal> => {
    const refused = await guardLastAdmin(trx, actor, account.id);
    if (refused) return refused;
    await trx.deleteFrom("users").where("id", "=", account.id).execute();
    await recordActivity(trx, actor, {
      action: "account",
      entity: "user",
      entityId: account.id,
      label: labelOf(account),
      summary: `Deleted the account ${account.email}`,
      details: { kind: "delete", role: account.role },
      at: at(now),
    });
    return { ok: true };
  });
}

/** Ends one session of the account (`sessionId` is the stored hash, never the token). */
export async function endSession(db: Db, actor: Actor, account: Account, sessionId: string, now: number) {
  return db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom("sessions")
      .where("id", "=", sessionId)
      .where("user_id", "=", account.id)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) return false;
    await recordActivity(trx, actor, {
      action: "account",
      entity: "user",
      entityId: account.id,
      label: labelOf(account),
      summary: `Ended a session of ${account.email}`,
      details: { kind: "session-end" },
      at: at(now),
    });
    return true;
  });
}
