import type { Db } from "~/db/database.server";
import type { Role } from "~/db/schema";
import { nowIso } from "~/lib/time";
import type { Actor } from "~/lib/actor";
import { recordActivity } from "~/features/history/record.server";
import { refuseLastAdministrator } from "./administrators.server";

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

export type RoleResult = { ok: true } | { ok: false; title: string; message: string };

/** Changes a role; refuses to take the admin role from the last administrator who can sign in (ADR 0046). */
export async function changeRole(db: Db, actor: Actor, id: string, role: Role): Promise<RoleResult> {
  return db.transaction().execute(async (trx) => {
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
    await trx.updateTable("profiles").set({ role, updated_at: nowIso() }).where("id", "=", id).execute();
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
}
