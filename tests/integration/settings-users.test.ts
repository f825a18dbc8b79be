import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId, nowIso } from "~/lib/time";
import { createTestApp, signedInAs } from "../support/test-app";
import { createTestDatabase, engineName, type TestDatabase } from "../support/test-db";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof signedInAs>>;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestApp(t.db, t.dataDir);
  admin = await signedInAs(t.db, "admin");
  const now = nowIso();
  await t.db
    .insertInto("site_settings")
    .values([
      {
        id: "s-email",
        setting_key: "contact_email",
        setting_value: "old@example.com",
        description: "Email",
        updated_at: now,
      },
      { id: "s-fb", setting_key: "social_facebook_url", setting_value: "#", description: null, updated_at: now },
    ])
    .execute();
});
afterAll(() => t.cleanup());

const act = (path: string, form: Record<string, string>, cookie = admin.cookie) => app.request(path, { form, cookie });
const setting = (key: string) =>
  t.db.selectFrom("site_settings").selectAll().where("setting_key", "=", key).executeTakeFirst();

describe(`site settings on ${engineName}`, () => {
  it("saves all changed values, and the footer shows them", async () => {
    const response = await act("/admin/site-settings", {
      intent: "save",
      "value:s-email": "sales@example.com",
      "value:s-fb": "https://www.facebook.com/ganga",
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Settings Saved!");
    expect((await setting("contact_email"))!.setting_value).toBe("sales@example.com");
    const home = await (await app.request("/")).text();
    expect(home).toContain("mailto:sales@example.com");
    expect(home).toContain('href="https://www.facebook.com/ganga"');
  });

  it("refuses a link setting that is not http(s), '#' or empty, saving nothing", async () => {
    for (const bad of ["javascript:alert(1)", "www.example.com", "data:text/html,x"]) {
      const response = await act("/admin/site-settings", {
        intent: "save",
        "value:s-email": "changed@example.com",
        "value:s-fb": bad,
      });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("Error saving social_facebook_url");
      expect((await setting("contact_email"))!.setting_value).toBe("sales@example.com");
    }
  });

  it("lets a link setting be emptied but not a text setting", async () => {
    const refused = await act("/admin/site-settings", { intent: "save", "value:s-email": "  " });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Setting Key and Value are required.");
    expect((await act("/admin/site-settings", { intent: "save", "value:s-fb": "" })).status).toBe(200);
    expect((await setting("social_facebook_url"))!.setting_value).toBe("");
    expect(await (await app.request("/")).text()).not.toContain("facebook.com/ganga");
  });

  it("adds a setting with a normalised key, refuses missing fields and duplicates, and deletes", async () => {
    const added = await act("/admin/site-settings", {
      intent: "add",
      setting_key: "  Office Hours ",
      setting_value: "9–6 IST",
      description: "Shown nowhere yet",
    });
    expect(await added.text()).toContain("Setting Added!");
    expect(await setting("office_hours")).toMatchObject({ setting_value: "9–6 IST" });
    for (const form of [
      { setting_key: "", setting_value: "x" },
      { setting_key: "x", setting_value: " " },
    ]) {
      const refused = await act("/admin/site-settings", { intent: "add", ...form, description: "" });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain("Setting Key and Value are required.");
    }
    const duplicate = await act("/admin/site-settings", {
      intent: "add",
      setting_key: "OFFICE HOURS",
      setting_value: "y",
      description: "",
    });
    expect(await duplicate.text()).toContain("already exists");
    const id = (await setting("office_hours"))!.id;
    expect(await (await act("/admin/site-settings", { intent: "delete", id })).text()).toContain("Setting Deleted!");
    expect(await setting("office_hours")).toBeUndefined();
  });
});

describe(`user roles on ${engineName}`, () => {
  it("lists users newest first and changes a role", async () => {
    const user = await signedInAs(t.db, "user", "buyer@example.com");
    const list = await (await app.request("/admin/user-management", { cookie: admin.cookie })).text();
    expect(list).toContain("buyer@example.com");
    expect(list).toContain("npm run user:add");
    const response = await act(`/admin/user-management/edit/${user.userId}`, { role: "admin" });
    expect(response.status).toBe(302);
    expect(
      (await t.db.selectFrom("profiles").select("role").where("id", "=", user.userId).executeTakeFirstOrThrow()).role,
    ).toBe("admin");
    // The new admin's session now opens the dashboard.
    expect((await app.request("/admin/dashboard", { cookie: user.cookie })).status).toBe(200);
    await act(`/admin/user-management/edit/${user.userId}`, { role: "user" });
    expect((await app.request("/admin/dashboard", { cookie: user.cookie })).status).toBe(302);
  });

  it("refuses a role that is neither admin nor user ('Error Updating User Role')", async () => {
    const user = await signedInAs(t.db, "user");
    const response = await act(`/admin/user-management/edit/${user.userId}`, { role: "owner" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Error Updating User Role");
    expect(html).toContain("Choose admin or user.");
  });

  it("refuses to take the admin role from the last administrator", async () => {
    // Their own role: without JavaScript the server asks first, with a box to tick.
    const asked = await act(`/admin/user-management/edit/${admin.userId}`, { role: "user" });
    expect(asked.status).toBe(400);
    const form = await asked.text();
    expect(form).toContain("Changing your own role to user signs you out. Tick the box to confirm.");
    expect(form).toMatch(/<input type="checkbox" id="confirm"[^>]* name="confirm"/);
    const response = await act(`/admin/user-management/edit/${admin.userId}`, { role: "user", confirm: "on" });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("This is the last administrator.");
    expect(
      (await t.db.selectFrom("profiles").select("role").where("id", "=", admin.userId).executeTakeFirstOrThrow()).role,
    ).toBe("admin");
  });

  it("an administrator who confirms taking their own admin role away is signed out and sent to the login", async () => {
    const other = await signedInAs(t.db, "admin");
    await signedInAs(t.db, "admin"); // someone keeps the back office
    const path = `/admin/user-management/edit/${other.userId}`;
    expect((await act(path, { role: "user" }, other.cookie)).status).toBe(400);
    expect((await app.request("/admin/dashboard", { cookie: other.cookie })).status).toBe(200);

    const response = await act(path, { role: "user", confirm: "on" }, other.cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/login");
    expect(response.headers.get("Set-Cookie")).toMatch(/session=;.*Max-Age=0/i);
    expect(await t.db.selectFrom("sessions").select("id").where("user_id", "=", other.userId).execute()).toEqual([]);
    const profile = await t.db.selectFrom("profiles").select("role").where("id", "=", other.userId).executeTakeFirst();
    expect(profile?.role).toBe("user");
    const flash = response.headers.get("Set-Cookie")!.match(/flash=([^;]+)/)![1];
    const login = await app.request("/admin/login", { cookie: `flash=${flash}` });
    expect(await login.text()).toContain("Your role is now user, so you have been signed out.");
  });

  it("sends an unknown user id back to the list with 'User profile not found'", async () => {
    const response = await app.request(`/admin/user-management/edit/${newId()}`, { cookie: admin.cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/user-management");
  });
});
