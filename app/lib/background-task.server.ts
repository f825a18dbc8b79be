import { log } from "./log.server";

/** Work a process repeats in the background (mail retries, scheduled publishing, pruning). */
export interface BackgroundTask {
  /** One run now (or the one already running): what the timer does every interval. */
  runOnce(): Promise<void>;
  /** No further runs; resolves once a run in progress has finished. */
  stop(): Promise<void>;
}

/**
 * Runs `work` every `intervalMs` (the first time after `firstAfterMs` when given, else after one interval), one
 * run at a time; a failed run is logged under `name` and the next one tries again. `work` is told to stop early
 * (`keepGoing()` false) once the task is stopped. The timers never keep the process alive.
 */
export function startBackgroundTask(
  name: string,
  work: (keepGoing: () => boolean) => Promise<unknown>,
  { intervalMs, firstAfterMs }: { intervalMs: number; firstAfterMs?: number },
): BackgroundTask {
  let running: Promise<void> | null = null;
  let stopped = false;
  const keepGoing = () => !stopped;
  const runOnce = () =>
    (running ??= work(keepGoing)
      .then(() => undefined)
      .catch((error: Error) => log.backgroundError(name, error))
      .finally(() => {
        running = null;
      }));
  const first =
    firstAfterMs === undefined
      ? null
      : setTimeout(() => {
          if (!stopped) void runOnce();
        }, firstAfterMs);
  first?.unref();
  const timer = setInterval(() => void runOnce(), intervalMs);
  timer.unref();
  return {
    runOnce,
    async stop() {
      stopped = true;
      if (first) clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
