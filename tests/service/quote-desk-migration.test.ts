import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migrateToLatest } from "~/db/migrate.server";
import { createTestDatabase, engineName, testMigrator } from "../support/test-db";

// Migration 0014 (the quote desk) widens two CHECK constraints of `inquiries`; on SQLite that rebuilds the table,
// which must keep every row and the lines and notes that refer to it.
describe(`migration 0014_quote_desk on ${engineName}`, () => {
  it("keeps inquiries, their lines and notes; allows kind 'sample' and status 'spam'; fills the email key", async () => {
    const m = await createTestDatabase({ migrate: false });
    try {
      const migrator = await testMigrator(m.db);
      const to13 = await migrator.migrateTo("0013_form_stash");
      expect(to13.error).toBeUndefined();
      const now = new Date().toISOString();
      await sql`insert into inquiries (id, full_name, email, phone, subject, message, ip_hash, status, kind, company,
          created_at, updated_at)
        values ('q1', 'Rahim', ' Rahim@Example.COM ', '', 'Onions', 'Price?', ${"0".repeat(64)}, 'quoted', 'quote',
          'Dhaka Traders Ltd', ${now}, ${now})`.execute(m.db);
      await sql`insert into inquiry_lines (id, inquiry_id, position, product_name, quantity, unit)
        values ('l1', 'q1', 0, 'Nashik Red Onion', '25', 'MT')`.execute(m.db);
      await sql`insert into inquiry_notes (id, inquiry_id, author_name, body, created_at)
        values ('n1', 'q1', 'Desk', 'Called back', ${now})`.execute(m.db);

      await migrateToLatest(m.db);

      const inquiry = await m.db.selectFrom("inquiries").selectAll().where("id", "=", "q1").executeTakeFirstOrThrow();
      expect([inquiry.status, inquiry.kind, inquiry.company, inquiry.email_key]).toEqual([
        "quoted",
        "quote",
        "Dhaka Traders Ltd",
        "rahim@example.com",
      ]);
      expect(await m.db.selectFrom("inquiry_lines").select("id").execute()).toEqual([{ id: "l1" }]);
      expect(await m.db.selectFrom("inquiry_notes").select("id").execute()).toEqual([{ id: "n1" }]);

      await m.db.updateTable("inquiries").set({ status: "spam", kind: "sample" }).where("id", "=", "q1").execute();
      await expect(sql`update inquiries set kind = 'other' where id = 'q1'`.execute(m.db)).rejects.toThrow();
      await expect(sql`update inquiries set status = 'replied' where id = 'q1'`.execute(m.db)).rejects.toThrow();

      // The lines and notes still belong to the (rebuilt) table: deleting the inquiry takes them with it.
      await m.db.deleteFrom("inquiries").where("id", "=", "q1").execute();
      expect(await m.db.selectFrom("inquiry_lines").select("id").execute()).toEqual([]);
      expect(await m.db.selectFrom("inquiry_notes").select("id").execute()).toEqual([]);
    } finally {
      await m.cleanup();
    }
  });
});
