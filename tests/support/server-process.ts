import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

export interface Instance {
  origin: string;
  port: number;
  child: ChildProcess;
  output(): string;
  exited: Promise<number | null>;
}

/**
 * The real server as `npm start` runs it (`scripts/start.mjs`: the compiled server, production build) in a process
 * of its own, on a port the system chooses; `env` adds to or overrides the environment. Killed if the tests end
 * first.
 */
export async function startInstance(env: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    cwd: root,
    // NODE_ENV as `npm start` sets it: Vitest's "test" would load React's development build.
    env: { ...process.env, NODE_ENV: "production", PORT: "0", HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  process.once("exit", () => child.kill("SIGKILL"));
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const deadline = Date.now() + 180_000;
  let listening: RegExpMatchArray | null = null;
  while (!(listening = output.match(/\[server\] listening on http:\/\/127\.0\.0\.1:(\d+)/))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`instance did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const port = Number(listening[1]);
  return { origin: `http://127.0.0.1:${port}`, port, child, output: () => output, exited };
}
