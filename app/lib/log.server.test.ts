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
