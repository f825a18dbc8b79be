import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BACKGROUND_REPEAT_MS, configureLog, log, notice, runInRequest } from "./log.server";

/** The logger writing into an array, one parsed object per line. */
function capture(level: "debug" | "info" | "warn" | "error" = "info") {
  const lines: Record<string, unknown>[] = [];
  configureLog({
    level,
    instance: "test",
    destination: { write: (text: string) => void lines.push(JSON.parse(text)) },
  });
  return lines;
}

afterEach(() => configureLog({ level: "info", instance: "test" }));

const request = (id: string) => ({ id, loggedErrors: new Set<string>() });

describe("log", () => {
  it("writes the same error once per request, each request's with its id", () => {
    const lines = capture();
    const outage = () => new Error("Connection terminated due to connection timeout");
    for (const id of ["r1", "r2"])
      runInRequest(request(id), () => {
        log.error("[settings] could not load public settings", outage());
        log.error("[site] Error Loading Products", outage());
        log.error("[site] another failure", new Error("something else"));
      });
    expect(lines.map((line) => [line.requestId, line.msg])).toEqual([
      ["r1", "[settings] could not load public settings"],
      ["r1", "[site] another failure"],
      ["r2", "[settings] could not load public settings"],
      ["r2", "[site] another failure"],
    ]);
    expect(lines[0]).toMatchObject({ level: "error", instance: "test", err: { type: "Error" } });
    expect(typeof (lines[0].err as { stack: string }).stack).toBe("string");
  });

  it("writes an error's plain fields and cause, never what it holds inside (an SDK's response, a socket)", () => {
    const lines = capture();
    const failure = Object.assign(new Error("The specified bucket does not exist", { cause: new Error("404") }), {
      code: "NoSuchBucket",
      $response: { body: "x".repeat(100_000), socket: { big: "y".repeat(100_000) } },
    });
    log.error("[storage] could not read a file", failure);
    expect(lines[0].err).toEqual({
      type: "Error",
      message: "The specified bucket does not exist",
      stack: expect.stringContaining("log.server.test.ts"),
      code: "NoSuchBucket",
      cause: { type: "Error", message: "404", stack: expect.any(String) },
    });
    expect(JSON.stringify(lines[0]).length).toBeLessThan(10_000);
  });

  it("writes a background task's identical errors at most once a minute, saying how many were held back", () => {
    const lines = capture();
    const failure = () => new Error("read ETIMEDOUT");
    const start = 1_000_000;
    for (let i = 0; i <= 120; i++)
      log.backgroundError("[page-cache] could not read the content version", failure(), start + i * 500);
    log.backgroundError("[db] idle PostgreSQL client error", failure(), start);
    expect(lines.map((line) => [line.msg, line.repeated])).toEqual([
      ["[page-cache] could not read the content version", undefined],
      ["[page-cache] could not read the content version", BACKGROUND_REPEAT_MS / 500 - 1],
      ["[db] idle PostgreSQL client error", undefined],
    ]);
  });

  it("honours the level, but writes notices at every level", () => {
    const lines = capture("error");
    log.info("a request");
    log.warn("a warning");
    notice("[server] listening on http://127.0.0.1:1");
    notice("[server] TRUST_PROXY=true", "warn");
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      ["info", "[server] listening on http://127.0.0.1:1"],
      ["warn", "[server] TRUST_PROXY=true"],
    ]);
  });
});

describe("the request line", () => {
  const line = {
    requestId: "r1",
    method: "GET",
    path: '/products/a"b\\c',
    status: 200,
    ms: 0.4,
    route: "routes/site/product",
    client: "203.0.113.9",
    aborted: false,
  };

  it("is the JSON object pino would write: time, level, instance, request id, msg and the request's fields", () => {
    const lines = capture();
    log.request(line);
    log.request({ ...line, status: 499, aborted: true });
    expect(lines).toEqual([
      {
        level: "info",
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        instance: "test",
        requestId: "r1",
        method: "GET",
        path: '/products/a"b\\c',
        status: 200,
        ms: 0.4,
        route: "routes/site/product",
        client: "203.0.113.9",
        msg: 'GET /products/a"b\\c 200',
      },
      expect.objectContaining({ status: 499, aborted: true }),
    ]);
  });

  it("is not written below info", () => {
    const lines = capture("warn");
    log.request(line);
    expect(lines).toEqual([]);
  });
});

