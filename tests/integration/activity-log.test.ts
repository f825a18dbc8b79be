import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/config.server";
import { restoreBackup, writeBackup } from "~/features/backup/archive.server";
import { pruneHistory } from "~/features/history/prune-activity.server";
import { recordActivity, recordVersion } from "~/features/history/record.server";
import { createLocalStorage } from "~/lib/storage/local-storage.server";
import { createAdminTestApp, createTestApp, signedInAs } from "../support/test-app";
import { createTestDatabase, engineName, insertInquiry, whileRefusing, type TestDatabase } from "../support/test-db";
import { enableLanguages } from "../support/translations";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;
let adminId: string;
let adminEmail: string;
const ADDRESS = "198.51.100.7";

beforeAll(async () => {
  const made = await createAdminTestApp();
  ({ t, app, cookie } = made);
  adminId = made.admin.userId;
  adminEmail = made.admin.email;
}, 120_000);
afterAll(() => t.cleanup());

const post = (pathname: string, form: Record<string, string>, ip = ADDRESS) =>
  app.request(pathname, { form, cookie, ip });
const rowsOf = (entityId: string) =>
  t.db.selectFrom("activity").selectAll().where("entity_id", "=", entityId).orderBy("at").orderBy("id").execute();
const exportRows = () => t.db.selectFrom("activity").selectAll().where("action", "=", "export").execute();

