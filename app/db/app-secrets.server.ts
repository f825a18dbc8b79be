import { randomBytes } from "node:crypto";
import { nowIso } from "~/lib/time";
import type { Db } from "./database.server";

/**
 * A random secret of the installation, by name (in `app_secrets`): made on first use and kept in the database, so
 * every instance reads the same value. Instances asking at once may race; the first insert wins and all read it.
 */
export async function installationSecret(db: Db, name: string): Promise<string> {
  const read = () => db.selectFrom("app_secrets").select("value").where("name", "=", name).executeTakeFirst();
  const found = await read();
  if (found) return found.value;
  await db
    .insertInto("app_secrets")
    .values({ name, value: randomBytes(32).toString("hex"), created_at: nowIso() })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  return (await read())!.value;
}
