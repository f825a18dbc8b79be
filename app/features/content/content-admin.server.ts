import type { Db } from "~/db/database.server";
import { removeStoredImageIfUnused } from "~/features/images/images.server";
import type { Storage } from "~/lib/storage/storage.server";
import { discardImages, storeUploadedImage, UploadError } from "~/features/images/upload.server";
import { safeImageSrc } from "~/lib/web/safe-url";
import type { Refusal } from "~/lib/forms/submission";
import { newId, nowIso } from "~/lib/time";
import type { PageValues } from "./content.schema";
import { PAGE_SECTIONS, type PageSlug, type SectionDef } from "./home-content";
import type { Actor } from "~/lib/actor";
import { describePage, recordPageVersion } from "./page-snapshot.server";
import { editVersion, expectVersion, StaleEdit, staleEditRefusal } from "~/features/history/edit-version.server";
import type { OpenedVersion } from "~/lib/forms/edit-version";
import { pageTag, type PageTag } from "~/lib/web/page-tags";

export interface EditableSection extends SectionDef {
  /** What the public page shows: the stored text (under the canonical key or an alias), else the default. */
  value: string;
}

/** The editor's view of a page: every canonical section with the text the public page shows. */
export async function loadPageForEdit(db: Db, page: PageSlug): Promise<EditableSection[]> {
  const rows = await db
    .selectFrom("page_content")
    .select(["section_slug", "content"])
    .where("page_slug", "=", page)
    .execute();
  const stored = new Map(rows.map((r) => [r.section_slug, r.content]));
  return PAGE_SECTIONS[page].map((section) => {
    const value =
      [section.key, ...(section.aliases ?? [])]
        .map((name) => stored.get(name))
        .find((v) => v != null && v.trim() !== "") ?? section.default;
    return { ...section, value: section.type === "image" ? (safeImageSrc(value) ?? "") : value };
  });
}

export type PageSaveResult = { ok: true; changed: PageTag[] } | Refusal;

/**
 * Saves a page's sections, as the page's form schema accepted them, in one transaction (spec §7 saved them one by
 * one and stopped at the first error; here nothing is written unless everything is valid). New pictures are stored
 * first and removed again if the write fails; replaced and removed pictures are deleted once it has succeeded. Text
 * stored under an alias moves to the canonical key, so a field cleared in the editor shows the default instead of
 * an old alias text. A text the form did not send keeps what is stored.
 */
export async function savePageContent(
  db: Db,
  storage: Storage,
  actor: Actor,
  page: PageSlug,
  values: PageValues,
  maxBytes: number,
  /** The version the editor was opened on (ADR 0049); null: the save is not conditioned. */
  opened: OpenedVersion | null = null,
): Promise<PageSaveResult> {
  const sections = PAGE_SECTIONS[page];
  const current = new Map((await loadPageForEdit(db, page)).map((s) => [s.key, s.value]));

  const next = new Map<string, string>();
  for (const section of sections) {
    if (section.type === "image") continue;
    const typed = values[section.key];
    next.set(section.key, typeof typed === "string" ? typed : (current.get(section.key) ?? ""));
  }

  const uploaded: Array<{ key: string; path: string }> = [];
  for (const section of sections.filter((s) => s.type === "image")) {
    const file = values[section.key];
    if (!(file instanceof File)) {
      next.set(section.key, values[`${section.key}_remove`] === true ? "" : (current.get(section.key) ?? ""));
      continue;
    }
    try {
      // Spec §7: public/home-page, named after the hyphenated section key and a timestamp.
      const stored = await storeUploadedImage(storage, file, {
        folder: `public/${page === "home" ? "home-page" : page}`,
        prefix: `${section.key.replace(/_/g, "-")}-${Date.now()}`,
        maxBytes,
      });
      uploaded.push({ key: section.key, path: stored.path });
      next.set(section.key, stored.publicUrl);
    } catch (error) {
      await discardImages(
        storage,
        uploaded.map((u) => u.path),
      );
      if (error instanceof UploadError)
        return {
          ok: false,
          title: "Image Operation Failed",
          message: `Image upload failed for ${section.label}: ${error.message}`,
          field: section.key,
        };
      throw error;
    }
  }

  const now = nowIso();
  try {
    await db.transaction().execute(async (trx) => {
      await expectVersion(trx, "page", page, opened);
      const aliases = sections.flatMap((s) => s.aliases ?? []);
      if (aliases.length)
        await trx
          .deleteFrom("page_content")
          .where("page_slug", "=", page)
          .where("section_slug", "in", aliases)
          .execute();
      for (const section of sections) {
        const content = next.get(section.key) ?? "";
        await trx
          .insertInto("page_content")
          .values({
            id: newId(),
            page_slug: page,
            section_slug: section.key,
            content,
            content_type: section.type,
            updated_at: now,
          })
          .onConflict((oc) =>
            oc
              .columns(["page_slug", "section_slug"])
              .doUpdateSet({ content, content_type: section.type, updated_at: now }),
          )
          .execute();
      }
      await recordPageVersion(trx, actor, page, "update");
    });
  } catch (error) {
    await discardImages(
      storage,
      uploaded.map((u) => u.path),
    );
    if (error instanceof StaleEdit) return stalePageRefusal(db, page, opened!);
    throw error;
  }

  for (const section of sections.filter((s) => s.type === "image")) {
    const before = current.get(section.key);
    if (before !== next.get(section.key)) await removeStoredImageIfUnused(db, storage, before);
  }
  return { ok: true, changed: [pageTag.pageTexts(page)] };
}

/** The version a page's editor shows: its newest version, and when its sections were last written. */
export async function pageEditVersion(db: Db, page: PageSlug) {
  const row = await db
    .selectFrom("page_content")
    .select((eb) => eb.fn.max("updated_at").as("at"))
    .where("page_slug", "=", page)
    .executeTakeFirst();
  return editVersion(db, "page", page, row?.at ?? "never");
}

async function stalePageRefusal(db: Db, page: PageSlug, opened: OpenedVersion) {
  const refusal = await staleEditRefusal(db, {
    entity: "page",
    entityId: page,
    opened,
    updatedAt: "",
    what: "page",
    describe: (snapshot) => describePage(page, snapshot),
  });
  return { ...refusal, version: refusal.version && (await pageEditVersion(db, page)) };
}
