import Papa from "papaparse";
import type { Db } from "~/db/database.server";
import { neutraliseFormula } from "~/lib/csv";
import { siteLocalToUtc } from "~/lib/site-time";
import { addDays } from "~/lib/time";
import { PAGE_SIZE, parseListQuery } from "~/lib/web/list-query";
import { ACTIVITY_ACTIONS, type ActivityAction } from "./record.server";

/** The user filter's value for events nobody signed in made (a scheduled publish, a stranger's refused sign-in). */
export const SYSTEM_ACTOR = "system";

export interface ActivityQuery {
  page: number;
  /** An account's id, SYSTEM_ACTOR, or null for everyone. */
  user: string | null;
  action: ActivityAction | null;
  /** Days (YYYY-MM-DD) in the site's time zone, both included. */
  from: string | null;
  to: string | null;
}

const isDay = (value: string | null): value is string =>
  !!value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

export const isActivityAction = (value: unknown): value is ActivityAction =>
  (ACTIVITY_ACTIONS as readonly unknown[]).includes(value);

export function parseActivityQuery(request: Request): ActivityQuery {
  const params = new URL(request.url).searchParams;
  const user = (params.get("user") ?? "").trim().slice(0, 64);
  const action = params.get("action");
  const from = params.get("from");
  const to = params.get("to");
  return {
    page: parseListQuery(request).page,
    user: user || null,
    action: isActivityAction(action) ? action : null,
    from: isDay(from) ? from : null,
    to: isDay(to) ? to : null,
  };
}

export type ActivityFilter = Omit<ActivityQuery, "page">;

/** The rows the filters select. A day range is read in the site's time zone: "from" its first moment, "to" its last. */
function matchingActivity(db: Db, { user, action, from, to }: ActivityFilter, timeZone: string) {
  let query = db.selectFrom("activity");
  if (user === SYSTEM_ACTOR) query = query.where("actor_id", "is", null);
  else if (user) query = query.where("actor_id", "=", user);
  if (action) query = query.where("action", "=", action);
  const start = from ? siteLocalToUtc(`${from}T00:00`, timeZone) : null;
  const end = to ? siteLocalToUtc(`${addDays(to, 1)}T00:00`, timeZone) : null;
  if (start) query = query.where("at", ">=", start);
  if (end) query = query.where("at", "<", end);
  return query;
}

const COLUMNS = [
  "id",
  "at",
  "actor_id",
  "actor_email",
  "actor_name",
  "ip",
  "action",
  "entity",
  "entity_id",
  "entity_label",
  "summary",
  "change_set",
] as const;

/** One page of the log, newest first, with the total the filters match. */
export async function listActivity(db: Db, query: ActivityQuery, timeZone: string) {
  const base = matchingActivity(db, query, timeZone);
  const [rows, total] = await Promise.all([
    base
      .select([...COLUMNS])
      .orderBy("at", "desc")
      .orderBy("id", "desc")
      .limit(PAGE_SIZE)
      .offset((query.page - 1) * PAGE_SIZE)
      .execute(),
    base.select((eb) => eb.fn.countAll<string | number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows: await withItemLinks(db, rows), total: Number(total.n) };
}

/** Everyone the log names, for the user filter: accounts by their newest name, then the system when it acted. */
export async function listActivityActors(db: Db) {
  const rows = await db
    .selectFrom("activity")
    .select(["actor_id", (eb) => eb.fn.max("actor_name").as("name"), (eb) => eb.fn.max("actor_email").as("email")])
    .groupBy("actor_id")
    .execute();
  return rows
    .map((r) => ({
      value: r.actor_id ?? SYSTEM_ACTOR,
      label: r.actor_id ? (r.name ?? r.email ?? r.actor_id) : "System",
    }))
    .sort((a, b) => (a.value === SYSTEM_ACTOR ? 1 : b.value === SYSTEM_ACTOR ? -1 : a.label.localeCompare(b.label)));
}

/** Kinds whose items are one page each, and the table that says whether the item still exists. */
const EDIT_PAGES = {
  product: { table: "products", to: (id: string) => `/admin/manage-products/edit/${id}` },
  category: { table: "product_categories", to: (id: string) => `/admin/manage-categories/edit/${id}` },
  blog_post: { table: "blog_posts", to: (id: string) => `/admin/manage-blog/edit/${id}` },
  user: { table: "profiles", to: (id: string) => `/admin/user-management/edit/${id}` },
  inquiry: { table: "inquiries", to: (id: string) => `/admin/inquiries/${id}` },
  certificate: { table: "certificates", to: (id: string) => `/admin/edit-pages/certificates?edit=${id}` },
  gallery_item: { table: "gallery_items", to: () => "/admin/edit-pages/gallery" },
} as const;

/** Items that are a page of their own whatever their id. */
const FIXED_PAGES: Record<string, (id: string | null) => string | null> = {
  page: (id) => (id === "home" || id === "about-us" ? `/admin/edit-pages/${id}` : null),
  setting: () => "/admin/site-settings",
  language: () => "/admin/languages",
  search_synonym: () => "/admin/search-synonyms",
  exchange_rate: () => "/admin/exchange-rates",
};

/** Each row with `href`: its item's edit page when the item still exists, else null (a deleted item is named only). */
async function withItemLinks<R extends { id: string; action: string; entity: string | null; entity_id: string | null }>(
  db: Db,
  rows: R[],
): Promise<Array<R & { href: string | null }>> {
  const existing = new Set<string>();
  await Promise.all(
    Object.entries(EDIT_PAGES).map(async ([entity, { table }]) => {
      const ids = [...new Set(rows.filter((r) => r.entity === entity && r.entity_id).map((r) => r.entity_id!))];
      if (!ids.length) return;
      const found = await db.selectFrom(table).select("id").where("id", "in", ids).execute();
      for (const { id } of found) existing.add(`${entity}:${id}`);
    }),
  );
  return rows.map((row) => {
    let href: string | null = null;
    if (row.action === "import") href = `/admin/activity/${row.id}/revert`;
    else if (row.entity && row.entity_id && existing.has(`${row.entity}:${row.entity_id}`))
      href = EDIT_PAGES[row.entity as keyof typeof EDIT_PAGES].to(row.entity_id);
    else if (row.entity && FIXED_PAGES[row.entity]) href = FIXED_PAGES[row.entity]!(row.entity_id);
    return { ...row, href };
  });
}

export const activityExportFileName = (ms: number) => `activity-export-${new Date(ms).toISOString().slice(0, 10)}.csv`;

/** The rows the page's filters select (every page), newest first, as RFC 4180 CSV with formulas neutralised. */
export async function exportActivityCsv(db: Db, filter: ActivityFilter, timeZone: string) {
  const rows = await matchingActivity(db, filter, timeZone)
    .select([...COLUMNS])
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .execute();
  const csv = Papa.unparse(
    { fields: [...COLUMNS], data: rows.map((r) => COLUMNS.map((c) => neutraliseFormula(String(r[c] ?? "")))) },
    { newline: "\r\n" },
  );
  return { csv, rows: rows.length };
}

/** One item's events, newest first (an inquiry's timeline): at most `limit`, the newest ones. */
export function listActivityOf(db: Db, entity: string, entityId: string, limit = 200) {
  return db
    .selectFrom("activity")
    .select(["id", "at", "actor_name", "actor_email", "action", "summary"])
    .where("entity", "=", entity)
    .where("entity_id", "=", entityId)
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}
