import type { Db } from "~/db/database.server";
import { startBackgroundTask, type BackgroundTask } from "~/lib/background-task.server";
import { recordActivity } from "~/features/history/record.server";
import { recordPageChange } from "~/features/page-cache/content-version.server";
import { log } from "~/lib/log.server";
import { postChanges, productChanges, type PageTag } from "~/lib/web/page-tags";
import { PUBLIC_STATUS } from "./visibility";

// Scheduled publishing (ADR 0033): every instance runs this timer; each due item is published by one conditional
// UPDATE, so when several instances find it due at once exactly one wins, and only the winner writes the activity
// row and raises the page change that refreshes every instance's page cache.

/** How often each instance looks for due items: well inside the minute a schedule names. */
export const PUBLISH_TIMER_MS = 15_000;
/** Items published per kind and run: a backlog is worked off over the following runs. */
const BATCH = 100;

/**
 * Records a scheduled publish as a new version of the item (its History shows "Status: Draft → Published"), in the
 * publish's transaction. The versions feature supplies it (server/serve.ts): this feature sits below the catalogue
 * and blog ones and cannot call their snapshot code itself. Without it, an activity row alone is written.
 */
export type PublishRecorder = (trx: Db, entity: "product" | "blog_post", id: string, at: string) => Promise<unknown>;

interface Due {
  id: string;
  label: string;
  publishAt: string;
  changes: PageTag[];
}

/** Publishes what is due at `now`; returns how many items this instance published. */
export async function publishDue(
  db: Db,
  now: number,
  keepGoing: () => boolean = () => true,
  recordPublished?: PublishRecorder,
): Promise<number> {
  const at = new Date(now).toISOString();
  let published = 0;

  const products = await db
    .selectFrom("products")
    .select(["id", "name", "category_id", "publish_at"])
    .where("status", "=", "draft")
    .where("publish_at", "is not", null)
    .where("publish_at", "<=", at)
    .orderBy("publish_at")
    .limit(BATCH)
    .execute();
  for (const p of products) {
    if (!keepGoing()) return published;
    const due = { id: p.id, label: p.name, publishAt: p.publish_at!, changes: productChanges(p.id, p.category_id) };
    if (await publishOne(db, "product", due, at, recordPublished)) published++;
  }

  const posts = await db
    .selectFrom("blog_posts")
    .select(["id", "title", "publish_at"])
    .where("status", "=", "draft")
    .where("publish_at", "is not", null)
    .where("publish_at", "<=", at)
    .orderBy("publish_at")
    .limit(BATCH)
    .execute();
  for (const p of posts) {
    if (!keepGoing()) return published;
    const due = { id: p.id, label: p.title, publishAt: p.publish_at!, changes: postChanges(p.id) };
    if (await publishOne(db, "blog_post", due, at, recordPublished)) published++;
  }
  return published;
}

/** One item: published only if it is still the draft due at that time (another instance, or an edit, may have won). */
async function publishOne(
  db: Db,
  entity: "product" | "blog_post",
  due: Due,
  at: string,
  recordPublished?: PublishRecorder,
): Promise<boolean> {
  const won = await db.transaction().execute(async (trx) => {
    const result =
      entity === "product"
        ? await trx
            .updateTable("products")
            .set({ status: PUBLIC_STATUS, publish_at: null, updated_at: at })
            .where("id", "=", due.id)
            .where("status", "=", "draft")
            .where("publish_at", "=", due.publishAt)
            .executeTakeFirst()
        : await trx
            .updateTable("blog_posts")
            // The post's date is the time it was scheduled for, not when a late run got to it.
            .set({ status: PUBLIC_STATUS, publish_at: null, published_at: due.publishAt, updated_at: at })
            .where("id", "=", due.id)
            .where("status", "=", "draft")
            .where("publish_at", "=", due.publishAt)
            .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    if (recordPublished) {
      await recordPublished(trx, entity, due.id, at);
      return true;
    }
    await recordActivity(trx, null, {
      action: "publish",
      entity,
      entityId: due.id,
      label: due.label,
      summary: "Published as scheduled",
      details: { scheduledFor: due.publishAt },
      at,
    });
    return true;
  });
  if (won) await recordPageChange(db, new Set(due.changes));
  return won;
}

export type PublishTimer = BackgroundTask;

/** The process's publishing timer (server/serve.ts), as the mail timer: one run at a time, the clock given. */
export function startPublishTimer(
  db: Db,
  options: { clock?: () => number; intervalMs?: number; recordPublished?: PublishRecorder } = {},
): PublishTimer {
  const clock = options.clock ?? Date.now;
  return startBackgroundTask(
    "[publishing] timer",
    async (keepGoing) => {
      const n = await publishDue(db, clock(), keepGoing, options.recordPublished);
      if (n) log.info(`[publishing] published ${n} scheduled item${n === 1 ? "" : "s"}`);
    },
    { intervalMs: options.intervalMs ?? PUBLISH_TIMER_MS },
  );
}
