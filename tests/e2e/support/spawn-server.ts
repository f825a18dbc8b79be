import type { Browser } from "@playwright/test";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { waitForHydrationOnNavigation } from "./hydration";

const root = path.resolve(import.meta.dirname, "../../..");

/**
 * A site of its own, on a free port the system chooses (PORT=0) and a fresh SQLite folder, for tests that need a
 * different start (no admin, empty, data written straight into its database). Nothing is fixed, so any number of
 * these, in any number of checkouts, can run at once.
 */
export async function startExtraServer(env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agro-e2e-"));
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      PUBLIC_URL: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // If the test worker ends first (a timed-out hook), the site must not outlive it.
  const killChild = () => child.kill("SIGKILL");
  process.once("exit", killChild);
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const fail = (why: string) => {
    process.off("exit", killChild);
    child.kill("SIGKILL"); // never leave a half-started site behind
    fs.rmSync(dataDir, { recursive: true, force: true });
    return new Error(`${why}:\n${output}`);
  };
  // A backstop: the callers' timeouts decide. Seeding draws pictures, which takes a minute on a busy machine.
  const deadline = Date.now() + 150_000;
  let listening: RegExpMatchArray | null = null;
  while (!(listening = output.match(/\[server\] listening on (http:\/\/\S+)/))) {
    if (child.exitCode !== null) throw fail("server exited before it listened");
    if (Date.now() > deadline) throw fail("server did not start within 150 s");
    await new Promise((r) => setTimeout(r, 100));
  }
  // A site without an administrator prints its setup link just after "listening".
  const setupDeadline = Date.now() + 3_000;
  while (!/\/admin\/setup\?token=\S+\n/.test(output) && Date.now() < setupDeadline) {
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: listening[1],
    dataDir,
    output: () => output,
    async stop() {
      process.off("exit", killChild);
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type ExtraServer = Awaited<ReturnType<typeof startExtraServer>>;

/**
 * A seeded site of its own with its first administrator made through the printed setup link, and a page signed
 * in as them that accepts every confirmation prompt.
 */
export async function startSiteWithAdmin(
  browser: Browser,
  admin: { name: string; email: string; password: string },
  env: Record<string, string> = {},
) {
  const server = await startExtraServer({ SEED_DEMO: "true", ...env });
  try {
    const token = server.output().match(/\/admin\/setup\?token=([\w-]+)/)?.[1];
    if (!token) throw new Error(`no setup link printed:\n${server.output()}`);
    const page = await browser.newPage({ baseURL: server.url });
    waitForHydrationOnNavigation(page);
    page.on("dialog", (dialog) => dialog.accept());
    await page.goto(`/admin/setup?token=${token}`);
    await page.getByLabel("Full Name").fill(admin.name);
    await page.getByLabel("Email").fill(admin.email);
    await page.getByRole("textbox", { name: "Password", exact: true }).fill(admin.password);
    await page.getByLabel("Confirm Password").fill(admin.password);
    await page.getByRole("button", { name: "Create Administrator" }).click();
    await page.waitForURL("**/admin/dashboard");
    return { server, page };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
