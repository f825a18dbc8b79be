import type { RequestListener } from "node:http";

export type LogLevel = "debug" | "info" | "warn" | "error";

const RANK: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };
const silent = () => {};

/**
 * Honours LOG_LEVEL for everything the server writes through `console`: calls below the level write nothing.
 * Errors always print, with their stack (pass the Error itself, not its message).
 */
export function applyLogLevel(level: LogLevel) {
  if (RANK[level] > RANK.debug) console.debug = silent;
  if (RANK[level] > RANK.info) console.info = console.log = silent;
  if (RANK[level] > RANK.warn) console.warn = silent;
}

/**
 * What an operator needs whatever the level: where the server listens, the one-time setup link, that it is
 * stopping. Written straight to stdout, so LOG_LEVEL=warn keeps them.
 */
export function notice(line: string) {
  process.stdout.write(`${line}\n`);
}

/** One line per request at `info`: method, path (never the query, which may carry a token), status, time. */
export function withRequestLog(listener: RequestListener, level: LogLevel): RequestListener {
  if (RANK[level] > RANK.info) return listener;
  return (req, res) => {
    const started = performance.now();
    res.once("finish", () => {
      const path = (req.url ?? "/").split("?")[0];
      const ms = (performance.now() - started).toFixed(1);
      console.info(`${req.method} ${path} ${res.statusCode} ${ms}ms`);
    });
    listener(req, res);
  };
}
