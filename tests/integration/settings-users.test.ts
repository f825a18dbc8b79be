import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "~/lib/time";
import { insertSetting } from "../support/builders";
import { jpegFile, multipart, textFile } from "../support/images";
import { createTestApp, signedInAs } from "../support/test-app";
import { createTestDatabase, engineName, type TestDatabase } from "../support/test-db";
import { pruneAllVersions } from "../support/versions";
import { flashOf } from "../support/flash";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof signedInAs>>;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestApp(t.db, t.dataDir);
  admin = await signedInAs(t.db, "admin");
  await insertSetting(t.db, "contact_email", "old@example.com", { id: "s-email", description: "Email" });
  await insertSetting(t.db, "social_facebook_url", "#", { id: "s-fb" });
  await insertSetting(t.db, "whatsapp_number", "+91 98390 12345", { id: "s-chat" });
  await insertSetting(t.db, "header_logo_url", "", { id: "s-logo" });
});
afterAll(() => t.cleanup());

const act = (path: string, form: Record<string, string>, cookie = admin.cookie) => app.request(path, { form, cookie });
const setting = (key: string) =>
  t.db.selectFrom("site_settings").selectAll().where("setting_key", "=", key).executeTakeFirst();

describe(`site settings on ${engineName}`, () => {
  it("saves all changed values ('Settings Saved!', back to the page), and the footer shows them", async () => {
    const response = await act("/admin/site-settings", {
      intent: "save",
      "value:s-email": "sales@example.com",
      "value:s-fb": "https://www.facebook.com/ganga",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/site-settings");
    expect(flashOf(response)).toMatchObject({ title: "Settings Saved!", variant: "success" });
    expect((await setting("contact_email"))!.setting_value).toBe("sales@example.com");
    const home = await (await app.request("/")).text();
    expect(home).toContain("mailto:sales@example.com");
    expect(home).toContain('href="https://www.facebook.com/ganga"');
  });

  it("refuses a link setting that is not http(s), '#' or empty, and still saves the other values", async () => {
    for (const [bad, email] of [
      ["javascript:alert(1)", "changed@example.com"],
      ["www.example.com", "again@example.com"],
      ["data:text/html,x", "third@example.com"],
    ]) {
      const response = await act("/admin/site-settings", {
        intent: "save",
        "value:s-email": email,
        "value:s-fb": bad,
      });
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain("Error saving social_facebook_url");
      expect(html).toContain("Not saved: social_facebook_url. The other changes were saved.");
      // What was typed stays in the field, marked.
      expect(html).toContain(bad.replace(/&/g, "&amp;"));
      expect(html).toMatch(/id="value:s-fb"[^>]*aria-invalid="true"/);
      expect((await setting("contact_email"))!.setting_value).toBe(email);
      expect((await setting("social_facebook_url"))!.setting_value).toBe("https://www.facebook.com/ganga");
    }
  });

  it("checks each setting by its key: an email for contact_email, digits for the chat number", async () => {
    const response = await act("/admin/site-settings", {
      intent: "save",
      "value:s-email": "not-an-email",
      "value:s-chat": "call us",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Error saving contact_email, whatsapp_number");
    expect(html).toContain("Use an email address, like exports@example.com.");
    expect(html).toContain("Use a phone number with its country code, like +91 98390 12345.");
    expect((await setting("contact_email"))!.setting_value).toBe("third@example.com");
    expect((await setting("whatsapp_number"))!.setting_value).toBe("+91 98390 12345");
  });

  it("writes only what was changed on the page: a value another admin saved meanwhile is kept", async () => {
    await t.db
      .updateTable("site_settings")
      .set({ setting_value: "+91 11111 22222" })
      .where("id", "=", "s-chat")
      .execute();
    const response = await act("/admin/site-settings", {
      intent: "save",
      "value:s-chat": "+91 98390 12345",
      "original:s-chat": "+91 98390 12345",
      "value:s-email": "fourth@example.com",
      "original:s-email": "third@example.com",
    });
    expect(response.status).toBe(302);
    expect((await setting("whatsapp_number"))!.setting_value).toBe("+91 11111 22222");
    expect((await setting("contact_email"))!.setting_value).toBe("fourth@example.com");
  });

  it("lets the site's own settings be emptied (issue 27: cleared, not deleted)", async () => {
    expect((await act("/admin/site-settings", { intent: "save", "value:s-email": "  " })).status).toBe(302);
    expect((await setting("contact_email"))!.setting_value).toBe("");
    expect((await act("/admin/site-settings", { intent: "save", "value:s-fb": "" })).status).toBe(302);
    expect((await setting("social_facebook_url"))!.setting_value).toBe("");
    expect(await (await app.request("/")).text()).not.toContain("facebook.com/ganga");
  });

  it("takes an uploaded logo (stored under public/settings), replaces the old file, and keeps a typed URL working", async () => {
    const upload = async (file: File) =>
      app.request("/admin/site-settings", {
        multipart: multipart({ intent: "save", "value:s-logo": "", logo_image: file }),
        cookie: admin.cookie,
      });
    expect((await upload(await jpegFile("logo.jpg", 400))).status).toBe(302);
    const first = (await setting("header_logo_url"))!.setting_value;
    expect(first).toMatch(/^\/media\/application-assets\/public\/settings\/logo-[A-Za-z0-9]{8}\.jpg$/);
    expect((await app.request(first)).status).toBe(200);
    expect(await (await app.request("/")).text()).toContain(`src="${first}"`);

    expect((await upload(await jpegFile("logo2.jpg", 300, "#123456"))).status).toBe(302);
    const second = (await setting("header_logo_url"))!.setting_value;
    expect(second).not.toBe(first);
    // Issue 27: the file goes once no kept version names it (ADR 0031).
    await pruneAllVersions(t.db, app.storage);
    expect((await app.request(first)).status).toBe(404);

    const refused = await upload(textFile("logo.png", "not a picture"));
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(
      "Image upload failed: Only JPEG, PNG, WebP, GIF or AVIF images can be uploaded.",
    );
    expect((await setting("header_logo_url"))!.setting_value).toBe(second);

    const typed = await act("/admin/site-settings", {
      intent: "save",
      "value:s-logo": "https://cdn.example.com/logo.png",
      "original:s-logo": second,
    });
    expect(typed.status).toBe(302);
    expect((await setting("header_logo_url"))!.setting_value).toBe("https://cdn.example.com/logo.png");
    expect((await app.request(second)).status).toBe(404);
  });

  it("adds a setting with a normalised key, refuses missing fields and duplicates (keeping the form), and deletes", async () => {
    const added = await act("/admin/site-settings?add=1", {
      intent: "add",
      setting_key: "  Office Hours ",
      setting_value: "9–6 IST",
      description: "Shown nowhere yet",
    });
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe("/admin/site-settings");
    expect(flashOf(added).title).toBe("Setting Added!");
    expect(await setting("office_hours")).toMatchObject({ setting_value: "9–6 IST" });
    for (const form of [
      { setting_key: "", setting_value: "x" },
      { setting_key: "typed_key", setting_value: " " },
    ]) {
      const refused = await act("/admin/site-settings", { intent: "add", ...form, description: "" });
      expect(refused.status).toBe(400);
      const html = await refused.text();
      expect(html).toContain("Error Adding Setting");
      expect(html).toContain("Setting Key and Value are required.");
      // Without ?add the refused form still comes back open, with what was typed.
      expect(html).toContain('id="setting_key"');
      expect(html).toContain(`value="${form.setting_key || "x"}"`);
    }
    for (const [key, value, message] of [
      ["OFFICE HOURS", "y", "office_hours&quot; already exists."],
      ["social_youtube_url", "javascript:alert(1)", "Use a full web address starting with http:// or https://"],
    ]) {
      const refused = await act("/admin/site-settings", { intent: "add", setting_key: key, setting_value: value });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain(message);
    }
    expect(await setting("social_youtube_url")).toBeUndefined();

    const id = (await setting("office_hours"))!.id;
    const deleted = await act("/admin/site-settings", { intent: "delete", id });
    expect(deleted.status).toBe(302);
    expect(flashOf(deleted).title).toBe("Setting Deleted!");
    expect(await setting("office_hours")).toBeUndefined();
    const again = await act("/admin/site-settings", { intent: "delete", id });
    expect(again.status).toBe(404);
    expect(await again.text()).toContain("Error Deleting Setting");
  });
});

describe(`user roles on ${engineName}`, () => {
  it("lists users newest first and changes a role", async () => {
    const user = await signedInAs(t.db, "user", "buyer@example.com");
    const list = await (await app.request("/admin/user-management", { cookie: admin.cookie })).text();
    expect(list).toContain("buyer@example.com");
    // Accounts does what Accounts does; no greyed-out 'Add New User', no developer's command (issue 41).
    expect(list).toContain('href="/admin/accounts"');
    expect(list).not.toContain("npm run user:add");
    expect(list).not.toContain("Add New User");
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
