import type { Kysely, Migration } from "kysely";

// Frozen once landed: change the schema with a new migration, never by editing this one.
export const demandBatches: Migration = {
  async up(db: Kysely<any>) {
    // Each demand write's batch id, written in the same transaction as its counts (issue 38): a write retried after
    // PostgreSQL committed it but the answer timed out finds its id and adds nothing twice. Kept a few days.
    await db.schema
      .createTable("demand_batches")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("applied_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("demand_batches_applied_idx").on("demand_batches").column("applied_at").execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable("demand_batches").execute();
  },
};
