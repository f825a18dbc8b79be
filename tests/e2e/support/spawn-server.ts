import type { Browser } from "@playwright/test";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// Extra sites sit at fixed offsets from the main test server's port, so two checkouts can test at once
// when each sets its own E2E_PORT.
const portShift = Number(process.env.E2E_PORT ?? 4173) - 4173;

/** A second site on its own port and fresh SQLite folder, for tests that need a different start (no admin, empty). */
export async function startExtraServer(basePort: number, env: Record<string, string> = {}) {
  const port = basePort + portShift;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agro-e2e-"));
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      PUBLIC_URL: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // If the test worker ends first (a timed-out hook), the site must not outlive it and keep its port.
  const killChild = () => child.kill("SIGKILL");
  process.once("exit", killChild);
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (!/\[server\] listening/.test(output)) {
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill("SIGKILL"); // never leave a half-started site holding the port for the next run
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  // The setup link is printed just after "listening".
  await new Promise((r) => setTimeout(r, 300));
  return {
    url,
    dataDir,
    output: () => output,
    async stop() {
      process.off("exit", killChild);
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A seeded site of its own with its first administrator made through the printed setup link, and a page signed
 * in as them that accepts every confirmation prompt.
 */
export async function startSiteWithAdmin(
  browser: Browser,
  port: number,
  admin: { name: string; email: string; password: string },
) {
  const server = await startExtraServer(port, { SEED_DEMO: "true" });
  const token = server.output().match(/\/admin\/setup\?token=(\S+)/)![1];
  const page = await browser.newPage({ baseURL: server.url });
  page.on("dialog", (dialog) => dialog.accept());
  await page.goto(`/admin/setup?token=${token}`);
  await page.getByLabel("Full Name").fill(admin.name);
  await page.getByLabel("Email").fill(admin.email);
  await page.getByLabel("Password", { exact: true }).fill(admin.password);
  await page.getByLabel("Confirm Password").fill(admin.password);
  await page.getByRole("button", { name: "Create Administrator" }).click();
  await page.waitForURL("**/admin/dashboard");
  return { server, page };
}
