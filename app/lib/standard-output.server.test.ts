import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { standardOutput } from "./standard-output.server";

// The ring between the main thread and the writer thread (ADR 0029), written into directly (issue 42): lines that
// run across the ring's end, in any script, come out whole and in order.

let dir: string | undefined;
afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe("standard output's ring", () => {
  it("writes every line whole and in order as they wrap around the ring's end, multi-byte characters included", () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "agro-ring-"));
    const file = path.join(dir, "out.log");
    const fd = fs.openSync(file, "w");
    // A 1,000-byte ring: each batch of lines below takes a few hundred bytes, so batches wrap at varying offsets.
    const output = standardOutput((count) => `dropped ${count}\n`, fd, 1000);
    const expected: string[] = [];
    for (let batch = 0; batch < 60; batch++) {
      for (let i = 0; i < 1 + (batch % 4); i++) {
        const line = `${batch}.${i} ${batch % 2 ? "নাসিকের লাল পেঁয়াজ" : "بصل ناشيك الأحمر"} ${"x".repeat(batch % 7)}\n`;
        output.write(line);
        expected.push(line);
      }
      output.flushSync();
    }
    fs.closeSync(fd);
    expect(fs.readFileSync(file, "utf8")).toBe(expected.join(""));
  });
});
