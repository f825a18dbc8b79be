import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { onCore, SERVER_CORE } from "./cores";

const root = path.resolve(import.meta.dirname, "../..");
// A stale build is rebuilt before the server starts.
const START_TIMEOUT_MS = 300_000;

/**
 * Our server as `npm start` runs it (scripts/start.mjs, production build), on a free port of loopback; `env` adds to
 * or overrides the environment (DATA_DIR, SEED_DEMO, PAGE_CACHE…). Its output is passed through; the process is
 * killed when the benchmark exits. The log level is the default (info) unless `env` says otherwise: a line per
 * request is part of what a deployed server does. Its lines are read from the pipe and dropped once it listens.
 */
export async function startSite(env: Record<string, string>): Promise<{ origin: string; child: ChildProcess }> {
  // On the servers' core when the bench pins (bench/support/cores.ts): what start.mjs starts inherits it.
  const [command, args] = onCore(SERVER_CORE, process.execPath, ["scripts/start.mjs"]);
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", DATABASE_URL: "", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return { origin: await waitForOrigin(child, /\[server\] listening on (http:\/\/\S+)/), child };
}

/** The origin a child process prints (the first group of `pattern`) once it listens; killed when we exit. */
export async function waitForOrigin(child: ChildProcess, pattern: RegExp): Promise<string> {
  process.once("exit", () => child.kill("SIGKILL"));
  let output = "";
  const keep = (chunk: Buffer) => (output += chunk);
  child.stdout!.on("data", keep);
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const match = output.match(pattern);
    if (match) {
      // From now on the lines are read (as a log collector would) but not kept.
      child.stdout!.off("data", keep).resume();
      return match[1];
    }
    if (child.exitCode !== null) throw new Error(`it exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`it did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Stops a started server the way a deployment does (SIGTERM) and waits for it to exit. */
export async function stopSite(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}
