import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wordingOf } from "~/features/i18n/catalogues.server";
import { searchSite } from "~/features/search/search.server";
import type { SearchHit } from "~/features/search/search-results";
import { SINGLE_WORDS, TWO_WORDS, WORDS_REQUIRED } from "~/features/search/synonyms-admin.schema";
import { GROUP_CHANGED, GROUP_NOT_FOUND, TOO_MANY_GROUPS } from "~/features/search/synonyms-admin.server";
import { newId, nowIso } from "~/lib/time";
import { flashOf } from "../support/flash";
import { createAdminTestApp, signedInAs } from "../support/test-app";
import { engineName, insertCategory, insertProduct, type TestDatabase } from "../support/test-db";

// The back office's synonym groups (issue 43) at /admin/search-synonyms: administrators only; add, edit, delete with
// the form's rules; each save logged; and the public search follows at its next search.
const PAGE = "/admin/search-synonyms";
let t: TestDatabase;
let app: Awaited<ReturnType<typeof createAdminTestApp>>["app"];
let cookie: string;

/** Text as React writes it into the page. */
const escaped = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

const save = (form: Record<string, string>, as = cookie) =>
  app.request(PAGE, { cookie: as, form: { intent: "save", ...form } });
const groups = () => t.db.selectFrom("search_synonyms").selectAll().orderBy("created_at").orderBy("id").execute();
const groupWith = async (word: string) => (await groups()).find((g) => g.words.split(", ").includes(word));
const activityOf = (id: string) =>
  t.db.selectFrom("activity").selectAll().where("entity", "=", "search_synonym").where("entity_id", "=", id).execute();
const found = async (query: string) =>
  (await searchSite(t.db, app.storage, { query, lang: "en", page: 1, wording: wordingOf("en") })).hits.map(
    (hit: SearchHit) => (hit.kind === "post" ? hit.title : hit.name),
  );

beforeAll(async () => {
  ({ t, app, cookie } = await createAdminTestApp());
  const category = await insertCategory(t.db, { name: "Bulbs", slug: "bulbs" });
  await insertProduct(t.db, { category_id: category, name: "Madras Shallot", description: "Small red onions." });
});
afterAll(() => t.cleanup());

