import Papa from "papaparse";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "~/db/migrate.server";
import { countryCodeOf } from "~/lib/country";
import { EXPORT_COLUMNS } from "~/features/inquiries/inquiry-export.server";
import { createTestApp, signedInAs } from "../support/test-app";
import { insertInquiryLine } from "../support/builders";
import {
  createTestDatabase,
  engineName,
  insertCategory,
  insertInquiry,
  insertProduct,
  type TestDatabase,
  testMigrator,
} from "../support/test-db";
import { flashOf } from "../support/flash";

// The lead pipeline in the back office (quote requests' lines, statuses, assignees, notes, filters, export,
// dashboard) and the migration that brought it.

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestApp(t.db, t.dataDir);
});
afterAll(async () => {
  await t.cleanup();
});

describe(`the lead pipeline on ${engineName}`, () => {
  let admin: Awaited<ReturnType<typeof signedInAs>>;
  let colleague: Awaited<ReturnType<typeof signedInAs>>;
  let buyerUser: Awaited<ReturnType<typeof signedInAs>>;
  const product = { onion: crypto.randomUUID(), garlic: crypto.randomUUID(), gone: crypto.randomUUID() };
  const ids = { dubai: "", malaysia: "", message: "" };

  type Quote = {
    full_name: string;
    country: string | null;
    status?: "new" | "contacted" | "quoted" | "won" | "lost" | "closed";
    assignee_id?: string | null;
    minutes: number;
    lines: Array<{
      product_id: string | null;
      product_name: string;
      quantity: string;
      unit: string;
      grade: string | null;
      packaging: string | null;
    }>;
  };
  /** A quote request written straight into the database (the public form is built elsewhere). */
  async function insertQuote(q: Quote) {
    const at = new Date(Date.parse("2031-01-01T00:00:00Z") + q.minutes * 60_000).toISOString();
    const id = await insertInquiry(t.db, {
      kind: "quote",
      full_name: q.full_name,
      email: `${q.full_name.split(" ")[0].toLowerCase()}@importer.example`,
      subject: `Quote request from ${q.full_name}`,
      message: "Please quote.",
      status: q.status ?? "new",
      company: `${q.full_name} Trading`,
      country: q.country,
      // As the forms store it since issue 41: the country's code beside the words.
      country_code: countryCodeOf(q.country),
      destination_port: "Jebel Ali",
      incoterm: "FOB",
      delivery_month: "2027-03",
      assignee_id: q.assignee_id ?? null,
      created_at: at,
      updated_at: at,
    });
    for (const [position, line] of q.lines.entries())
      await insertInquiryLine(t.db, { inquiry_id: id, position, ...line });
    return id;
  }
  const row = (id: string) => t.db.selectFrom("inquiries").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const notesOf = (id: string) =>
    t.db.selectFrom("inquiry_notes").selectAll().where("inquiry_id", "=", id).orderBy("created_at").execute();
  const page = async (path: string) => {
    const response = await app.request(path, { cookie: admin.cookie });
    expect(response.status, path).toBe(200);
    return response.text();
  };
  /** The buyers' names in the list's rows, in order. */
  const listed = async (query: string) => {
    const html = await page(`/admin/inquiries${query}`);
    return [
      ...html.matchAll(/data-testid="inquiry-row".*?<a [^>]*href="\/admin\/inquiries\/[^"]+"[^>]*>([^<]+)<\/a>/gs),
    ].map((m) => m[1]);
  };

  beforeAll(async () => {
    admin = await signedInAs(t.db, "admin", "pipeline-admin@example.com");
    colleague = await signedInAs(t.db, "admin", "colleague@example.com");
    await t.db.updateTable("profiles").set({ full_name: "Priya Patil" }).where("id", "=", colleague.userId).execute();
    buyerUser = await signedInAs(t.db, "user");
    const category = await insertCategory(t.db, { name: "Pipeline Produce", slug: "pipeline-produce" });
    for (const [key, name] of [
      ["onion", "Pipeline Red Onion"],
      ["garlic", "Pipeline Garlic"],
      ["gone", "Pipeline Ginger"],
    ] as const) {
      await insertProduct(t.db, { id: product[key], name, category_id: category });
    }
    ids.dubai = await insertQuote({
      full_name: "Dubai Importer",
      country: "United Arab Emirates",
      minutes: 1,
      lines: [
        {
          product_id: product.onion,
          product_name: "Pipeline Red Onion",
          quantity: "58",
          unit: "MT",
          grade: "55 mm+",
          packaging: "25 kg mesh bag",
        },
      ],
    });
    ids.malaysia = await insertQuote({
      full_name: "Malaysia Buyer",
      country: "Malaysia",
      status: "quoted",
      assignee_id: colleague.userId,
      minutes: 2,
      lines: [
        {
          product_id: product.garlic,
          product_name: "Pipeline Garlic",
          quantity: "10",
          unit: "MT",
          grade: "45 mm+",
          packaging: "=10 kg mesh bag",
        },
        {
          product_id: product.gone,
          product_name: "Pipeline Ginger",
          quantity: "2.5",
          unit: "MT",
          grade: null,
          packaging: null,
        },
      ],
    });
    // A contact message sent from the garlic product's page.
    const at = new Date(Date.parse("2031-01-01T00:03:00Z")).toISOString();
    ids.message = await insertInquiry(t.db, {
      full_name: "Page Visitor",
      email: "visitor@example.com",
      subject: "About your garlic",
      message: "Hello",
      product_name: "Pipeline Garlic",
      created_at: at,
      updated_at: at,
    });
    // The ginger product is deleted afterwards: its line keeps the name, without a link.
    await t.db.deleteFrom("products").where("id", "=", product.gone).execute();
  });

  it("shows a quote request's fields and lines, linking the products that still exist", async () => {
    const html = await page(`/admin/inquiries/${ids.malaysia}`);
    expect(html).toContain("Quote Request");
    expect(html).toContain("Malaysia Buyer Trading");
    expect(html).toContain("Jebel Ali");
    expect(html).toContain("FOB");
    expect(html).toContain("March 2027");
    expect(html).toMatch(
      new RegExp(`<a [^>]*href="/admin/manage-products/edit/${product.garlic}"[^>]*>Pipeline Garlic</a>`),
    );
    expect(html).toContain(">10 MT<");
    expect(html).toContain("=10 kg mesh bag");
    expect(html).toMatch(/<td[^>]*>Pipeline Ginger<\/td>/);
    expect(html).not.toContain(`/admin/manage-products/edit/${product.gone}`);
    expect(html).toContain("Priya Patil");
    // A contact message looks as before: no lines table, its product as text.
    const message = await page(`/admin/inquiries/${ids.message}`);
    expect(message).not.toContain('data-testid="quote-lines"');
    expect(message).toContain("Pipeline Garlic");
  });

  it("moves a lead through the pipeline, offering the moves that make sense, and refuses unknown statuses", async () => {
    const move = (status: string) =>
      app.request(`/admin/inquiries/${ids.dubai}`, { form: { intent: "status", status }, cookie: admin.cookie });
    expect(await page(`/admin/inquiries/${ids.dubai}`)).toContain("Mark as Contacted");
    for (const [status, label] of [
      ["contacted", "contacted"],
      ["quoted", "quoted"],
      ["won", "won"],
    ] as const) {
      const response = await move(status);
      expect(response.status).toBe(302);
      expect(flashOf(response)).toMatchObject({
        title: "Status Updated",
        description: `The inquiry is marked as ${label}.`,
      });
      expect((await row(ids.dubai)).status).toBe(status);
    }
    const won = await page(`/admin/inquiries/${ids.dubai}`);
    expect(won).toContain(">Close</button>");
    expect(won).toContain(">Reopen</button>");
    expect(won).not.toContain("Mark as Won");

    const before = await row(ids.dubai);
    for (const status of ["replied", "", "WON"]) {
      const refused = await move(status);
      expect(refused.status, status).toBe(400);
      expect(await refused.text()).toContain("Choose new, contacted, quoted, won, lost, closed or spam.");
    }
    expect(await row(ids.dubai)).toEqual(before);
    expect((await move("new")).status).toBe(302);
  });

  it("assigns a lead to an administrator only, and shows the assignee on the list and the detail", async () => {
    const assign = (assignee_id: string, id = ids.dubai) =>
      app.request(`/admin/inquiries/${id}`, { form: { intent: "assign", assignee_id }, cookie: admin.cookie });
    const detail = await page(`/admin/inquiries/${ids.dubai}`);
    expect(detail).toContain(`<option value="${colleague.userId}">Priya Patil</option>`);
    expect(detail).not.toContain(`value="${buyerUser.userId}"`);

    const before = await row(ids.dubai);
    for (const [who, status] of [
      [buyerUser.userId, 400],
      [crypto.randomUUID(), 400],
      ["x".repeat(65), 400],
    ] as const) {
      const refused = await assign(who);
      expect(refused.status).toBe(status);
      const text = await refused.text();
      expect(text).toMatch(/Error Assigning Inquiry/);
    }
    expect(await (await assign(buyerUser.userId)).text()).toContain(
      "Only an administrator can be assigned an inquiry.",
    );
    expect(await row(ids.dubai)).toEqual(before);
    expect((await assign(colleague.userId, crypto.randomUUID())).status).toBe(404);

    const response = await assign(colleague.userId);
    expect(response.status).toBe(302);
    expect(flashOf(response)).toMatchObject({
      title: "Assignee Updated",
      description: "The inquiry is assigned to Priya Patil.",
    });
    expect((await row(ids.dubai)).assignee_id).toBe(colleague.userId);
    expect(await page(`/admin/inquiries/${ids.dubai}`)).toMatch(/data-testid="inquiry-assignee">Priya Patil</);
    const list = await page("/admin/inquiries?kind=quote");
    expect(list.split('data-testid="inquiry-row"').find((r) => r.includes("Dubai Importer"))).toContain("Priya Patil");

    const unassigned = await assign("");
    expect(flashOf(unassigned).description).toBe("The inquiry is unassigned.");
    expect((await row(ids.dubai)).assignee_id).toBeNull();

    // A disabled account is neither offered nor accepted.
    await t.db
      .updateTable("users")
      .set({ disabled_at: new Date().toISOString() })
      .where("id", "=", colleague.userId)
      .execute();
    try {
      expect(await page(`/admin/inquiries/${ids.dubai}`)).not.toContain(`value="${colleague.userId}"`);
      expect((await assign(colleague.userId)).status).toBe(400);
      expect((await row(ids.dubai)).assignee_id).toBeNull();
    } finally {
      await t.db.updateTable("users").set({ disabled_at: null }).where("id", "=", colleague.userId).execute();
    }
  });

  it("adds internal notes with their author and time, newest first, refusing an empty or too long note", async () => {
    const note = (body: string, id = ids.malaysia) =>
      app.request(`/admin/inquiries/${id}`, { form: { intent: "note", body }, cookie: admin.cookie });
    for (const [body, message] of [
      ["", "Note is required."],
      ["   ", "Note is required."],
      ["n".repeat(5001), "Note is too long (at most 5000 characters)."],
    ]) {
      const refused = await note(body);
      expect(refused.status).toBe(400);
      const html = await refused.text();
      expect(html).toContain("Error Adding Note");
      expect(html).toContain(message);
    }
    expect((await note("Lost note", crypto.randomUUID())).status).toBe(404);
    expect(await notesOf(ids.malaysia)).toEqual([]);
    expect(await t.db.selectFrom("inquiry_notes").select("id").where("body", "=", "Lost note").execute()).toEqual([]);

    const first = await note("Called the buyer.\nSends samples next week.");
    expect(first.status).toBe(302);
    expect(flashOf(first).title).toBe("Note Added");
    await new Promise((r) => setTimeout(r, 5));
    await note("Offer sent: <b>USD 1,450/MT</b>");
    const stored = await notesOf(ids.malaysia);
    expect(stored).toHaveLength(2);
    expect(stored[0]).toMatchObject({
      author_id: admin.userId,
      author_name: "Test admin",
      body: "Called the buyer.\nSends samples next week.",
    });
    expect(Date.now() - Date.parse(stored[0].created_at)).toBeLessThan(60_000);

    const html = await page(`/admin/inquiries/${ids.malaysia}`);
    const newest = html.indexOf("Offer sent: &lt;b&gt;USD 1,450/MT&lt;/b&gt;");
    const oldest = html.indexOf("Called the buyer.");
    expect(newest).toBeGreaterThan(0);
    expect(oldest).toBeGreaterThan(newest);
    expect(html).toMatch(
      /Test admin<\/span> ·(<!-- -->)? <time [^>]*>\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} GMT\+5:30<\/time>/,
    );
    // Never sent to the buyer, but in the team's export since issue 28 asked for them there (author, time, text).
    const csv = await (await app.request("/admin/inquiries/export", { cookie: admin.cookie })).text();
    expect(csv).toMatch(/Test admin, [\d-]+T[\d:.]+Z: Called the buyer\.\nSends samples next week\./);
  });

  it("filters by kind, assignee, country and product, alone and combined with the status and the search", async () => {
    expect(await listed("?kind=quote")).toEqual(["Malaysia Buyer", "Dubai Importer"]);
    const messages = await listed("?kind=contact");
    expect(messages).toContain("Page Visitor");
    expect(messages).not.toContain("Dubai Importer");
    expect(await listed(`?assignee=${colleague.userId}`)).toEqual(["Malaysia Buyer"]);
    const unassigned = await listed("?assignee=none");
    expect(unassigned).toEqual(expect.arrayContaining(["Page Visitor", "Dubai Importer"]));
    expect(unassigned).not.toContain("Malaysia Buyer");
    expect(await listed("?country=Malaysia")).toEqual(["Malaysia Buyer"]);
    // A product: quote requests with a line for it, and messages sent from its page.
    expect(await listed(`?product=${product.garlic}`)).toEqual(["Page Visitor", "Malaysia Buyer"]);
    expect(await listed(`?product=${product.onion}`)).toEqual(["Dubai Importer"]);
    expect(await listed(`?product=${crypto.randomUUID()}`)).toEqual([]);

    expect(await listed(`?kind=quote&product=${product.garlic}`)).toEqual(["Malaysia Buyer"]);
    expect(await listed(`?kind=quote&status=quoted&country=Malaysia&assignee=${colleague.userId}`)).toEqual([
      "Malaysia Buyer",
    ]);
    expect(await listed(`?kind=quote&status=new&country=Malaysia`)).toEqual([]);
    expect(await listed("?kind=quote&assignee=none&q=dubai")).toEqual(["Dubai Importer"]);
    expect(await listed("?kind=quote&q=malaysia%20buyer%20trading")).toEqual(["Malaysia Buyer"]);
    // Unknown values are ignored rather than refused.
    expect(await listed("?kind=spam&q=Dubai%20Importer")).toEqual(["Dubai Importer"]);

    // The filters stay in the URL: the form shows them chosen, and the status tabs and the export keep them. A
    // country is chosen by its code and shown by its name (issue 41).
    const html = await page(`/admin/inquiries?kind=quote&country=MY&product=${product.garlic}`);
    expect(html).toMatch(/<select[^>]*name="kind"[^>]*>.*?<option value="quote" selected="">Quote requests<\/option>/s);
    expect(html).toContain(`<option value="${product.garlic}" selected="">Pipeline Garlic</option>`);
    expect(html).toContain(`<option value="MY" selected="">Malaysia</option>`);
    expect(html).toContain(`<option value="AE">United Arab Emirates</option>`);
    expect(html).toContain(
      `href="/admin/inquiries?kind=quote&amp;country=MY&amp;product=${product.garlic}&amp;status=quoted"`,
    );
    expect(html).toContain(`href="/admin/inquiries/export?kind=quote&amp;country=MY&amp;product=${product.garlic}"`);
  });

  it("exports the lead's columns, the lines as readable text, and follows the filters", async () => {
    await t.db.updateTable("inquiries").set({ assignee_id: admin.userId }).where("id", "=", ids.dubai).execute();
    const response = await app.request("/admin/inquiries/export?kind=quote", { cookie: admin.cookie });
    const parsed = Papa.parse<Record<string, string>>((await response.text()).replace(/^\uFEFF/, ""), {
      header: true,
      skipEmptyLines: true,
    });
    expect(parsed.meta.fields).toEqual([...EXPORT_COLUMNS]);
    expect(parsed.data.map((r) => r.full_name)).toEqual(["Malaysia Buyer", "Dubai Importer"]);
    expect(parsed.data[0]).toMatchObject({
      kind: "quote",
      status: "quoted",
      company: "Malaysia Buyer Trading",
      country: "Malaysia",
      destination_port: "Jebel Ali",
      incoterm: "FOB",
      delivery_month: "2027-03",
      assignee: "Priya Patil",
      lines: "Pipeline Garlic: 10 MT, grade 45 mm+, packaging =10 kg mesh bag; Pipeline Ginger: 2.5 MT",
    });
    expect(parsed.data[1]).toMatchObject({
      assignee: "Test admin",
      lines: "Pipeline Red Onion: 58 MT, grade 55 mm+, packaging 25 kg mesh bag",
    });
    // A cell that starts like a formula is still neutralised.
    await t.db.updateTable("inquiries").set({ company: "=cmd|' /C calc'!A0" }).where("id", "=", ids.dubai).execute();
    const hostile = Papa.parse<Record<string, string>>(
      (
        await (await app.request(`/admin/inquiries/export?product=${product.onion}`, { cookie: admin.cookie })).text()
      ).replace(/^\uFEFF/, ""),
      { header: true, skipEmptyLines: true },
    );
    expect(hostile.data).toHaveLength(1);
    expect(hostile.data[0].company).toBe("'=cmd|' /C calc'!A0");
  });

  it("counts the open quote requests by status on the dashboard, each linking to its list", async () => {
    await t.db.updateTable("inquiries").set({ status: "contacted" }).where("id", "=", ids.dubai).execute();
    await insertQuote({ full_name: "Third Buyer", country: "Oman", minutes: 5, lines: [] });
    await insertQuote({ full_name: "Fourth Buyer", country: "Oman", status: "won", minutes: 6, lines: [] });
    const counts = Object.fromEntries(
      await Promise.all(
        (["new", "contacted", "quoted"] as const).map(async (status) => [
          status,
          Number(
            (
              await t.db
                .selectFrom("inquiries")
                .select((eb) => eb.fn.countAll<string | number>().as("n"))
                .where("kind", "=", "quote")
                .where("status", "=", status)
                .executeTakeFirstOrThrow()
            ).n,
          ),
        ]),
      ),
    );
    expect(counts).toEqual({ new: 1, contacted: 1, quoted: 1 });
    const html = await page("/admin/dashboard");
    for (const status of ["new", "contacted", "quoted"] as const) {
      const card = new RegExp(`<a [^>]*data-testid="open-quotes-${status}"[^>]*>.*?</a>`, "s").exec(html)?.[0] ?? "";
      expect(card, status).toContain(`href="/admin/inquiries?kind=quote&amp;status=${status}"`);
      const count = /<span class="text-3xl[^"]*">(\d+)/.exec(card);
      expect(count?.[1], status).toBe(String(counts[status]));
    }
  });
});

