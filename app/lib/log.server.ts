import { AsyncLocalStorage } from "node:async_hooks";
import os from "node:os";
import pino, { type Logger } from "pino";
import { type StandardOutput, standardOutput } from "./standard-output.server";

export type LogLevel = "debug" | "info" | "warn" | "error";

/** The request being answered: every line written while answering it carries its id. */
export interface RequestContext {
  id: string;
  /**
   * The errors this request has logged (by name and message): the same failure is written once per request. Made
   * at the first error (most requests have none).
   */
  loggedErrors?: Set<string>;
}

/** Identical errors from work done for no one request (a background check) are written at most this often. */
export const BACKGROUND_REPEAT_MS = 60_000;
const MAX_BACKGROUND_KEYS = 200;

interface LogState {
  requests: AsyncLocalStorage<RequestContext>;
  instance: string;
  /** `instance` as a JSON string, for the request lines written by hand. */
  instanceJson: string;
  /** Where lines go: standard output (batched, asynchronous) unless a test gave its own. */
  output: pino.DestinationStream;
  logger: Logger;
  /** Writes at every level: where the server listens, the setup link, stopping, start-up warnings. */
  notices: Logger;
  background: Map<string, { writtenAt: number; heldBack: number }>;
}

const MAX_ERROR_TEXT = 8000;
const MAX_FIELD_TEXT = 500;

/**
 * An error as one field: its type, message and stack, its own plain fields (pg's `code`, `severity`), and its cause.
 * Nothing nested is copied: an SDK's error may hold a whole HTTP response or socket, and a line must stay a line.
 */
function errorFields(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return String(error).slice(0, MAX_FIELD_TEXT);
  const fields: Record<string, unknown> = {
    type: error.constructor?.name ?? error.name,
    message: error.message.slice(0, MAX_ERROR_TEXT),
    stack: error.stack?.slice(0, MAX_ERROR_TEXT),
  };
  for (const [key, value] of Object.entries(error)) {
    if (key in fields || key === "cause") continue;
    if (typeof value === "string") fields[key] = value.slice(0, MAX_FIELD_TEXT);
    else if (typeof value === "number" || typeof value === "boolean") fields[key] = value;
  }
  if (error.cause !== undefined && depth < 3) fields.cause = errorFields(error.cause, depth + 1);
  return fields;
}

const droppedLine = (count: number) =>
  `{"level":"warn","time":"${isoNow()}","instance":${state().instanceJson},"msg":"[log] ${count} lines dropped: standard output was not read fast enough","dropped":${count}}\n`;

let lastMs = 0;
let lastIso = "";
/** The time as ISO 8601, made once per millisecond (at thousands of lines a second, most share one). */
function isoNow(): string {
  const now = Date.now();
  if (now !== lastMs) {
    lastMs = now;
    lastIso = new Date(now).toISOString();
  }
  return lastIso;
}

function loggers(level: LogLevel, state: () => LogState, destination: pino.DestinationStream) {
  const options: pino.LoggerOptions = {
    base: undefined,
    timestamp: () => `,"time":"${isoNow()}"`,
    formatters: { level: (label) => ({ level: label }) },
    serializers: { err: errorFields },
    mixin: () => {
      const request = state().requests.getStore();
      return request ? { instance: state().instance, requestId: request.id } : { instance: state().instance };
    },
  };
  return {
    output: destination,
    logger: pino({ ...options, level }, destination),
    notices: pino({ ...options, level: "debug" }, destination),
  };
}

// The server (server/serve.ts) and the route modules (React Router's build) are two bundles, each with a copy of
// this module: a registry key makes them share one logger and one request context.
const KEY = Symbol.for("agro-export.log");
const registry = globalThis as unknown as Record<symbol, LogState>;
const state = (): LogState => registry[KEY];
/** Standard output, made once for both bundles (each configureLog without a destination of its own reuses it). */
const STDOUT_KEY = Symbol.for("agro-export.log.stdout");
const stdout = () =>
  ((registry as unknown as Record<symbol, StandardOutput>)[STDOUT_KEY] ??= standardOutput(droppedLine));
registry[KEY] ??= {
  requests: new AsyncLocalStorage<RequestContext>(),
  instance: os.hostname(),
  instanceJson: JSON.stringify(os.hostname()),
  background: new Map(),
  ...loggers("info", state, stdout()),
};

/**
 * Sets LOG_LEVEL and the name every line carries (INSTANCE_NAME, or host:port). Lines are one JSON object each:
 * `time`, `level`, `instance`, `requestId` (inside a request), `msg`, and the line's own fields.
 */