describe(`search synonyms in the back office on ${engineName}`, () => {
  it("sends anonymous visitors to the sign-in and refuses signed-in non-admins, changing nothing", async () => {
    const before = await groups();
    const forms: Array<Record<string, string> | undefined> = [
      undefined,
      { intent: "save", words: "evil, wicked" },
      { intent: "delete", id: "seed-1" },
    ];
    for (const form of forms) {
      const anonymous = await app.request(PAGE, { form });
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.get("Location")).toMatch(/^\/admin\/login\?redirectTo=/);
      const user = await signedInAs(t.db, "user");
      const refused = await app.request(PAGE, { form, cookie: user.cookie });
      expect(refused.status).toBe(302);
      expect(refused.headers.get("Location")).toBe("/admin/login?denied=1");
      expect(await refused.text()).not.toContain("pyaz");
    }
    expect(await groups()).toEqual(before);
  });

  it("shows the seeded groups, each with Edit and Delete, and an Add form that is a real form", async () => {
    const response = await app.request(PAGE, { cookie });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<title>Search synonyms");
    expect(html).toContain("A search for any word of a group finds the others.");
    for (const word of ["pyaz", "kanda", "بصل", "পেঁয়াজ", "lahsun", "aloo", "chawal"]) expect(html).toContain(word);
    expect(html).toContain(`href="${PAGE}?edit=seed-1"`);
    expect(html).toContain(escaped("Delete onion, onions, pyaz"));
    expect(html).toMatch(/<form[^>]*method="post"[^>]*>(?:(?!<\/form>)[\s\S])*name="words"/);
    expect(html).toContain("Add Group");
    expect(html).toContain("6 of at most 200");
  });

  it("adds a group, trimmed and without repeats, logs it, and the search finds a product by the new word", async () => {
    expect(await found("chinnavengayam")).toEqual([]);
    const response = await save({ words: " shallot ,  chinnavengayam, Shallot,, sambar ,shallot " });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(PAGE);
    expect(flashOf(response)).toMatchObject({ title: "Synonym Group Added!", variant: "success" });
    const group = await groupWith("chinnavengayam");
    expect(group?.words).toBe("shallot, chinnavengayam, sambar");
    const [logged] = await activityOf(group!.id);
    expect(logged).toMatchObject({ action: "create", summary: "Added synonym group: shallot, chinnavengayam, sambar" });
    // The next search, with nothing else done: the product is found by a word it never mentions.
    expect(await found("chinnavengayam")).toEqual(["Madras Shallot"]);
    expect(await found("sambar")).toEqual(["Madras Shallot"]);
    // …and so does the public search page.
    const page = await app.request("/search?q=chinnavengayam");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Madras Shallot");
  });

  it("edits a group on its own form, prefilled, and the search follows the new words", async () => {
    const group = (await groupWith("chinnavengayam"))!;
    const page = await (await app.request(`${PAGE}?edit=${group.id}`, { cookie })).text();
    expect(page).toContain("Edit synonym group");
    expect(page).toContain(`name="id" value="${group.id}"`);
    expect(page).toContain('value="shallot, chinnavengayam, sambar"');
    const version = page.match(/name="version" value="([^"]+)"/)?.[1];
    expect(version).toBeTruthy();
    const response = await save({ id: group.id, version: version!, words: "shallot, gandana, ছোটপেঁয়াজ" });
    expect(response.status).toBe(302);
    expect(flashOf(response)).toMatchObject({ title: "Synonym Group Saved!" });
    expect((await groupWith("gandana"))?.words).toBe("shallot, gandana, ছোটপেঁয়াজ");
    expect(await found("chinnavengayam")).toEqual([]);
    expect(await found("gandana")).toEqual(["Madras Shallot"]);
    expect((await activityOf(group.id)).map((row) => row.action).sort()).toEqual(["create", "update"]);

    // The same form sent again was opened on the group before this save: refused, the words typed kept.
    const stale = await save({ id: group.id, version: version!, words: "shallot, kanda" });
    expect(stale.status).toBe(409);
    const html = await stale.text();
    expect(html).toContain(escaped(GROUP_CHANGED).slice(0, 60));
    expect(html).toContain('value="shallot, kanda"');
    expect((await groupWith("gandana"))?.words).toBe("shallot, gandana, ছোটপেঁয়াজ");
  });

  it("refuses a group that breaks a rule, saying why at the field, and stores nothing", async () => {
    const before = await groups();
    const cases: Array<[string, string]> = [
      ["", WORDS_REQUIRED],
      ["   ", WORDS_REQUIRED],
      ["onion", TWO_WORDS],
      ["onion, Onion, ONION", TWO_WORDS],
      ["red onion, pyaz", `${SINGLE_WORDS}: "red onion" is more than one word.`],
      ["sun-dried, dried", `${SINGLE_WORDS}: "sun-dried" is more than one word.`],
      ["onion, !!!", `${SINGLE_WORDS}: "!!!" is not a word.`],
      [`onion, ${"a".repeat(41)}`, `"${"a".repeat(41)}" is too long (at most 40 characters a word).`],
      [
        Array.from({ length: 21 }, (_, i) => `word${i}`).join(","),
        "A group holds at most 20 words (this one has 21): split it in two.",
      ],
    ];
    for (const [words, message] of cases) {
      const response = await save({ words });
      expect(response.status, words).toBe(400);
      const html = await response.text();
      expect(html, words).toContain(escaped(message));
      expect(html, words).toContain('aria-invalid="true"');
    }
    // Forty characters and twenty words are allowed.
    const longest = Array.from({ length: 20 }, (_, i) => `${"b".repeat(38)}${String(i).padStart(2, "0")}`);
    expect((await save({ words: longest.join(", ") })).status).toBe(302);
    const added = (await groupWith(longest[0]!))!;
    expect(added.words.split(", ")).toHaveLength(20);
    await t.db.deleteFrom("search_synonyms").where("id", "=", added.id).execute();
    expect(await groups()).toEqual(before);
  });

  it("keeps at most 200 groups", async () => {
    const count = (await groups()).length;
    const now = nowIso();
    const filler = Array.from({ length: 200 - count }, (_, i) => ({
      id: newId(),
      words: `filler${i}, padding${i}`,
      created_at: now,
      updated_at: now,
    }));
    await t.db.insertInto("search_synonyms").values(filler).execute();
    const response = await save({ words: "okra, bhindi" });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain(escaped(TOO_MANY_GROUPS));
    expect(await groupWith("bhindi")).toBeUndefined();
    await t.db
      .deleteFrom("search_synonyms")
      .where(
        "id",
        "in",
        filler.map((row) => row.id),
      )
      .execute();
  });

  it("deletes a group, logs it, and the search no longer uses it", async () => {
    const group = (await groupWith("gandana"))!;
    const response = await app.request(PAGE, { cookie, form: { intent: "delete", id: group.id } });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(PAGE);
    expect(flashOf(response)).toMatchObject({ title: "Synonym Group Deleted!" });
    expect(await groupWith("gandana")).toBeUndefined();
    expect((await activityOf(group.id)).map((row) => row.action).sort()).toEqual(["create", "delete", "update"]);
    expect(await found("gandana")).toEqual([]);
    // Gone already (another tab): said so, nothing else deleted.
    const again = await app.request(PAGE, { cookie, form: { intent: "delete", id: group.id } });
    expect(again.status).toBe(404);
    expect(await again.text()).toContain(escaped(GROUP_NOT_FOUND));
    // Editing a group deleted meanwhile is refused too.
    const edit = await save({ id: group.id, words: "shallot, gandana" });
    expect(edit.status).toBe(404);
    expect(await groupWith("gandana")).toBeUndefined();
  });
});