describe("standard output, written asynchronously", () => {
  // A process of its own writes 5,000 lines (about 0.5 MB, far more than a pipe holds) and ends one way or another:
  // every line is read from its standard output, in order.
  const LINES = 5000;
  const script = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "agro-log-")), "child.ts");
  fs.writeFileSync(
    script,
    `import { configureLog, log } from ${JSON.stringify(path.resolve(import.meta.dirname, "log.server.ts"))};
import { standardOutput } from ${JSON.stringify(path.resolve(import.meta.dirname, "standard-output.server.ts"))};
const squeezed = process.argv[2] === "squeeze"
  ? standardOutput((count) => JSON.stringify({ level: "warn", msg: "dropped " + count }) + "\\n", 1, 16 * 1024)
  : undefined;
configureLog({ level: "info", instance: "child", destination: squeezed });
process.on("uncaughtExceptionMonitor", (error, origin) => log.fatal("[server] " + origin, error));
const how = process.argv[2];
for (let i = 0; i < ${LINES}; i++) log.request({ requestId: "r" + i, method: "GET", path: "/", status: 200, ms: 1, route: "root", client: "::1", aborted: false });
if (how === "exit") process.exit(3);
if (how === "squeeze") setTimeout(() => log.info("[server] later"), 100);
// Thrown from a callback, as a bug in a request handler would be.
if (how === "throw") setImmediate(() => { throw new Error("boom"); });
if (how === "sigterm") {
  process.on("SIGTERM", () => { log.info("[server] stopped"); process.exit(0); });
  process.kill(process.pid, "SIGTERM");
  setTimeout(() => {}, 5000);
}
`,
  );
  const run = (how: string) => {
    const child = spawnSync(process.execPath, ["--import", "tsx", script, how], {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
      timeout: 20_000,
    });
    const lines = child.stdout
      .split("\n")
      .filter(Boolean)
      .map((text) => JSON.parse(text) as { msg: string; requestId?: string; level: string });
    return { status: child.status, lines };
  };
  const inOrder = (lines: { requestId?: string }[]) =>
    expect(lines.slice(0, LINES).map((l) => l.requestId)).toEqual(Array.from({ length: LINES }, (_, i) => `r${i}`));

  it("keeps every line when the process ends by itself, by process.exit and on SIGTERM's stop", () => {
    const ended = run("end");
    expect(ended.status).toBe(0);
    inOrder(ended.lines);
    const exited = run("exit");
    expect(exited.status).toBe(3);
    inOrder(exited.lines);
    const stopped = run("sigterm");
    expect(stopped.status).toBe(0);
    inOrder(stopped.lines);
    expect(stopped.lines.at(-1)!.msg).toBe("[server] stopped");
  }, 60_000);

  it("drops what does not fit for a reader that does not keep up, and then says how many lines it dropped", () => {
    // A ring of 16 KB holds no turn of 64 KB: every request line is dropped, the later line is written after the count.
    const squeezed = run("squeeze");
    expect(squeezed.status).toBe(0);
    expect(squeezed.lines.map((line) => line.msg)).toEqual([`dropped ${LINES}`, "[server] later"]);
  }, 30_000);

  it("keeps every line before an uncaught exception, and writes the crash as a line of its own", () => {
    const crashed = run("throw");
    expect(crashed.status).toBe(1);
    inOrder(crashed.lines);
    expect(crashed.lines).toHaveLength(LINES + 1);
    expect(crashed.lines.at(-1)).toMatchObject({ level: "fatal", msg: "[server] uncaughtException" });
  }, 30_000);
});