describe(`the activity log's writes on ${engineName}`, () => {
  it("logs an inquiry's status, assignee, note and delete with the actor and address, and the timeline shows them", async () => {
    const id = await insertInquiry(t.db, { full_name: "Asha Buyer", subject: "Onions to Dubai" });
    const page = `/admin/inquiries/${id}`;
    expect((await post(page, { intent: "status", status: "contacted" })).status).toBe(302);
    expect((await post(page, { intent: "assign", assignee_id: adminId })).status).toBe(302);
    expect((await post(page, { intent: "note", body: "Called, wants 2 containers" })).status).toBe(302);

    const rows = await rowsOf(id);
    expect(rows.map((r) => r.action)).toEqual(["inquiry-status", "inquiry-assignee", "inquiry-note"]);
    for (const row of rows) {
      expect(row).toMatchObject({ actor_id: adminId, actor_email: adminEmail, ip: ADDRESS, entity: "inquiry" });
      expect(row.entity_label).toBe("Asha Buyer: Onions to Dubai");
    }
    expect(rows[0]!.summary).toBe("Status: New → Contacted");
    expect(rows[1]!.summary).toBe("Assignee: Unassigned → Test admin");
    expect(rows[2]!.summary).toBe("Note: Called, wants 2 containers");

    const html = await (await app.request(page, { cookie })).text();
    const timeline = html.slice(html.indexOf(">Timeline<"));
    expect(timeline).toContain("Status: New → Contacted");
    expect(timeline).toContain("Assignee: Unassigned → Test admin");
    expect(timeline).toContain("Test admin");
    // In the site's time zone (India by default).
    expect(timeline).toContain("GMT+5:30");
    expect(timeline.match(/data-testid="inquiry-event"/g)).toHaveLength(3);

    expect((await post(page, { intent: "delete" })).status).toBe(302);
    const after = await rowsOf(id);
    expect(after).toHaveLength(4);
    expect(after[3]).toMatchObject({ action: "delete", actor_id: adminId, ip: ADDRESS });
    expect(after[3]!.summary).toContain("Asha Buyer");
  });

  it("logs a role change, and nothing for a save that changed no role", async () => {
    const user = await signedInAs(t.db, "user");
    expect((await post(`/admin/user-management/edit/${user.userId}`, { role: "admin" })).status).toBe(302);
    expect((await post(`/admin/user-management/edit/${user.userId}`, { role: "admin" })).status).toBe(302);
    const rows = await rowsOf(user.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "role", entity: "user", actor_id: adminId, ip: ADDRESS });
    expect(rows[0]!.summary).toBe("Role: user → admin");
  });

  it("logs enabling and disabling a language, once per change", async () => {
    await t.db.deleteFrom("languages").where("code", "=", "bn").execute();
    for (const intent of ["enable", "enable", "disable"])
      expect((await post("/admin/languages", { intent, code: "bn" })).status).toBe(302);
    const rows = await rowsOf("bn");
    expect(rows.map((r) => [r.action, r.entity, r.summary])).toEqual([
      ["update", "language", "Bengali enabled"],
      ["update", "language", "Bengali disabled"],
    ]);
    for (const row of rows) expect(row).toMatchObject({ actor_id: adminId, ip: ADDRESS });
  });

  it("leaves no activity row when the write fails, and no change when the row cannot be written", async () => {
    const id = await insertInquiry(t.db);
    const page = `/admin/inquiries/${id}`;
    await whileRefusing(t.db, "inquiries", "update", async () => {
      expect((await post(page, { intent: "status", status: "quoted" })).status).toBeGreaterThanOrEqual(400);
      expect((await post(page, { intent: "assign", assignee_id: adminId })).status).toBeGreaterThanOrEqual(400);
    });
    await whileRefusing(t.db, "inquiry_notes", "insert", async () => {
      expect((await post(page, { intent: "note", body: "Lost" })).status).toBeGreaterThanOrEqual(400);
    });
    expect(await rowsOf(id)).toEqual([]);
    // The other way round: the log refuses, so the change it would describe is not made either.
    await whileRefusing(t.db, "activity", "insert", async () => {
      expect((await post(page, { intent: "status", status: "quoted" })).status).toBeGreaterThanOrEqual(400);
      expect((await post(page, { intent: "note", body: "Unlogged" })).status).toBeGreaterThanOrEqual(400);
      expect((await post(page, { intent: "delete" })).status).toBeGreaterThanOrEqual(400);
    });
    const inquiry = await t.db.selectFrom("inquiries").select("status").where("id", "=", id).executeTakeFirst();
    expect(inquiry?.status).toBe("new");
    // A role change that fails leaves no row; one whose row fails is not made.
    const user = await signedInAs(t.db, "user");
    await whileRefusing(t.db, "profiles", "update", async () => {
      expect(
        (await post(`/admin/user-management/edit/${user.userId}`, { role: "admin" })).status,
      ).toBeGreaterThanOrEqual(400);
    });
    await whileRefusing(t.db, "activity", "insert", async () => {
      expect(
        (await post(`/admin/user-management/edit/${user.userId}`, { role: "admin" })).status,
      ).toBeGreaterThanOrEqual(400);
      // An export whose row cannot be written is an error, never an unlogged file.
      const exported = await app.request("/admin/inquiries/export", { cookie });
      expect(exported.status).toBe(500);
      expect(exported.headers.get("Content-Disposition")).toBeNull();
    });
    expect(await rowsOf(user.userId)).toEqual([]);
    const role = await t.db.selectFrom("profiles").select("role").where("id", "=", user.userId).executeTakeFirst();
    expect(role?.role).toBe("user");
    const notes = await t.db.selectFrom("inquiry_notes").select("id").where("inquiry_id", "=", id).execute();
    expect(notes).toEqual([]);
  });

  it("logs every CSV export: products, inquiries, translations and the activity itself", async () => {
    await enableLanguages(t.db, "ar");
    await t.db.deleteFrom("activity").where("action", "=", "export").execute();
    for (const target of [
      "/admin/manage-products/export",
      "/admin/inquiries/export?status=new",
      "/admin/translations/export?lang=ar&format=csv",
      "/admin/activity/export",
    ]) {
      const response = await app.request(target, { cookie, ip: ADDRESS });
      expect(response.status, target).toBe(200);
      await response.arrayBuffer();
    }
    const rows = await exportRows();
    expect(rows.map((r) => JSON.parse(r.details).what).sort()).toEqual([
      "activity",
      "inquiries",
      "products",
      "translations (ar, CSV)",
    ]);
    for (const row of rows) expect(row).toMatchObject({ actor_id: adminId, ip: ADDRESS });
    expect(JSON.parse(rows.find((r) => r.summary.includes("inquiries"))!.details).filter).toMatchObject({
      status: "new",
    });
  });
});

