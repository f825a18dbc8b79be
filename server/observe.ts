import { randomUUID } from "node:crypto";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { log, runInRequest } from "../app/lib/log.server";
import type { Metrics } from "./metrics";

/** A request id a proxy may hand on (nginx's `$request_id`, a UUID, a trace id): short, and safe in any log. */
const WELL_FORMED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export interface ObserveOptions {
  /** Behind your own proxy (TRUST_PROXY): its X-Forwarded-For names the client, and its X-Request-Id is kept. */
  trustProxy: boolean;
  /** Sent as X-Instance on every answer: only a name the operator chose (INSTANCE_NAME), never the host's. */
  instanceHeader: string | undefined;
  routeOf: (pathname: string) => string;
  metrics: Metrics | null;
}

/** The client's address: the socket's, or the first X-Forwarded-For entry behind a trusted proxy. */
export function clientAddress(
  forwardedFor: string | string[] | undefined,
  socketAddress: string | undefined,
  trustProxy: boolean,
): string {
  if (trustProxy) {
    const forwarded = (Array.isArray(forwardedFor) ? forwardedFor[0] : forwardedFor)?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  return socketAddress ?? "unknown";
}

function requestIdOf(req: IncomingMessage, trustProxy: boolean): string {
  const given = req.headers["x-request-id"];
  if (trustProxy && typeof given === "string" && WELL_FORMED_ID.test(given)) return given;
  return randomUUID();
}

/**
 * A listener that may answer a request on the spot (a cached page), before any of the per-request machinery below:
 * it writes the answer with `res.writeHead(status, [...its headers, ...ownHeaders])` and says true, or touches nothing
 * and says false. `ownHeaders` are the observer's (X-Request-Id, X-Instance), as a flat name/value list.
 */
export type ImmediateAnswer = (req: IncomingMessage, res: ServerResponse, ownHeaders: string[]) => boolean;

/**
 * Around everything the server answers (cached pages, files, the app): an X-Request-Id on the answer, the id on
 * every log line written while answering, then one line for the request (at `info`) and its metrics. The line has
 * the path without its query, which may carry a token (the setup link).
 *
 * An answer given on the spot (`immediate`: a cache hit, written whole before this returns) skips what only a
 * longer answer needs: no header set ahead (Node then writes the answer's headers in one go instead of merging two
 * sets), no request context (nothing is logged while it is written), no `close` listener (its line is written at
 * once; `aborted` when the client had already left). Issue 25, ADR 0037.
 */
export function observeRequests(
  listener: RequestListener,
  options: ObserveOptions,
  immediate?: ImmediateAnswer,
): RequestListener {
  const { trustProxy, instanceHeader, routeOf, metrics } = options;
  const observed = (req: IncomingMessage, res: ServerResponse, id: string, started: number, aborted: boolean) => {
    const logged = log.writes("info");
    if (!metrics && !logged) return;
    const ms = performance.now() - started;
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    const path = query === -1 ? url : url.slice(0, query);
    const method = req.method ?? "";
    const status = res.statusCode;
    const route = routeOf(path);
    metrics?.observeRequest(route, method, status, ms / 1000);
    if (!logged) return;
    log.request({
      requestId: id,
      method,
      path,
      status,
      ms: Math.round(ms * 10) / 10,
      route,
      client: clientAddress(req.headers["x-forwarded-for"], req.socket.remoteAddress, trustProxy),
      aborted,
    });
  };
  return (req, res) => {
    const started = performance.now();
    const id = requestIdOf(req, trustProxy);
    const ownHeaders = instanceHeader ? ["X-Request-Id", id, "X-Instance", instanceHeader] : ["X-Request-Id", id];
    if (immediate?.(req, res, ownHeaders)) return observed(req, res, id, started, req.socket.destroyed);
    res.setHeader("X-Request-Id", id);
    if (instanceHeader) res.setHeader("X-Instance", instanceHeader);
    // `close` is emitted once, whether the answer was sent or the client left.
    res.on("close", () => observed(req, res, id, started, !res.writableFinished));
    runInRequest({ id }, () => listener(req, res));
  };
}
