import type { Kysely, Migration } from "kysely";
import { countryCodeOf } from "~/lib/country";

// Frozen once landed: change the schema with a new migration, never by editing this one.
export const inquiryCountryCode: Migration = {
  async up(db: Kysely<any>) {
    // The buyer's country as an ISO 3166-1 alpha-2 code (issue 41): chosen from a list on the forms since, so that
    // "UAE", "United Arab Emirates" and "الإمارات العربية المتحدة" are one country in the inquiry filter and in
    // Demand. '' when none is known. `country` keeps the words as written (the English name for a chosen one).
    await db.schema
      .alterTable("inquiries")
      .addColumn("country_code", "text", (c) => c.notNull().defaultTo(""))
      .execute();
    await db.schema
      .createIndex("inquiries_country_created_idx")
      .on("inquiries")
      .columns(["country_code", "created_at"])
      .execute();
    // The words typed before: read as a country where they name one (a code, or a name in the site's languages), 500
    // rows at a time in id order; words naming none ("Dubai", "Narnia") stay words, the code ''.
    let after = "";
    for (;;) {
      const rows: Array<{ id: string; country: string }> = await db
        .selectFrom("inquiries")
        .select(["id", "country"])
        .where("id", ">", after)
        .where("country", "is not", null)
        .where("country", "!=", "")
        .orderBy("id")
        .limit(500)
        .execute();
      if (rows.length === 0) break;
      for (const row of rows) {
        const code = countryCodeOf(row.country);
        if (code) await db.updateTable("inquiries").set({ country_code: code }).where("id", "=", row.id).execute();
      }
      after = rows.at(-1)!.id;
    }
  },
  async down(db: Kysely<any>) {
    await db.schema.dropIndex("inquiries_country_created_idx").execute();
    await db.schema.alterTable("inquiries").dropColumn("country_code").execute();
  },
};