describe(`the Activity page on ${engineName}`, () => {
  let other: Awaited<ReturnType<typeof signedInAs>>;
  beforeAll(async () => {
    await t.db.deleteFrom("activity").execute();
    other = await signedInAs(t.db, "admin", "colleague@example.com");
    const colleague = { id: other.userId, email: other.email, fullName: "Ravi Colleague", ip: "203.0.113.9" };
    const admin = { id: adminId, email: adminEmail, fullName: "Test admin", ip: ADDRESS };
    // 30 updates by the admin over the 30 days to 30 Nov 2026 (05:00 UTC = 10:30 in India), one formula-like.
    for (let day = 1; day <= 30; day++)
      await recordActivity(t.db, admin, {
        action: "update",
        entity: "product",
        entityId: `p-${day}`,
        label: day === 7 ? '=HYPERLINK("http://evil")' : `Product ${day}`,
        summary: `Changed price (day ${day})`,
        at: `2026-11-${String(day).padStart(2, "0")}T05:00:00.000Z`,
      });
    // A colleague's delete late on 14 Nov UTC, which is already 15 Nov in India.
    await recordActivity(t.db, colleague, {
      action: "delete",
      entity: "certificate",
      entityId: "gone",
      label: "FSSAI",
      summary: "Deleted FSSAI",
      at: "2026-11-14T20:00:00.000Z",
    });
    // A stranger's refused sign-in (no account: the system).
    await recordActivity(t.db, null, {
      action: "sign-in-refused",
      summary: "Refused sign-in",
      at: "2026-12-01T01:00:00.000Z",
    });
  });

  const page = async (query = "") => {
    const response = await app.request(`/admin/activity${query}`, { cookie });
    expect(response.status).toBe(200);
    const html = await response.text();
    return { html, rows: html.match(/data-testid="activity-row"/g)?.length ?? 0 };
  };

  it("lists the rows newest first, 25 a page, with time in the site's zone, user, address, action, item and summary", async () => {
    const { html, rows } = await page();
    expect(html).toContain("<title>Activity");
    expect(html).toMatch(/<h1[^>]*>Activity<\/h1>/);
    expect(rows).toBe(25);
    expect(html.replaceAll("<!-- -->", "")).toContain("32 items · page 1 of 2");
    const first = html.indexOf("Refused sign-in");
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(html.indexOf("Changed price (day 30)"));
    expect(html).toContain("30 Nov 2026, 10:30");
    expect(html).toContain(ADDRESS);
    expect(html).toContain("System");
    const second = await page("?page=2");
    expect(second.rows).toBe(7);
    expect(second.html).toContain("Changed price (day 1)");
  });

  it("filters by user, kind and days in the site's time zone", async () => {
    const byColleague = await page(`?user=${other.userId}`);
    expect(byColleague.rows).toBe(1);
    expect(byColleague.html).toContain("Deleted FSSAI");
    expect(byColleague.html).toContain("203.0.113.9");
    expect((await page("?user=system")).rows).toBe(1);
    expect((await page("?action=delete")).rows).toBe(1);
    // 15 Nov in India: the colleague's delete (20:00 UTC on the 14th) and day 15's update.
    const day = await page("?from=2026-11-15&to=2026-11-15");
    expect(day.rows).toBe(2);
    expect(day.html).toContain("Deleted FSSAI");
    expect(day.html).toContain("Changed price (day 15)");
    expect((await page("?from=2026-11-10&to=2026-11-19&action=update")).rows).toBe(10);
  });

  it("exports the filtered rows as CSV with formulas neutralised", async () => {
    const response = await app.request("/admin/activity/export?action=update&from=2026-11-05&to=2026-11-08", {
      cookie,
    });
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="activity-export-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const { data } = Papa.parse<Record<string, string>>((await response.text()).replace(/^\uFEFF/, ""), {
      header: true,
      skipEmptyLines: true,
    });
    expect(data.map((r) => r.summary)).toEqual([
      "Changed price (day 8)",
      "Changed price (day 7)",
      "Changed price (day 6)",
      "Changed price (day 5)",
    ]);
    expect(data[1]!.entity_label).toBe('\'=HYPERLINK("http://evil")');
    expect(data[0]).toMatchObject({ actor_email: adminEmail, ip: ADDRESS, action: "update", entity: "product" });
  });

  it("links an item that still exists to its edit page, and an import to its revert page", async () => {
    const id = await insertInquiry(t.db, { full_name: "Linked Buyer" });
    const admin = { id: adminId, email: adminEmail, fullName: "Test admin" };
    await recordActivity(t.db, admin, {
      action: "inquiry-note",
      entity: "inquiry",
      entityId: id,
      label: "Linked Buyer",
      summary: "Note: x",
      at: "2026-12-02T00:00:00.000Z",
    });
    const importId = await recordActivity(t.db, admin, {
      action: "import",
      entity: "import",
      summary: "Imported 3 products",
      at: "2026-12-03T00:00:00.000Z",
    });
    const { html } = await page();
    expect(html).toContain(`href="/admin/inquiries/${id}"`);
    expect(html).toContain(`href="/admin/activity/${importId}/revert"`);
    // A product that does not exist is named, not linked.
    expect(html).not.toContain('href="/admin/manage-products/edit/p-30"');
  });
});

