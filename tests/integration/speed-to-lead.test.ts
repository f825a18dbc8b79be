import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseBusinessHours, replyDueAt } from "~/lib/business-hours";
import { insertSetting } from "../support/builders";
import { contactFormSender, VALID_CONTACT } from "../support/contact-form";
import { createAdminTestApp, signedInAs } from "../support/test-app";
import { engineName, insertInquiry, type TestDatabase } from "../support/test-db";

// Speed to lead (issue 28): when each new inquiry's first reply is due (business hours and a target, settings in
// the site's time zone), the first reply recorded, the dashboard's 'Replies Due' and 'Follow-ups Due' and the
// month's median first response, spam excluded.

/** The tests' clock: Wednesday 2 December 2026, 12:00 in India (06:30 UTC). */
const NOW = Date.parse("2026-12-02T06:30:00.000Z");
const minutes = (n: number) => new Date(NOW + n * 60_000).toISOString();

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createAdminTestApp>>["app"];
let cookie: string;
const { send } = contactFormSender(() => app);

async function setSetting(key: string, value: string) {
  await t.db.deleteFrom("site_settings").where("setting_key", "=", key).execute();
  await insertSetting(t.db, key, value);
}

const inquiry = (id: string) => t.db.selectFrom("inquiries").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const latestInquiry = () =>
  t.db.selectFrom("inquiries").selectAll().orderBy("created_at", "desc").limit(1).executeTakeFirstOrThrow();

beforeAll(async () => {
  ({ t, app, cookie } = await createAdminTestApp({}, { clock: () => NOW }));
});
afterAll(() => t.cleanup());

