import { execFileSync } from "node:child_process";
import os from "node:os";

// Where a benchmark runs what (issue 42). On a machine of two cores or more, every server runs on the last core and
// the load generator (and this process, which reads the servers' logs as a collector would) on the first: sharing
// the cores, bare Node itself is starved and every ratio flatters the server. With one core, or without taskset
// (util-linux), nothing is pinned and the figures say so.

const CORES = os.availableParallelism();

function hasTaskset() {
  try {
    execFileSync("taskset", ["-p", String(process.pid)], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

export const PINNED = CORES >= 2 && hasTaskset();
export const SERVER_CORE = String(CORES - 1);
export const LOAD_CORE = "0";

/** `command args` to run on `core` when pinned, as [command, args] for spawn/execFile; unchanged otherwise. */
export function onCore(core: string, command: string, args: string[]): [string, string[]] {
  return PINNED ? ["taskset", ["-c", core, command, ...args]] : [command, args];
}

/** This process (and what it starts without `onCore`) onto the load generator's core. */
export function pinThisProcess() {
  if (PINNED) execFileSync("taskset", ["-p", "-c", LOAD_CORE, String(process.pid)], { stdio: "ignore" });
}

/** How the figures were taken, for the report's last line. */
export const coresLine = () =>
  PINNED
    ? `pinned: every server on CPU ${SERVER_CORE}, the load generator and this process on CPU ${LOAD_CORE}`
    : `not pinned (${CORES < 2 ? "one core" : "no taskset"}): servers and the load generator share the cores`;