describe(`keeping the activity log on ${engineName}`, () => {
  it("prunes rows older than ACTIVITY_KEEP_MONTHS, keeping a row a version still names", async () => {
    await t.db.deleteFrom("activity").execute();
    const now = Date.parse("2027-12-15T00:00:00.000Z");
    const old = await recordActivity(t.db, null, {
      action: "update",
      summary: "13 months ago",
      at: "2026-11-14T00:00:00.000Z",
    });
    const recent = await recordActivity(t.db, null, {
      action: "update",
      summary: "11 months ago",
      at: "2027-01-15T00:00:00.000Z",
    });
    const version = await recordVersion(t.db, null, {
      entity: "product",
      entityId: "kept",
      snapshot: { name: "Kept" },
      action: "create",
      at: "2026-10-01T00:00:00.000Z",
    });
    expect(await pruneHistory(t.db, { activityKeepMonths: 12, clock: () => now })).toMatchObject({ activity: 1 });
    const left = (await t.db.selectFrom("activity").select("id").execute()).map((r) => r.id).sort();
    expect(left).toEqual([recent, version!.activityId].sort());
    expect(left).not.toContain(old);
    await t.db.deleteFrom("versions").execute();
  });

  it("refuses ACTIVITY_KEEP_MONTHS below 12 and defaults to 12", () => {
    expect(loadConfig({}).activityKeepMonths).toBe(12);
    expect(loadConfig({ ACTIVITY_KEEP_MONTHS: "24" }).activityKeepMonths).toBe(24);
    expect(() => loadConfig({ ACTIVITY_KEEP_MONTHS: "6" })).toThrow(/ACTIVITY_KEEP_MONTHS/);
    expect(() => loadConfig({ ACTIVITY_KEEP_MONTHS: "a year" })).toThrow(/ACTIVITY_KEEP_MONTHS/);
  });

  it("backs up and restores the activity log and the versions", async () => {
    const row = await recordActivity(t.db, null, { action: "update", summary: "In the backup", details: { n: 1 } });
    await recordVersion(t.db, null, {
      entity: "page",
      entityId: "home",
      snapshot: { title: "Home" },
      action: "create",
    });
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "agro-activity-backup-"));
    const target = await createTestDatabase();
    try {
      const file = path.join(work, "site.backup.gz");
      const summary = await writeBackup(t.db, app.storage, file);
      expect(summary.rows.activity).toBeGreaterThan(0);
      expect(summary.rows.versions).toBe(1);
      await restoreBackup(target.db, createLocalStorage(path.join(work, "storage")), file);
      const restored = await target.db.selectFrom("activity").selectAll().where("id", "=", row).executeTakeFirst();
      expect(restored).toMatchObject({ summary: "In the backup", details: JSON.stringify({ n: 1 }) });
      const versions = await target.db.selectFrom("versions").selectAll().execute();
      expect(versions.map((v) => [v.entity, v.entity_id, JSON.parse(v.snapshot)])).toEqual([
        ["page", "home", { title: "Home" }],
      ]);
    } finally {
      await target.cleanup();
      fs.rmSync(work, { recursive: true, force: true });
    }
  });
});

describe(`who may see the activity log on ${engineName}`, () => {
  it("sends a non-admin to the login from the page and its export, writing no export row", async () => {
    const before = (await exportRows()).length;
    const user = await signedInAs(t.db, "user");
    for (const target of ["/admin/activity", "/admin/activity/export"]) {
      for (const who of [undefined, user.cookie]) {
        const response = await app.request(target, { cookie: who });
        expect(response.status, target).toBe(302);
        expect(response.headers.get("Location")).toMatch(/^\/admin\/login/);
      }
    }
    expect((await exportRows()).length).toBe(before);
  });
});
