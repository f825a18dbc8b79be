import type { Kysely, Migration } from "kysely";

// Frozen once landed: change the schema with a new migration, never by editing this one.
export const certificateValidity: Migration = {
  async up(db: Kysely<any>) {
    // What a buyer needs to check a certificate with its issuer. Dates are YYYY-MM-DD text (ADR 0003): they compare
    // as strings on both engines, and a day needs no time zone.
    await db.schema.alterTable("certificates").addColumn("certificate_number", "text").execute();
    await db.schema.alterTable("certificates").addColumn("valid_from", "text").execute();
    await db.schema.alterTable("certificates").addColumn("valid_until", "text").execute();
    await db.schema.alterTable("certificates").addColumn("verify_url", "text").execute();
  },
  async down(db: Kysely<any>) {
    for (const column of ["verify_url", "valid_until", "valid_from", "certificate_number"])
      await db.schema.alterTable("certificates").dropColumn(column).execute();
  },
};
