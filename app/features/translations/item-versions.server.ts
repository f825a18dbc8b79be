import type { Db } from "~/db/database.server";
import { recordProductVersion } from "~/features/catalogue/product-admin.server";
import type { Actor } from "~/lib/actor";
import type { SourceItem } from "./registry.server";

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
  }
}
