import type { Db } from "~/db/database.server";
import { PAGE_SECTIONS, resolveSections, type PageSlug } from "./home-content";

/** A page's texts by canonical key, with aliases and defaults applied. */
export async function getPageContent(db: Db, page: PageSlug): Promise<Record<string, string>> {
  const rows = await db
    .selectFrom("page_content")
    .select(["section_slug", "content"])
    .where("page_slug", "=", page)
    .execute();
  return resolveSections(PAGE_SECTIONS[page], new Map(rows.map((r) => [r.section_slug, r.content])));
}
