import { Worker } from "node:worker_threads";

/** Standard output as lines are written to it: what is gathered, and whether it can be written now. */
export interface StandardOutput {
  write(line: string): void;
  /**
   * Hands over what is pending and waits (blocking, up to `STALLED_READER_MS` without progress) until the writer has
   * written it: on exit, and before a crash ends the process.
   */
  flushSync(): void;
}

/**
 * Lines are handed on together, this long after the first of them, or sooner once they reach `MAX_BATCH_BYTES`: each
 * hand-over wakes the writer thread for one write(2), and the reader (a log collector) for one read(2). Handed on
 * per turn of the event loop, a cached hit's line cost the server and its reader a quarter of the hits' rate; in
 * batches of up to 50 ms it costs a write per 64 KB (issue 25). A line reaches the reader at most this much later.
 */
const HAND_OVER_AFTER_MS = 50;
const MAX_BATCH_BYTES = 64 * 1024;
/** What may wait for a reader that does not keep up (a stalled log collector); lines past it are dropped, counted. */
export const MAX_PENDING_BYTES = 16 * 1024 * 1024;
/** At exit, how long to wait for a reader that takes nothing before giving up on what is pending. */
const STALLED_READER_MS = 5000;

// The ring's two positions, in bytes: the next byte the main thread writes, the next byte the writer writes out.
const WRITE = 0;
const READ = 1;
const SLEEP = 2;

/**
 * The writer thread: takes what the main thread put in the ring and writes it with write(2), which may block (a
 * slow reader, a blocking pipe) without blocking the main thread. It moves READ only after write(2) says how much
 * went out, so the main thread always knows what is written: that is what makes the wait at exit exact (a write
 * in libuv's thread pool, as sonic-boom's, has an outcome nobody learns once the process is exiting).
 */
const WRITER = `
const { workerData } = require("node:worker_threads");
const fs = require("node:fs");
const { fd, ring, positions } = workerData;
const bytes = new Uint8Array(ring);
const at = new Int32Array(positions);
for (;;) {
  const write = Atomics.load(at, ${WRITE});
  const read = Atomics.load(at, ${READ});
  if (write === read) { Atomics.wait(at, ${WRITE}, write); continue; }
  const end = write > read ? write : bytes.length;
  let next = read;
  try {
    next = read + fs.writeSync(fd, bytes, read, end - read);
  } catch (error) {
    // A non-blocking pipe that is full: try again shortly. Any other error (the reader is gone): drop what waits.
    if (error.code === "EAGAIN") Atomics.wait(at, ${SLEEP}, 0, 5);
    else next = end;
  }
  Atomics.store(at, ${READ}, next === bytes.length ? 0 : next);
  Atomics.notify(at, ${READ});
}
`;

/**
 * Standard output, written off the hot path (ADR 0029). Lines are gathered for up to 50 ms and then copied into a ring shared with a writer thread, which writes them: answering a request never waits
 * for the kernel or for whoever reads the log. Whatever ends the process through `exit` (process.exit, SIGTERM's
 * stop, the end of work, an uncaught exception) first waits until every line handed over is written. Only a
 * process killed outright (SIGKILL, the OOM killer) loses what was pending. A reader that stops reading gets at
 * most `maxPending` bytes held for it; past that, lines are dropped and one line says how many.
 */
export function standardOutput(droppedLine: (count: number) => string, fd = 1, maxPending = MAX_PENDING_BYTES) {
  const ring = new Uint8Array(new SharedArrayBuffer(maxPending));
  const at = new Int32Array(new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT));
  let writer: Worker | undefined;
  let pending = "";
  let scheduled = false;
  let dropped = 0;

  /** The ring as a Buffer: `write` encodes a string straight into it (a typed array's `set` into shared memory is slow). */
  const ringBytes = Buffer.from(ring.buffer, ring.byteOffset, ring.length);

  /** Copies `text` into the ring if it fits whole; false (nothing copied) if it does not. */
  const put = (text: string) => {
    const length = Buffer.byteLength(text);
    const write = Atomics.load(at, WRITE);
    const read = Atomics.load(at, READ);
    const free = (read - write - 1 + ring.length) % ring.length;
    if (length > free) return false;
    if (length <= ring.length - write) ringBytes.write(text, write, length);
    else {
      // Across the ring's end: encoded once, then copied in two pieces.
      const encoded = Buffer.from(text);
      const first = ring.length - write;
      encoded.copy(ringBytes, write, 0, first);
      encoded.copy(ringBytes, 0, first);
    }
    Atomics.store(at, WRITE, (write + length) % ring.length);
    writer ??= startWriter(fd, ring, at);
    Atomics.notify(at, WRITE);
    return true;
  };

  const handOver = () => {
    scheduled = false;
    if (!pending) return;
    const chunk = pending;
    pending = "";
    // The count goes with the first lines that fit again, ahead of them.
    if (put(dropped > 0 ? droppedLine(dropped) + chunk : chunk)) dropped = 0;
    else for (let i = chunk.indexOf("\n"); i !== -1; i = chunk.indexOf("\n", i + 1)) dropped++;
  };

  const output: StandardOutput = {
    write(line: string) {
      pending += line;
      if (pending.length >= MAX_BATCH_BYTES) handOver();
      else if (!scheduled) {
        scheduled = true;
        // Never what keeps the process alive: whatever is pending at exit is written by the exit handler.
        setTimeout(handOver, HAND_OVER_AFTER_MS).unref();
      }
    },
    flushSync() {
      handOver();
      let read = Atomics.load(at, READ);
      while (read !== Atomics.load(at, WRITE)) {
        if (Atomics.wait(at, READ, read, STALLED_READER_MS) === "timed-out") return;
        read = Atomics.load(at, READ);
      }
    },
  };
  process.on("exit", () => output.flushSync());
  return output;
}

function startWriter(fd: number, ring: Uint8Array, positions: Int32Array) {
  const writer = new Worker(WRITER, {
    eval: true,
    workerData: { fd, ring: ring.buffer, positions: positions.buffer },
    // The writer holds no more than its own code: a small heap, so it costs a few megabytes per process.
    resourceLimits: { maxOldGenerationSizeMb: 8, maxYoungGenerationSizeMb: 2 },
    stdout: true,
    stderr: true,
  });
  // It never keeps the process alive: what is pending at exit is waited for by flushSync.
  writer.unref();
  return writer;
}
