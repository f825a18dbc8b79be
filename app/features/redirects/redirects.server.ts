import { sql } from "kysely";
import { redirect } from "react-router";
import type { Db } from "~/db/database.server";
import { LANGUAGE_PREFIX_PATTERN } from "~/lib/i18n/languages";
import { sameOriginPath } from "~/lib/same-origin";
import { nowIso } from "~/lib/time";
import type { Actor } from "~/lib/actor";

// Old public addresses of renamed or moved categories, products and published posts answer 301 to the current
// one, for good: buyers' bookmarks, links in emails and search results never break.

/**
 * Records that `fromPath` now lives at `toPath`. Call it with the transaction that changes the slug, so the row and
 * the redirect change together.
 */
export async function recordMove(db: Db, actor: Actor, fromPath: string, toPath: string): Promise<void> {
  if (fromPath === toPath) return;
  // Whatever pointed at the old path points at the new one: one hop, never a chain.
  await db.updateTable("redirects").set({ to_path: toPath }).where("to_path", "=", fromPath).execute();
  // A category's products move with it: targets below the old path go below the new one.
  const below = `${fromPath}/`;
  await db
    .updateTable("redirects")
    .set({ to_path: sql<string>`cast(${toPath} as text) || substr(to_path, ${below.length})` })
    .where(sql<boolean>`substr(to_path, 1, ${below.length}) = ${below}`)
    .execute();
  // A product under a renamed category was reached through the category's row: give each of the category's older
  // addresses a row of its own for it, so they still work if the category later takes an old slug back.
  const parent = fromPath.slice(0, fromPath.lastIndexOf("/"));
  const aliases = await db.selectFrom("redirects").select("from_path").where("to_path", "=", parent).execute();
  for (const from of [...aliases.map((a) => a.from_path + fromPath.slice(parent.length)), fromPath]) {
    await db
      .insertInto("redirects")
      .values({ from_path: from, to_path: toPath, created_at: nowIso() })
      .onConflict((oc) => oc.column("from_path").doUpdateSet({ to_path: toPath }))
      .execute();
  }
  // The new path is live (again, after a rename back): nothing may send it elsewhere, which also closes any loop.
  await db.deleteFrom("redirects").where("from_path", "=", toPath).execute();
}

/** A product's path, in any language: its category's path and its own last segment. */
const PRODUCT_PATH = new RegExp(`^((?:/(?:${LANGUAGE_PREFIX_PATTERN}))?/products/[^/]+)(/[^/]+)$`);

const lookUp = async (db: Db, path: string) =>
  (await db.selectFrom("redirects").select("to_path").where("from_path", "=", path).executeTakeFirst())?.to_path ??
  null;

/**
 * Where an old public path lives now, or null. A product path the table does not know may sit below a renamed
 * category (`/products/old-cat/x` → `/products/new-cat/x`), and that product may itself have been renamed since.
 */
export async function findRedirect(db: Db, path: string): Promise<string | null> {
  const exact = await lookUp(db, path);
  if (exact) return exact !== path ? exact : null;
  const product = PRODUCT_PATH.exec(path);
  if (!product) return null;
  const category = await lookUp(db, product[1]);
  if (!category) return null;
  const moved = category + product[2];
  const target = (await lookUp(db, moved)) ?? moved;
  return target !== path ? target : null;
}

/** For a public page's not-found branch only (a live path costs no extra query): 301 to the new path, query kept. */
export async function redirectIfMoved(db: Db, request: Request, path: string): Promise<void> {
  const to = await findRedirect(db, path);
  const target = to && sameOriginPath(to + new URL(request.url).search, new URL(request.url).origin);
  if (target) throw redirect(target, 301);
}
