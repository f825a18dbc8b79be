import { Migrator, sql } from "kysely";
import { isPostgres, type Db } from "./database.server";
import { migrations } from "./migrations";
import { log } from "~/lib/log.server";

export async function migrateToLatest(db: Db): Promise<void> {
  // On PostgreSQL the migration tables live in the connection's own schema, not whichever schema of the
  // server happens to have them (several sites, or test runs, may share one server).
  const schema = isPostgres(db)
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
    : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: schema,
  });
  const { error, results } = await migrator.migrateToLatest();
  for (const result of results ?? []) {
    if (result.status === "Error") log.error(`[db] migration ${result.migrationName} failed`);
  }
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
