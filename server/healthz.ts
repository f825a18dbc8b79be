import { randomBytes } from "node:crypto";
import type { Context } from "hono";
import { pingDatabase, type Db } from "../app/db/database.server";

// A load balancer or uptime check may ask many times a second; one query a second still tells a live database from
// a dead one. Only a success is remembered, for at most this long: a database that stops answering is reported
// (503) by the first request after that, so within about a second; a failure is never remembered.
const TRUST_SUCCESS_MS = 1000;

/** A database that has not answered the check's query by then is reported unavailable (load balancers wait 2 s+). */
export const PING_DEADLINE_MS = 1500;

/**
 * A name this process chose at start, in every /healthz answer: an upgrade script asking through the proxy knows
 * from it that the restarted instance answered (nginx has taken it back), not the other one. Random: it says
 * nothing about the host.
 */
export const PROCESS_NAME = randomBytes(6).toString("base64url");

/** What the whole instance knows about itself: it is stopping (SIGTERM), so it should get no new requests. */
export interface Lifecycle {
  stopping: boolean;
  /**
   * Stopping, and still accepting for SHUTDOWN_DRAIN_MS: GET and HEAD are answered 503 so that a load balancer
   * retries them on another instance and takes this one out of rotation before it stops accepting.
   */
  draining?: boolean;
}

/**
 * `/healthz`: 200 {status:"ok", instance} while the database answers; 503 {status:"unavailable"} when it does not, or not
 * within PING_DEADLINE_MS; 503 {status:"stopping"} once the instance is shutting down.
 */
export function healthCheck(db: Db, lifecycle: Lifecycle = { stopping: false }) {
  let healthyUntil = 0;
  // Requests that arrive while a ping is under way share it instead of queueing their own.
  let ping: Promise<boolean> | null = null;
  return async (c: Context) => {
    c.header("Cache-Control", "no-store");
    if (lifecycle.stopping) return c.json({ status: "stopping" }, 503);
    if (Date.now() >= healthyUntil) {
      ping ??= withDeadline(pingDatabase(db), PING_DEADLINE_MS).finally(() => (ping = null));
      const ok = await ping;
      if (!ok) return c.json({ status: "unavailable" }, 503);
      healthyUntil = Date.now() + TRUST_SUCCESS_MS;
    }
    return c.json({ status: "ok", instance: PROCESS_NAME });
  };
}

/** The ping's answer, or false once `ms` have passed (the query itself is ended later by the pool's timeouts). */
function withDeadline(ping: Promise<boolean>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  return Promise.race([ping, late]).finally(() => clearTimeout(timer));
}