describe(`speed to lead on ${engineName}`, () => {
  it("gives each new inquiry its reply time: the target within the business hours, in the site's time zone", async () => {
    await setSetting("site_time_zone", "Asia/Kolkata");
    await setSetting("reply_target_minutes", "90");
    await setSetting("business_hours", "Mon-Sat 09:30-18:30");
    expect((await send(VALID_CONTACT)).status).toBe(200);
    const stored = await latestInquiry();
    expect(stored.reply_due_at).toBe(
      replyDueAt(stored.created_at, 90, parseBusinessHours("Mon-Sat 09:30-18:30")!, "Asia/Kolkata"),
    );

    // Without business hours every hour counts.
    await setSetting("business_hours", "");
    expect((await send({ ...VALID_CONTACT, subject: "Garlic" })).status).toBe(200);
    const plain = await latestInquiry();
    expect(Date.parse(plain.reply_due_at!) - Date.parse(plain.created_at)).toBe(90 * 60_000);
  });

  it("records the first reply at the first move that answers the buyer, and never moves it", async () => {
    const id = await insertInquiry(t.db, { reply_due_at: minutes(60) });
    const move = (status: string) =>
      app.request(`/admin/inquiries/${id}`, { form: { intent: "status", status }, cookie });
    expect((await move("lost")).status).toBe(302);
    expect((await inquiry(id)).first_reply_at).toBeNull();
    await t.db.updateTable("inquiries").set({ status: "new" }).where("id", "=", id).execute();
    expect((await move("contacted")).status).toBe(302);
    const first = (await inquiry(id)).first_reply_at;
    expect(first).not.toBeNull();
    expect((await move("quoted")).status).toBe(302);
    expect((await inquiry(id)).first_reply_at).toBe(first);
  });

  it("lists the leads waiting for a first reply on the dashboard, overdue first, without spam or answered ones", async () => {
    await t.db.deleteFrom("inquiries").execute();
    await insertInquiry(t.db, { full_name: "Late Buyer", reply_due_at: minutes(-30), created_at: minutes(-120) });
    await insertInquiry(t.db, { full_name: "Soon Buyer", reply_due_at: minutes(45), created_at: minutes(-15) });
    await insertInquiry(t.db, { full_name: "Spam Sender", status: "spam", reply_due_at: minutes(-300) });
    await insertInquiry(t.db, {
      full_name: "Answered Buyer",
      reply_due_at: minutes(-200),
      first_reply_at: minutes(-250),
    });
    const late = await insertInquiry(t.db, { full_name: "Listed Late", reply_due_at: minutes(-10) });
    const html = await (await app.request("/admin/dashboard", { cookie })).text();
    const card = html.slice(html.indexOf('data-testid="replies-due"'), html.indexOf('data-testid="follow-ups-due"'));
    expect(card).toContain("Replies Due");
    expect(card.indexOf("Late Buyer")).toBeLessThan(card.indexOf("Listed Late"));
    expect(card.indexOf("Listed Late")).toBeLessThan(card.indexOf("Soon Buyer"));
    expect(card).not.toContain("Spam Sender");
    expect(card).not.toContain("Answered Buyer");
    // Overdue ones say so, with their time in the site's zone; the one still in time says when.
    expect(card).toContain("Overdue: was due 2 Dec 2026, 11:30 GMT+5:30");
    expect(card).toContain("Due 2 Dec 2026, 12:45 GMT+5:30");

    // The list of inquiries marks the overdue ones too.
    const list = await (await app.request("/admin/inquiries", { cookie })).text();
    expect(list.match(/data-testid="reply-overdue"/g)).toHaveLength(2);
    const page = await (await app.request(`/admin/inquiries/${late}`, { cookie })).text();
    expect(page).toContain("Overdue: was due 2 Dec 2026, 11:50 GMT+5:30");
  });

  it("lists a new inquiry without a due time as waiting, so the dashboard never says every inquiry was answered", async () => {
    // Seen (issue 41): "1 new inquiry waits", then "Replies Due 0 – Every inquiry has had its first reply".
    await t.db.deleteFrom("inquiries").execute();
    await insertInquiry(t.db, { full_name: "Untimed Buyer", reply_due_at: null, created_at: minutes(-60) });
    const html = await (await app.request("/admin/dashboard", { cookie })).text();
    const card = html.slice(html.indexOf('data-testid="replies-due"'), html.indexOf('data-testid="follow-ups-due"'));
    expect(card).toContain("Untimed Buyer");
    expect(card).toContain("Waiting since 2 Dec 2026, 11:00 GMT+5:30");
    expect(card).not.toContain("Every inquiry has had its first reply.");
    expect(html).toContain("1 new inquiry waits for an answer.");
  });

  it("gives the month's median first response, spam not counted", async () => {
    await t.db.deleteFrom("inquiries").execute();
    // Received this month (December, site time): answered after 10, 30 and 50 minutes; one unanswered.
    for (const [received, reply] of [
      [-600, -590],
      [-400, -370],
      [-200, -150],
      [-100, null],
    ] as const)
      await insertInquiry(t.db, {
        created_at: minutes(received),
        first_reply_at: reply === null ? null : minutes(reply),
      });
    // Spam answered at once, and November's inquiry answered after a day: neither counts.
    await insertInquiry(t.db, { status: "spam", created_at: minutes(-60), first_reply_at: minutes(-59) });
    await insertInquiry(t.db, { created_at: "2026-11-20T06:30:00.000Z", first_reply_at: "2026-11-21T06:30:00.000Z" });
    const html = await (await app.request("/admin/dashboard", { cookie })).text();
    expect(html).toContain("Median first response this month: 30 min (3 of 4 inquiries answered; spam not counted).");
  });

  it("keeps a follow-up day per lead, lists those that have come on the dashboard, and logs each change", async () => {
    await t.db.deleteFrom("inquiries").execute();
    const today = await insertInquiry(t.db, { full_name: "Today Buyer" });
    const past = await insertInquiry(t.db, { full_name: "Past Buyer", follow_up_at: "2026-11-28" });
    await insertInquiry(t.db, { full_name: "Later Buyer", follow_up_at: "2026-12-09" });
    await insertInquiry(t.db, { full_name: "Won Buyer", status: "won", follow_up_at: "2026-11-01" });

    const set = (id: string, follow_up: string) =>
      app.request(`/admin/inquiries/${id}`, { form: { intent: "follow-up", follow_up }, cookie });
    expect((await set(today, "2026-12-02")).status).toBe(302);
    expect((await inquiry(today)).follow_up_at).toBe("2026-12-02");
    expect((await set(today, "2026-02-30")).status).toBe(400);
    expect((await set(today, "soon")).status).toBe(400);
    expect((await inquiry(today)).follow_up_at).toBe("2026-12-02");

    const html = await (await app.request("/admin/dashboard", { cookie })).text();
    // The card alone: the page's data further down names every lead of both lists.
    const card = html.slice(
      html.indexOf('data-testid="follow-ups-due"'),
      html.indexOf('data-testid="certificate-renewals"'),
    );
    expect(card.indexOf("Past Buyer")).toBeLessThan(card.indexOf("Today Buyer"));
    expect(card).toContain("Due since 28 Nov 2026");
    expect(card).toContain("Due today");
    expect(card).not.toContain("Later Buyer");
    expect(card).not.toContain("Won Buyer");

    expect((await set(past, "")).status).toBe(302);
    expect((await inquiry(past)).follow_up_at).toBeNull();
    const log = await t.db
      .selectFrom("activity")
      .select("summary")
      .where("action", "=", "inquiry-follow-up")
      .orderBy("at")
      .execute();
    expect(log.map((row) => row.summary)).toEqual(["Follow-up: 2026-12-02", "Follow-up cleared"]);
  });

  it("refuses the follow-up to a signed-in non-admin and to a visitor", async () => {
    const id = await insertInquiry(t.db, {});
    const user = await signedInAs(t.db, "user");
    for (const who of [user.cookie, undefined]) {
      const response = await app.request(`/admin/inquiries/${id}`, {
        form: { intent: "follow-up", follow_up: "2026-12-05" },
        cookie: who,
      });
      expect([302, 403]).toContain(response.status);
      expect(response.headers.get("Location") ?? "").not.toContain(`/admin/inquiries/${id}`);
    }
    expect((await inquiry(id)).follow_up_at).toBeNull();
  });

  it("checks the reply settings as they are saved", async () => {
    const { settingValueProblem } = await import("~/features/settings/settings-admin.schema");
    expect(settingValueProblem("business_hours", "Mon-Fri")).toBe("Use days and hours like Mon-Sat 09:30-18:30.");
    expect(settingValueProblem("business_hours", "Sun-Thu 08:00-16:00")).toBeNull();
    expect(settingValueProblem("business_hours", "")).toBeNull();
    expect(settingValueProblem("reply_target_minutes", "1.5")).toBe(
      "Use a whole number of minutes from 1 to 10080, like 60.",
    );
    expect(settingValueProblem("reply_target_minutes", "120")).toBeNull();
  });
});