describe(`the pipeline migration on ${engineName}`, () => {
  it("turns a 'replied' inquiry into 'contacted', a contact message without an assignee", async () => {
    const m = await createTestDatabase({ migrate: false });
    try {
      const migrator = await testMigrator(m.db);
      const to5 = await migrator.migrateTo("0005_category_page_index");
      expect(to5.error).toBeUndefined();
      expect(to5.results?.map((r) => r.migrationName).at(-1)).toBe("0005_category_page_index");
      const now = new Date().toISOString();
      await sql`insert into inquiries (id, full_name, email, phone, subject, message, product_name, page_path, ip_hash,
          status, notified_at, notify_error, created_at, updated_at)
        values ('old-replied', 'Old Buyer', 'old@example.com', '', 'Old subject', 'Old message', 'Garlic', null,
          ${"0".repeat(64)}, 'replied', null, null, ${now}, ${now}),
          ('old-closed', 'Old Closer', 'closed@example.com', '', 'Closed', 'Done', null, null,
          ${"0".repeat(64)}, 'closed', null, null, ${now}, ${now})`.execute(m.db);

      await migrateToLatest(m.db);
      const rows = await m.db.selectFrom("inquiries").selectAll().orderBy("id").execute();
      expect(rows.map((r) => [r.id, r.status, r.kind, r.assignee_id, r.product_name])).toEqual([
        ["old-closed", "closed", "contact", null, null],
        ["old-replied", "contacted", "contact", null, "Garlic"],
      ]);
      // The old status is no longer allowed.
      await expect(
        sql`update inquiries set status = 'replied' where id = 'old-replied'`.execute(m.db),
      ).rejects.toThrow();
    } finally {
      await m.cleanup();
    }
  });
});
