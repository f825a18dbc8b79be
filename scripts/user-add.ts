// npm run user:add -- --email E --password P --role admin|user [--name N]
// Creates the user, or updates its password, role and name. Uses the same DATA_DIR / DATABASE_URL as the server.
import { parseArgs } from "node:util";
import { z } from "zod";
import { MIN_PASSWORD_LENGTH } from "../app/features/auth/auth.schema";
import { databaseOptions, loadConfig } from "../app/config.server";
import { createDatabase } from "../app/db/database.server";
import { migrateToLatest } from "../app/db/migrate.server";
import { withStartupLock } from "../app/startup/startup.server";
import { saveAccount } from "../app/features/auth/save-account.server";
import { LastAdministratorRefused } from "../app/features/auth/users.server";

const usage = "Usage: npm run user:add -- --email E --password P --role admin|user [--name N]";

const argsSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email("--email must be an email address")),
  password: z
    .string()
    .min(MIN_PASSWORD_LENGTH, `--password must be at least ${MIN_PASSWORD_LENGTH} characters`)
    .max(1024),
  role: z.enum(["admin", "user"], { message: "--role must be admin or user" }),
  name: z.string().trim().min(1).max(120).optional(),
});

async function main() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: "string" },
        password: { type: "string" },
        role: { type: "string" },
        name: { type: "string" },
      },
      strict: true,
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) {
    console.error(`${parsed.error.issues.map((i) => i.message).join("\n")}\n${usage}`);
    return 2;
  }
  const config = loadConfig();
  const db = createDatabase(databaseOptions(config));
  try {
    await withStartupLock(db, () => migrateToLatest(db)); // a server may be starting on this database too
    try {
      const { created } = await saveAccount(db, parsed.data);
      console.log(`${created ? "Created" : "Updated"} ${parsed.data.role} ${parsed.data.email}`);
      return 0;
    } catch (error) {
      if (!(error instanceof LastAdministratorRefused)) throw error;
      console.error(`Not saved: ${error.message}`);
      return 1;
    }
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main();
