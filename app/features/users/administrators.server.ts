import type { Db } from "~/db/database.server";

/** The users who may be given a lead: every profile with the admin role, by name. */
export async function listAdministrators(db: Db) {
  const rows = await db
    .selectFrom("profiles")
    .select(["id", "full_name", "email"])
    .where("role", "=", "admin")
    .orderBy("full_name")
    .orderBy("email")
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.full_name || r.email }));
}
