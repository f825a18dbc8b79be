import type { Db } from "~/db/database.server";
import { startBackgroundTask, type BackgroundTask } from "~/lib/background-task.server";
import { log } from "~/lib/log.server";
import { DAY_MS } from "~/lib/time";

/** The first moment `months` calendar months before `ms` (UTC), as stored times are written. */
export function monthsBefore(ms: number, months: number): string {
  const date = new Date(ms);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date.toISOString();
}

/**
 * Deletes the activity rows older than `keepMonths` (ADR 0032). A row a kept version still points at stays with
 * it, so a History panel never names a version whose event is gone; it goes when the version is pruned.
 */
export async function pruneActivity(db: Db, keepMonths: number, nowMs: number): Promise<number> {
  const result = await db
    .deleteFrom("activity")
    .where("at", "<", monthsBefore(nowMs, keepMonths))
    .where("id", "not in", db.selectFrom("versions").select("activity_id"))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface PruneOptions {
  activityKeepMonths: number;
  clock?: () => number;
}

/**
 * The history's daily clean-up: the activity log here; the versions' own retention (ADR 0031) joins this run, so
 * one timer serves both. Safe on every instance at once: each step is a DELETE of what is due.
 */
export async function pruneHistory(db: Db, options: PruneOptions): Promise<{ activity: number }> {
  const now = (options.clock ?? Date.now)();
  const activity = await pruneActivity(db, options.activityKeepMonths, now);
  return { activity };
}

export type PruneTimer = BackgroundTask;

/** First run a minute after start (not in the way of a starting instance), then once a day. */
const FIRST_RUN_MS = 60_000;

/** The process's history prune (server/serve.ts): every instance runs it daily; the work is idempotent. */
export function startHistoryPruneTimer(db: Db, options: PruneOptions): PruneTimer {
  return startBackgroundTask(
    "[history] prune",
    async () => {
      const { activity } = await pruneHistory(db, options);
      if (activity)
        log.info(`[history] pruned ${activity} activity rows older than ${options.activityKeepMonths} months`);
    },
    { intervalMs: DAY_MS, firstAfterMs: FIRST_RUN_MS },
  );
}
