// A command run as `npm run backup` is a process below npm, sh and tsx. Killed with SIGKILL, npm cannot pass the
// signal on, and the process below would go on writing alone (issue 38). So it watches the processes that started
// it and stops when one of them is gone, as it does on SIGINT, SIGTERM or SIGHUP: `cleanUp` runs, then it exits.
import { existsSync, readFileSync } from "node:fs";

const WATCH_EVERY_MS = 250;
const ANCESTORS_WATCHED = 4;

/** State and parent of `pid`, read from /proc (Linux); null once it is gone. */
function statOf(pid: number): { state: string; ppid: number } | null {
  try {
    // "pid (command) state ppid …": the command may hold spaces and parentheses, so read after its last ")".
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const [state, ppid] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { state: state!, ppid: Number(ppid) };
  } catch {
    return null;
  }
}

// A killed process stays a zombie until its own parent reaps it: gone all the same.
const isAlive = (pid: number) => {
  const stat = statOf(pid);
  return stat !== null && stat.state !== "Z" && stat.state !== "X";
};

export function stopWithCaller(cleanUp: () => void): void {
  const hasProc = existsSync("/proc/self/stat");
  const ancestors: number[] = [];
  // Where there is no /proc to read, only the parent is watched (its death changes process.ppid).
  for (let pid = process.ppid; pid > 1 && ancestors.length < ANCESTORS_WATCHED; pid = statOf(pid)?.ppid ?? 0)
    ancestors.push(pid);
  let stopping = false;
  const stop = (why: string, code: number) => {
    if (stopping) return;
    stopping = true;
    console.error(`Stopped (${why}); nothing was left half-written.`);
    cleanUp();
    process.exit(code);
  };
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
    ["SIGHUP", 129],
  ] as const)
    process.once(signal, () => stop(signal, code));
  const watch = setInterval(() => {
    const gone = process.ppid !== ancestors[0] || (hasProc && !ancestors.every(isAlive));
    if (gone) stop("the command that started it ended", 1);
  }, WATCH_EVERY_MS);
  watch.unref();
}
