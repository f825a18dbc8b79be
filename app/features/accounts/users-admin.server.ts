import type { Db } from "~/db/database.server";
import type { Role } from "~/db/schema";
import { nowIso } from "~/lib/time";
import type { Actor } from "~/lib/actor";
import { recordActivity } from "~/features/history/record.server";
import { refuseLastAdministrator } from "~/features/auth/administrators.server";
import { STALE_EDIT_TITLE, staleEditMessage } from "~/features/history/edit-version.server";
import { formatEditVersion, type OpenedVersion } from "~/lib/forms/edit-version";

export async function listUsers(db: Db) {
  return db
    .selectFrom("profiles")
    .select(["id", "full_name", "email", "role", "updated_at"])
    .orderBy("updated_at", "desc")
    .execute();
}

export async function findUser(db: Db, id: string) {
  return db
    .selectFrom("profiles")
    .select(["id", "full_name", "email", "role", "updated_at"])
    .where("id", "=", id)
    .executeTakeFirst();
}

export type RoleResult = { ok: true } | { ok: false; title: string; message: string; version?: string };

/** The version the role form shows (ADR 0049): users keep no versions, so only the profile's `updated_at`. */
export const userEditVersion = (user: { updated_at: string }) =>
  formatEditVersion({ number: 0, updatedAt: user.updated_at });

/**
 * Changes a role; refuses to take the admin role from the last administrator who can sign in (ADR 0046). A form
 * that says what it was opened on (`opened`) changes it only while the profile is still as it was then: one changed
 * meanwhile is refused, saying who changed it (ADR 0049).
 */
export async function changeRole(
  db: Db,
  actor: Actor,
  id: string,
  role: Role,
  opened: OpenedVersion | null = null,
): Promise<RoleResult> {
  const result = await db.transaction().execute(async (trx): Promise<RoleResult | "stale"> => {
    const user = await trx
      .selectFrom("profiles")
      .select(["id", "role", "email", "full_name"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!user) return { ok: false, title: "User profile not found", message: "The user no longer exists." };
    if (user.role === "admin" && role !== "admin") {
      const refused = await refuseLastAdministrator(trx, id, "Error Updating User Role");
      if (refused) return refused;
    }
    const updated = await trx
      .updateTable("profiles")
      .set({ role, updated_at: nowIso() })
      .where("id", "=", id)
      .$if(opened !== null && user.role !== role, (qb) => qb.where("updated_at", "=", opened!.updatedAt))
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return "stale";
    if (user.role !== role)
      await recordActivity(trx, actor, {
        action: "role",
        entity: "user",
        entityId: id,
        label: user.full_name || user.email,
        summary: `Role: ${user.role} → ${role}`,
        details: { from: user.role, to: role },
      });
    return { ok: true };
  });
  return result === "stale" ? staleRoleRefusal(db, id, opened!) : result;
}

/** Who changed the user's role since the form was opened (from the activity log), and the version now. */
async function staleRoleRefusal(db: Db, id: string, opened: OpenedVersion): Promise<RoleResult> {
  const user = await findUser(db, id);
  if (!user) return { ok: false, title: STALE_EDIT_TITLE, message: "This user was deleted while you were editing." };
  const changes = await db
    .selectFrom("activity")
    .select(["actor_name", "at"])
    .where("entity", "=", "user")
    .where("entity_id", "=", id)
    .where("action", "=", "role")
    .where("at", ">=", opened.updatedAt)
    .orderBy("at", "asc")
    .execute();
  const latest = changes.at(-1);
  const message = latest
    ? await staleEditMessage(db, {
        names: changes.map((change) => change.actor_name ?? "The site"),
        at: latest.at,
        what: "user",
        labels: ["Role"],
      })
    : "This user was saved by someone else while you were editing. Your changes are still in the form: compare, then save again to keep yours.";
  return { ok: false, title: STALE_EDIT_TITLE, message, version: userEditVersion(user) };
}
