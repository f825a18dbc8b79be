import type { Db } from "~/db/database.server";
import type { Actor } from "~/lib/actor";
import { nowIso } from "~/lib/time";
import { baseName, matchPhoto, photoKey } from "./naming";
import { shortName, type PhotoPlan, type PlannedPhoto, type UnmatchedFile } from "./job";
import { withZip } from "./zip.server";

/**
 * Reads a saved ZIP's directory (nothing unpacked yet), matches every file to a product by name, and records the
 * job that will check and store the matched pictures. A hostile or unreadable ZIP throws ZipRefused.
 */
export async function createPhotoJob(
  db: Db,
  actor: Actor,
  id: string,
  zipPath: string,
  fileName: string,
): Promise<string> {
  const plan = await withZip(zipPath, async (entries) => planPhotos(db, entries));
  const now = nowIso();
  await db
    .insertInto("photo_import_jobs")
    .values({
      id,
      user_id: actor.id,
      file_name: shortName(fileName || "photos.zip"),
      state: "processing",
      total: plan.photos.length,
      done: 0,
      plan: JSON.stringify(plan),
      results: "[]",
      stored: "[]",
      error: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

async function planPhotos(db: Db, entries: Array<{ index: number; name: string }>): Promise<PhotoPlan> {
  const products = await db.selectFrom("products").select(["id", "slug", "name"]).execute();
  const idsBy = (keyOf: (product: (typeof products)[number]) => string) => {
    const ids = new Map<string, string[]>();
    for (const product of products) {
      const key = keyOf(product);
      const found = ids.get(key);
      if (found) found.push(product.id);
      else ids.set(key, [product.id]);
    }
    return ids;
  };
  // By name, then by slug over it where a name and a slug are the same (a slug is the surer name).
  const byKey = new Map([...idsBy((p) => photoKey(p.name)), ...idsBy((p) => photoKey(p.slug))]);
  const slugs = new Set(byKey.keys());
  const photos: PlannedPhoto[] = [];
  const unmatched: UnmatchedFile[] = [];
  const taken = new Map<string, string>();
  for (const entry of entries) {
    const file = shortName(entry.name);
    // Files a computer adds on its own (macOS's __MACOSX/ and ._ copies, .DS_Store) are not the exporter's.
    const base = baseName(entry.name);
    if (entry.name.startsWith("__MACOSX/") || base.startsWith("._") || base === ".DS_Store") continue;
    const target = matchPhoto(entry.name, slugs);
    if (typeof target === "string") {
      unmatched.push({
        file,
        reason:
          target === "not a picture" ? "Not a .jpg, .jpeg, .png or .webp file" : "No product has this name or slug",
      });
      continue;
    }
    const ids = byKey.get(target.slug)!;
    if (ids.length > 1) {
      unmatched.push({ file, reason: `${ids.length} products have this name or slug (in different categories)` });
      continue;
    }
    const key = `${ids[0]}:${target.position}`;
    const first = taken.get(key);
    if (first) {
      unmatched.push({ file, reason: `Same place as ${first}` });
      continue;
    }
    taken.set(key, file);
    photos.push({ index: entry.index, file, productId: ids[0], position: target.position });
  }
  photos.sort((a, b) => a.index - b.index);
  return { photos, unmatched };
}
