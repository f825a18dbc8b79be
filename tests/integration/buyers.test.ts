import Papa from "papaparse";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~/db/migrate.server";
import { contactFormSender, VALID_CONTACT } from "../support/contact-form";
import { createAdminTestApp } from "../support/test-app";
import { createTestDatabase, engineName, insertInquiry, type TestDatabase, testMigrator } from "../support/test-db";

// Buyers (issue 28): one importer's inquiries grouped by the same email or the same company however it was spelled;
// an inquiry's page shows the buyer's other inquiries; the list filters to one buyer; the CSV export carries the
// desk's columns and the notes.

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createAdminTestApp>>["app"];
let cookie: string;
const { send } = contactFormSender(() => app);

beforeAll(async () => {
  ({ t, app, cookie } = await createAdminTestApp());
});
afterAll(() => t.cleanup());

describe(`buyers on ${engineName}`, () => {
  it("stores the buyer's keys with each message received", async () => {
    expect((await send({ ...VALID_CONTACT, email: " Ahmed@Example.AE " })).status).toBe(200);
    const stored = await t.db
      .selectFrom("inquiries")
      .select(["email_key", "company_key"])
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ email_key: "ahmed@example.ae", company_key: null });
  });

  it("shows the buyer's other inquiries on an inquiry's page, by email or by company, and lists them alone", async () => {
    await t.db.deleteFrom("inquiries").execute();
    const at = (day: number) => `2026-11-${String(day).padStart(2, "0")}T06:00:00.000Z`;
    const first = await insertInquiry(t.db, {
      subject: "Onions for Dhaka",
      email: "rahim@dhakatraders.example",
      email_key: "rahim@dhakatraders.example",
      company: "Dhaka Traders Ltd",
      company_key: "dhaka traders",
      created_at: at(2),
    });
    // A colleague from the same importer, spelling the company another way.
    await insertInquiry(t.db, {
      subject: "Garlic, second lot",
      email: "karim@dhakatraders.example",
      email_key: "karim@dhakatraders.example",
      company: "DHAKA TRADERS LIMITED",
      company_key: "dhaka traders",
      created_at: at(5),
    });
    // The same person again, without a company.
    await insertInquiry(t.db, {
      subject: "Potatoes?",
      email: "Rahim@DhakaTraders.example",
      email_key: "rahim@dhakatraders.example",
      created_at: at(9),
    });
    await insertInquiry(t.db, { subject: "Someone else", email_key: "other@example.com", created_at: at(7) });

    const page = await (await app.request(`/admin/inquiries/${first}`, { cookie })).text();
    const card = page.slice(page.indexOf('data-testid="same-buyer"'));
    expect(page).toContain("From this buyer (2 more)");
    expect(card.indexOf("Potatoes?")).toBeLessThan(card.indexOf("Garlic, second lot"));
    expect(card).not.toContain("Someone else");
    expect(card).not.toContain(">Onions for Dhaka<");

    const list = await (await app.request(`/admin/inquiries?buyer=${first}`, { cookie })).text();
    expect(list).toContain("One buyer&#x27;s inquiries");
    for (const subject of ["Onions for Dhaka", "Garlic, second lot", "Potatoes?"]) expect(list).toContain(subject);
    expect(list).not.toContain("Someone else");
    // An id that names no inquiry matches nothing.
    expect(await (await app.request("/admin/inquiries?buyer=nobody", { cookie })).text()).toContain(
      "No inquiries found.",
    );
  });

  it("exports the desk's columns and the notes, and one buyer's inquiries alone", async () => {
    const [first] = await t.db.selectFrom("inquiries").select("id").where("subject", "=", "Onions for Dhaka").execute();
    await t.db
      .updateTable("inquiries")
      .set({
        reply_due_at: "2026-11-02T07:00:00.000Z",
        first_reply_at: "2026-11-02T06:40:00.000Z",
        follow_up_at: "2026-12-01",
      })
      .where("id", "=", first!.id)
      .execute();
    expect(
      (
        await app.request(`/admin/inquiries/${first!.id}`, {
          form: { intent: "note", body: "=Called, sends LC" },
          cookie,
        })
      ).status,
    ).toBe(302);
    const csv = await (await app.request(`/admin/inquiries/export?buyer=${first!.id}`, { cookie })).text();
    const rows = Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ""), { header: true }).data.filter(
      (row) => row.email,
    );
    expect(rows).toHaveLength(3);
    const row = rows.find((r) => r.subject === "Onions for Dhaka")!;
    expect([row.reply_due_at, row.first_reply_at, row.follow_up]).toEqual([
      "2026-11-02T07:00:00.000Z",
      "2026-11-02T06:40:00.000Z",
      "2026-12-01",
    ]);
    // The note's author and time, and its text defused for spreadsheets.
    expect(row.notes).toMatch(/^Test admin, \d{4}-\d\d-\d\dT[\d:.]+Z: =Called, sends LC$/);
    expect(csv).not.toMatch(/(^|,)=Called/m);
  });
});

describe(`migration 0016_buyer_keys on ${engineName}`, () => {
  it("fills both keys of the inquiries received before the intake stored them", async () => {
    const m = await createTestDatabase({ migrate: false });
    try {
      const migrator = await testMigrator(m.db);
      expect((await migrator.migrateTo("0015_published_category_page_index")).error).toBeUndefined();
      const now = new Date().toISOString();
      for (const [id, email, company] of [
        ["a", " Rahim@Example.COM ", "Dhaka Traders Ltd."],
        ["b", "karim@example.com", "Ltd"],
        ["c", "lina@example.com", null],
      ])
        await sql`insert into inquiries (id, full_name, email, phone, subject, message, ip_hash, status, kind, company,
            created_at, updated_at)
          values (${id}, 'Buyer', ${email}, '', 'Onions', 'Price?', ${"0".repeat(64)}, 'new', 'quote', ${company},
            ${now}, ${now})`.execute(m.db);
      await migrateToLatest(m.db);
      const rows = await m.db
        .selectFrom("inquiries")
        .select(["id", "email_key", "company_key"])
        .orderBy("id")
        .execute();
      expect(rows).toEqual([
        { id: "a", email_key: "rahim@example.com", company_key: "dhaka traders" },
        { id: "b", email_key: "karim@example.com", company_key: null },
        { id: "c", email_key: "lina@example.com", company_key: null },
      ]);
    } finally {
      await m.cleanup();
    }
  });
});
