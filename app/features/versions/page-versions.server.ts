import { PAGE_SECTIONS, type PageSlug } from "~/features/content/home-content";
import { describePage, pageSnapshot, PAGE_TITLES } from "~/features/content/page-snapshot.server";
import { translationLine } from "~/features/history/translations-text";
import { newId, nowIso } from "~/lib/time";
import { pageTag } from "~/lib/web/page-tags";
import type { VersionKind } from "./version-kind";
import { restoreTranslations } from "./translations-restore.server";

const isPage = (id: string): id is PageSlug => id in PAGE_SECTIONS;

/**
 * The home and about pages' versions (entity `page`): a restore writes back each section's text that differs from
 * the page's now (a section showing its built-in text stays unstored when the version had that text too).
 */
export const pageVersions: VersionKind = {
  entity: "page",
  editPath: (id) => `/admin/edit-pages/${id}`,
  async current(db, id) {
    if (!isPage(id)) return null;
    return { snapshot: await pageSnapshot(db, id), label: PAGE_TITLES[id] };
  },
  async describer(_db, id) {
    const page = id && isPage(id) ? id : "home";
    return (snapshot) => describePage(page, snapshot);
  },
  fieldParts(id, label) {
    if (!isPage(id)) return null;
    const translation = translationLine(label);
    const key = (shown: string) => PAGE_SECTIONS[id].find((section) => section.label === shown)?.key;
    if (translation) {
      const section = key(translation.field);
      return section ? { paths: [["translations", translation.lang, section]] } : null;
    }
    const section = key(label);
    return section ? { paths: [["sections", section]] } : null;
  },
  // A restore writes only the sections that differ: a save of another section meanwhile stays.
  async lock() {},
  // Page texts start as the site's built-in ones; no time is kept for when they were first stored.
  async addedAt() {
    return null;
  },
  async restore(db, _actor, id, snapshot) {
    if (!isPage(id)) return { ok: false, title: "Not Found", message: "No such page." };
    const sections = (snapshot.sections ?? {}) as Record<string, string>;
    const translations = (snapshot.translations ?? {}) as Record<string, Record<string, string>>;
    const now = nowIso();
    const shown = (await pageSnapshot(db, id)).sections as Record<string, string>;
    for (const section of PAGE_SECTIONS[id]) {
      const content = sections[section.key];
      if (content === undefined) continue;
      if (content !== shown[section.key])
        await db
          .insertInto("page_content")
          .values({
            id: newId(),
            page_slug: id,
            section_slug: section.key,
            content,
            content_type: section.type,
            updated_at: now,
          })
          .onConflict((oc) => oc.columns(["page_slug", "section_slug"]).doUpdateSet({ content, updated_at: now }))
          .execute();
      const sectionTranslations: Record<string, Record<string, string>> = {};
      for (const [lang, fields] of Object.entries(translations))
        if (fields[section.key] !== undefined) sectionTranslations[lang] = { content: fields[section.key] };
      await restoreTranslations(db, "page_content", `${id}/${section.key}`, "", sectionTranslations);
    }
    return { ok: true, changed: [pageTag.pageTexts(id)] };
  },
};
