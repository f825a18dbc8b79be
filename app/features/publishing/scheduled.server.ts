import type { Db } from "~/db/database.server";

// What is scheduled (the 'Scheduled' page) and what is late (the dashboard's warning), ADR 0033.

/** A schedule this much past its time means the timer is not running: the dashboard says so. */
export const OVERDUE_AFTER_MS = 5 * 60_000;

export interface ScheduledItem {
  kind: "Product" | "Blog post";
  id: string;
  label: string;
  publishAt: string;
  editPath: string;
}

/** Every scheduled draft, soonest first. */
export async function listScheduled(db: Db): Promise<ScheduledItem[]> {
  const [products, posts] = await Promise.all([
    db
      .selectFrom("products")
      .select(["id", "name", "publish_at"])
      .where("status", "=", "draft")
      .where("publish_at", "is not", null)
      .execute(),
    db
      .selectFrom("blog_posts")
      .select(["id", "title", "publish_at"])
      .where("status", "=", "draft")
      .where("publish_at", "is not", null)
      .execute(),
  ]);
  return [
    ...products.map((p) => ({
      kind: "Product" as const,
      id: p.id,
      label: p.name,
      publishAt: p.publish_at!,
      editPath: `/admin/manage-products/edit/${p.id}`,
    })),
    ...posts.map((p) => ({
      kind: "Blog post" as const,
      id: p.id,
      label: p.title,
      publishAt: p.publish_at!,
      editPath: `/admin/manage-blog/edit/${p.id}`,
    })),
  ].sort((a, b) => a.publishAt.localeCompare(b.publishAt));
}

/** How many scheduled items are more than OVERDUE_AFTER_MS past their time at `now`. */
export async function countOverdue(db: Db, now: number): Promise<number> {
  const before = new Date(now - OVERDUE_AFTER_MS).toISOString();
  const count = (table: "products" | "blog_posts") =>
    db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where("status", "=", "draft")
      .where("publish_at", "is not", null)
      .where("publish_at", "<", before)
      .executeTakeFirstOrThrow();
  const [products, posts] = await Promise.all([count("products"), count("blog_posts")]);
  return Number(products.n) + Number(posts.n);
}

/** Whether a scheduled time is overdue at `now` (the list's flag). */
export const isOverdue = (publishAt: string, now: number) => Date.parse(publishAt) < now - OVERDUE_AFTER_MS;
