import type { Kysely, Migration } from "kysely";

// Frozen once landed: change the schema with a new migration, never by editing this one.

export const exchangeRates: Migration = {
  async up(db: Kysely<any>) {
    // Prices in the buyer's currency (issue 43): one rate a currency, per 1 USD, with the day it was taken. Kept as
    // typed (text): "3.6725" stays exactly that, on both engines.
    await db.schema
      .createTable("exchange_rates")
      .addColumn("currency", "text", (col) => col.primaryKey())
      .addColumn("rate", "text", (col) => col.notNull())
      .addColumn("rate_date", "text", (col) => col.notNull())
      .addColumn("updated_at", "text", (col) => col.notNull())
      .addColumn("updated_by", "text")
      .execute();
    // The longest a rate may be used, in days: one row. A rate older than this is never shown.
    await db.schema
      .createTable("exchange_rate_policy")
      .addColumn("id", "integer", (col) => col.primaryKey())
      .addColumn("max_age_days", "integer", (col) => col.notNull())
      .addColumn("updated_at", "text", (col) => col.notNull())
      .addColumn("updated_by", "text")
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable("exchange_rate_policy").execute();
    await db.schema.dropTable("exchange_rates").execute();
  },
};
