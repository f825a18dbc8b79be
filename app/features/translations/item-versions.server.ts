import type { Db } from "~/db/database.server";
import { recordProductVersion } from "~/features/catalogue/product-admin.server";
import type { Actor } from "~/lib/actor";
import type { VersionedEntity } from "~/features/history/record.server";
import { recordSettingsVersion } from "~/features/settings/settings-snapshot.server";
import { recordPageVersion } from "~/features/content/page-snapshot.server";
import type { SourceItem, TranslatableEntity } from "./registry.server";
import { recordRowVersion, type RowEntity } from "~/features/history/row-versions.server";
import { CATEGORY_ENTITY } from "~/features/catalogue/category-entity";
import { POST_ENTITY } from "~/features/blog/post-entity";
import { CERTIFICATE_ENTITY, GALLERY_ITEM_ENTITY } from "~/features/sorted-image-items/item-entities";

const ROW_KINDS: Partial<Record<TranslatableEntity, RowEntity>> = {
  category: CATEGORY_ENTITY,
  blog_post: POST_ENTITY,
  certificate: CERTIFICATE_ENTITY,
  gallery_item: GALLERY_ITEM_ENTITY,
};

/** The versioned item whose versions keep an item's translations (a page section's: its page), if any. */
export function versionedItemOf(item: SourceItem): { entity: VersionedEntity; entityId: string } | null {
  if (item.entity === "product") return { entity: "product", entityId: item.id };
  if (item.entity === "page_content") {
    const page = item.id.split("/")[0];
    return page === "home" || page === "about-us" ? { entity: "page", entityId: page } : null;
  }
  if (item.entity === "setting") return { entity: "setting", entityId: "site" };
  const spec = ROW_KINDS[item.entity];
  return spec ? { entity: spec.entity, entityId: item.id } : null;
}

/**
 * A translation is versioned like any field of its item (issue 27): each item the writes touched gets a new
 * version, in the transaction of the writes. Kinds without versions yet are skipped.
 */
export async function recordTranslatedVersions(db: Db, actor: Actor, items: readonly SourceItem[]): Promise<void> {
  const seen = new Set<string>();
  for (const item of items) {
    const key = `${item.entity}\u0000${item.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (item.entity === "product") await recordProductVersion(db, actor, item.id, "update");
    if (item.entity === "page_content") {
      const page = item.id.split("/")[0];
      if (seen.has(`page\u0000${page}`)) continue;
      seen.add(`page\u0000${page}`);
      if (page === "home" || page === "about-us") await recordPageVersion(db, actor, page, "update");
    }
    if (item.entity === "setting") await recordSettingsVersion(db, actor, "update");
    const spec = ROW_KINDS[item.entity];
    if (spec) await recordRowVersion(db, actor, spec, item.id, "update");
  }
}
