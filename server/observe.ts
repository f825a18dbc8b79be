import { randomUUID } from "node:crypto";
import type { IncomingMessage, RequestListener } from "node:http";
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
 * Around everything the server answers (cached pages, files, the app): an X-Request-Id on the answer, the id on
 * every log line written while answering, then one line for the request (at `info`) and its metrics. The line has
 * the path without its query, which may carry a token (the setup link).
 */
export function observeRequests(listener: RequestListener, options: ObserveOptions): RequestListener {
  const { trustProxy, instanceHeader, routeOf, metrics } = options;
  return (req, res) => {
    const started = performance.now();
    const id = requestIdOf(req, trustProxy);
    res.setHeader("X-Request-Id", id);
    if (instanceHeader) res.setHeader("X-Instance", instanceHeader);
    // `close` is emitted once, whether the answer was sent or the client left.
    res.on("close", () => {
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
        aborted: !res.writableFinished,
      });
    });
    runInRequest({ id }, () => listener(req, res));
  };
}
