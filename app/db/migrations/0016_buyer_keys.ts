import type { Kysely, Migration } from "kysely";
import { buyerKeys } from "~/lib/buyer-keys";

// Frozen once landed: change the schema with a new migration, never by editing this one.
export const buyerKeysFilled: Migration = {
  async up(db: Kysely<any>) {
    // Migration 0014 gave inquiries the keys that group one importer's requests (issue 28, "Buyers") and filled the
    // email's in SQL; the company's is folded in JavaScript (accents, legal forms), and inquiries received before
    // the intake stored both had neither. Filled here, 500 rows at a time in id order.
    let after = "";
    for (;;) {
      const rows: Array<{ id: string; email: string; company: string | null }> = await db
        .selectFrom("inquiries")
        .select(["id", "email", "company"])
        .where("id", ">", after)
        .orderBy("id")
        .limit(500)
        .execute();
      if (rows.length === 0) break;
      for (const row of rows)
        await db.updateTable("inquiries").set(buyerKeys(row.email, row.company)).where("id", "=", row.id).execute();
      after = rows.at(-1)!.id;
    }
  },
  async down() {
    // Nothing to undo: 0014's down drops the keys' columns.
  },
};