export function configureLog(options: { level: LogLevel; instance: string; destination?: pino.DestinationStream }) {
  Object.assign(
    state(),
    { instance: options.instance, instanceJson: JSON.stringify(options.instance) },
    loggers(options.level, state, options.destination ?? stdout()),
  );
}

/** Writes what is pending on standard output now, synchronously (before the process ends on its own terms). */
export function flushLog() {
  (registry as unknown as Record<symbol, StandardOutput | undefined>)[STDOUT_KEY]?.flushSync();
}

/** Runs `work` as part of answering one request: lines written from it, however deep, carry the request's id. */
export function runInRequest<T>(context: RequestContext, work: () => T): T {
  return state().requests.run(context, work);
}

/** The id of the request being answered, if any. */
export const currentRequestId = () => state().requests.getStore()?.id;

type Fields = Record<string, unknown>;

/** What the request line says (ADR 0026). */
export interface RequestLine {
  requestId: string;
  method: string;
  /** Without its query, which may carry a token (the setup link). */
  path: string;
  status: number;
  ms: number;
  route: string;
  client: string;
  aborted: boolean;
}

const errorKey = (error: unknown, message: string) =>
  error instanceof Error ? `${error.name}: ${error.message}` : `${message}: ${String(error)}`;

export const log = {
  /** Whether lines at `level` are written (LOG_LEVEL): a caller can skip gathering what would not be written. */
  writes: (level: LogLevel) => state().logger.isLevelEnabled(level),
  debug: (msg: string, fields?: Fields) => state().logger.debug(fields ?? {}, msg),
  info: (msg: string, fields?: Fields) => state().logger.info(fields ?? {}, msg),
  warn: (msg: string, fields?: Fields) => state().logger.warn(fields ?? {}, msg),

  /**
   * The line for one answered request (at `info`): the same JSON object pino would write, put together by hand,
   * since it is written for every request, cached hits included (ADR 0029). `aborted` only when the client left
   * before the answer was sent.
   */
  request(line: RequestLine) {
    const { logger, output, instanceJson } = state();
    if (!logger.isLevelEnabled("info")) return;
    const method = JSON.stringify(line.method);
    const path = JSON.stringify(line.path);
    output.write(
      `{"level":"info","time":"${isoNow()}","instance":${instanceJson},"requestId":${JSON.stringify(line.requestId)},"method":${method},"path":${path},"status":${line.status},"ms":${line.ms},"route":${JSON.stringify(line.route)},"client":${JSON.stringify(line.client)}${line.aborted ? ',"aborted":true' : ""},"msg":${JSON.stringify(`${line.method} ${line.path} ${line.status}`)}}\n`,
    );
  },

  /**
   * An error, with its stack as one field (`err`). Within a request, the same error (name and message) is written
   * once however often it is met, so a database that is away gives one line per request, not one per query.
   */
  error(msg: string, error?: unknown, fields?: Fields) {
    const request = state().requests.getStore();
    if (error !== undefined && request) {
      const key = errorKey(error, msg);
      request.loggedErrors ??= new Set();
      if (request.loggedErrors.has(key)) return;
      request.loggedErrors.add(key);
    }
    state().logger.error({ ...fields, ...(error === undefined ? {} : { err: error }) }, msg);
  },

  /**
   * The error that ends the process (an uncaught exception), written whatever LOG_LEVEL says and, like every line
   * pending at exit, written out before the process ends.
   */
  fatal(msg: string, error: unknown) {
    state().notices.fatal({ err: error }, msg);
  },

  /**
   * An error from work done for no one request (the page cache's version check, the pool's idle connections):
   * each distinct one is written at most once a minute, with how many like it were held back since, so an outage
   * gives a line a minute rather than a flood.
   */
  backgroundError(msg: string, error: unknown, now = Date.now()) {
    const { background } = state();
    const key = `${msg} ${errorKey(error, msg)}`;
    const seen = background.get(key);
    if (seen && now - seen.writtenAt < BACKGROUND_REPEAT_MS) {
      seen.heldBack++;
      return;
    }
    if (!seen && background.size >= MAX_BACKGROUND_KEYS) background.clear();
    background.set(key, { writtenAt: now, heldBack: 0 });
    const heldBack = seen?.heldBack ? { repeated: seen.heldBack } : {};
    // Not tied to whichever request happened to start the work.
    state().requests.exit(() => state().logger.error({ err: error, ...heldBack }, msg));
  },
};

/**
 * What an operator needs whatever LOG_LEVEL says: where the server listens, the one-time setup link, that it is
 * stopping, and warnings about its configuration. The text is the line's `msg`.
 */
export function notice(msg: string, level: "info" | "warn" = "info") {
  state().notices[level](msg);
}
