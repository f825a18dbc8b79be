import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { loadConfig, type AppConfig } from "~/config.server";
import type { Db } from "~/db/database.server";
import { createSession } from "~/features/auth/session.server";
import { type Storage } from "~/lib/storage/storage.server";
import { createLocalStorage } from "~/lib/storage/local-storage.server";
import { upsertUser } from "~/features/auth/users.server";
import { createApp, type AppOptions } from "../../server/app";
import { createTestDatabase } from "./test-db";

export const ORIGIN = "http://localhost";

let buildPromise: Promise<ServerBuild> | undefined;
export function loadBuild(): Promise<ServerBuild> {
  buildPromise ??= import(pathToFileURL(path.resolve("build/server/index.js")).href) as Promise<ServerBuild>;
  return buildPromise;
}

/** The real server (headers, CSRF check, React Router build) over a test database, called in process. */
export async function createTestApp(
  db: Db,
  dataDir: string,
  overrides: Partial<AppConfig> = {},
  options: Pick<AppOptions, "lifecycle" | "clock"> & { storage?: Storage } = {},
) {
  // Tests write straight into the database between requests, which the page cache would not see: it is on only
  // where a test asks for it (tests/integration/page-cache.test.ts).
  const config = { ...loadConfig({ DATA_DIR: dataDir }), pageCache: false, ...overrides };
  // The folder unless a test gives another driver; tests that look at files on disk use the folder's `resolve`.
  const storage = createLocalStorage(path.join(dataDir, "storage"));
  const app = createApp({
    build: await loadBuild(),
    db,
    config,
    clientDir: path.resolve("build/client"),
    lifecycle: options.lifecycle,
    clock: options.clock,
    storage: options.storage ?? storage,
  });

  async function request(
    pathname: string,
    init: {
      method?: string;
      form?: Record<string, string> | Array<[string, string]>;
      multipart?: FormData;
      cookie?: string;
      ip?: string;
      headers?: Record<string, string>;
    } = {},
  ) {
    const headers = new Headers(init.headers);
    if (init.cookie) headers.set("Cookie", init.cookie);
    const method = init.method ?? (init.form || init.multipart ? "POST" : "GET");
    if (method !== "GET" && !headers.has("Origin")) headers.set("Origin", ORIGIN);
    const body = init.multipart ?? (init.form ? new URLSearchParams(init.form) : undefined);
    const env = { incoming: { socket: { remoteAddress: init.ip ?? "192.0.2.10" } } };
    return app.request(`${ORIGIN}${pathname}`, { method, headers, body, redirect: "manual" }, env);
  }
  return { app, request, config, storage };
}

/**
 * The opening of most back-office tests: a fresh database, the real server over it (`createTestApp`'s overrides and
 * options) and an administrator signed in. The caller cleans up with `t.cleanup()`.
 */
export async function createAdminTestApp(...args: DropFirstTwo<Parameters<typeof createTestApp>>) {
  const t = await createTestDatabase();
  const app = await createTestApp(t.db, t.dataDir, ...args);
  const admin = await signedInAs(t.db, "admin");
  return { t, app, admin, cookie: admin.cookie };
}
type DropFirstTwo<T extends unknown[]> = T extends [unknown, unknown, ...infer Rest] ? Rest : never;

/** A user with a live session; returns the Cookie header value that carries it. */
export async function signedInAs(db: Db, role: "admin" | "user", email = `${role}-${crypto.randomUUID()}@example.com`) {
  const { id } = await upsertUser(db, { email, password: "a-long-test-password", role, name: `Test ${role}` });
  const token = await createSession(db, id);
  return { userId: id, email, cookie: `session=${token}` };
}

export function sessionTokenFrom(response: Response): string | null {
  const header = response.headers.get("Set-Cookie") ?? "";
  return header.match(/(?:^|,\s*)session=([^;]*)/)?.[1] || null;
}
