import { PAGE_SECTIONS, type PageSlug } from "~/features/content/home-content";
import { describePage, pageSnapshot, PAGE_TITLES } from "~/features/content/page-snapshot.server";
import { newId, nowIso } from "~/lib/time";
import { pageTag } from "~/lib/web/page-tags";
import type { VersionKind } from "./version-kind";
import { restoreTranslations } from "./translations-restore.server";

const isPage = (id: string): id is PageSlug => id in PAGE_SECTIONS;

/** The home and about pages' versions (entity `page`): a restore writes every section's text back. */
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
  async restore(db, _actor, id, snapshot) {
    if (!isPage(id)) return { ok: false, title: "Not Found", message: "No such page." };
    const sections = (snapshot.sections ?? {}) as Record<string, string>;
    const translations = (snapshot.translations ?? {}) as Record<string, Record<string, string>>;
    const now = nowIso();
    for (const section of PAGE_SECTIONS[id]) {
      const content = sections[section.key];
      if (content === undefined) continue;
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
