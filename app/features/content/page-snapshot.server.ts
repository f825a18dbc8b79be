import type { Db } from "~/db/database.server";
import type { ReadableVersion } from "~/features/history/diff";
import { recordVersion, type Snapshot } from "~/features/history/record.server";
import type { Actor } from "~/lib/actor";
import { PAGE_SECTIONS, type PageSlug } from "./home-content";

export const PAGE_TITLES: Record<PageSlug, string> = { home: "Home page", "about-us": "About Us page" };

/**
 * The home or about page as one version keeps it (issue 27, entity `page`, id `home` / `about-us`): every
 * section's stored text, and its translations `{lang: {section key: text}}`.
 */
export async function pageSnapshot(db: Db, page: PageSlug): Promise<Snapshot> {
  const rows = await db
    .selectFrom("page_content")
    .select(["section_slug", "content"])
    .where("page_slug", "=", page)
    .execute();
  const stored = new Map(rows.map((row) => [row.section_slug, row.content]));
  const sections: Record<string, string> = {};
  for (const section of PAGE_SECTIONS[page]) sections[section.key] = stored.get(section.key) ?? section.default;
  const translated = await db
    .selectFrom("content_translations")
    .select(["lang", "entity_id", "value"])
    .where("entity", "=", "page_content")
    .where("entity_id", "like", `${page}/%`)
    .where("field", "=", "content")
    .orderBy("lang")
    .orderBy("entity_id")
    .execute();
  const translations: Record<string, Record<string, string>> = {};
  for (const row of translated) (translations[row.lang] ??= {})[row.entity_id.slice(page.length + 1)] = row.value;
  return { sections, translations };
}

/** A page version as people read it: each section under its form label. */
export function describePage(page: PageSlug, snapshot: Snapshot): ReadableVersion {
  const sections = (snapshot.sections ?? {}) as Record<string, string>;
  const readable: ReadableVersion = {};
  const label = new Map(PAGE_SECTIONS[page].map((section) => [section.key, section.label]));
  for (const section of PAGE_SECTIONS[page]) readable[section.label] = sections[section.key] ?? "";
  const translations = (snapshot.translations ?? {}) as Record<string, Record<string, string>>;
  for (const [lang, fields] of Object.entries(translations))
    for (const [key, value] of Object.entries(fields))
      readable[`Translation (${lang}): ${label.get(key) ?? key}`] = value;
  return readable;
}

/** Records the page as it now is as a new version, in the transaction of the save. */
export async function recordPageVersion(db: Db, actor: Actor | null, page: PageSlug, action: "update" | "restore") {
  return recordVersion(db, actor, {
    entity: "page",
    entityId: page,
    label: PAGE_TITLES[page],
    snapshot: await pageSnapshot(db, page),
    describe: (s) => describePage(page, s),
    action,
  });
}
