import type { Db } from "~/db/database.server";
import type { Role } from "~/db/schema";
import { recordActivity } from "~/features/history/record.server";
import { refuseLastAdministrator } from "~/features/auth/administrators.server";
import { normaliseEmail } from "~/features/auth/users.server";
import type { Actor } from "~/lib/actor";
import type { Refusal } from "~/lib/forms/submission";
import { newId } from "~/lib/time";
import { supersedePending } from "~/features/outbox/outbox.server";
import {
  accountMailAbout,
  enqueueAccountMail,
  linkMailKind,
  REPLACED_BY_LINK,
  type LinkKind,
} from "./account-mail.server";
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
 * Creates the invited account (no password yet: it cannot sign in). With `email`, its invitation email is written
 * in the same transaction (its link made as it goes, ADR 0051); without, a one-time link valid 48 hours is made for
 * the administrator to hand over.
 */
export async function inviteAccount(
  db: Db,
  actor: Actor,
  input: { email: string; name: string; role: Role },
  now: number,
  { email: byEmail }: { email: boolean },
): Promise<{ ok: true; userId: string; outboxId: string | null; token: string | null } | Refusal> {
  const email = normaliseEmail(input.email);
  const userId = newId();
  const created = await db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
    if (existing) return null;
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
    const mail = { kind: "account-invite" as const, user: { id: userId, email }, requestedBy: actor.id };
    return { outboxId: byEmail ? await enqueueAccountMail(trx, mail, now) : null };
  });
  if (!created) return ACCOUNT_EXISTS;
  const token = byEmail ? null : await issueToken(db, userId, "invite", now, actor.id);
  return { ok: true, userId, outboxId: created.outboxId, token };
}

/**
 * A new invitation or password-reset link for the administrator to hand over: the account's earlier links of that
 * kind stop working, and an email of that kind still waiting for a retry is not sent (its link would be another).
 */
export async function createAccountLink(db: Db, actor: Actor, account: Account, kind: LinkKind, now: number) {
  const token = await issueToken(db, account.id, kind, now, actor.id);
  await db.transaction().execute(async (trx) => {
    await supersedePending(trx, accountMailAbout(account.id), linkMailKind(kind), REPLACED_BY_LINK);
    await recordActivity(trx, actor, linkActivity(account, kind, false, now));
  });
  return token;
}

/** The same link by email ('Email the link', 'Send again'): written with its activity; the caller tries it at once. */
export async function emailAccountLink(db: Db, actor: Actor, account: Account, kind: LinkKind, now: number) {
  return db.transaction().execute(async (trx) => {
    await recordActivity(trx, actor, linkActivity(account, kind, true, now));
    const user = { id: account.id, email: account.email };
    return enqueueAccountMail(trx, { kind: linkMailKind(kind), user, requestedBy: actor.id }, now);
  });
}

const linkActivity = (account: Account, kind: LinkKind, emailed: boolean, now: number) => ({
  action: "account" as const,
  entity: "user" as const,
  entityId: account.id,
  label: labelOf(account),
  summary:
    kind === "invite" ? `New invitation link for ${account.email}` : `Password-reset link created for ${account.email}`,
  details: { kind: kind === "invite" ? "invite" : "reset-link", emailed },
  at: at(now),
});

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
