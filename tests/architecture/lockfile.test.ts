import fs from "node:fs";
import { describe, expect, it } from "vitest";
// @ts-expect-error plain ES module script without types
import { completeLockfile, platformOf } from "../../scripts/complete-lockfile.mjs";

describe("package-lock.json", () => {
  it("has an entry for every optional dependency, so `npm ci` accepts it (run `npm run lockfile:complete`)", () => {
    const lock = JSON.parse(fs.readFileSync("package-lock.json", "utf8"));
    expect(completeLockfile(lock)).toEqual([]);
  });

  it("reads a platform package's os, cpu and libc from its name", () => {
    expect(platformOf("@tailwindcss/oxide-darwin-arm64")).toEqual({ os: ["darwin"], cpu: ["arm64"] });
    expect(platformOf("@rollup/rollup-linux-x64-musl")).toEqual({ os: ["linux"], cpu: ["x64"], libc: ["musl"] });
    expect(platformOf("@img/sharp-win32-ia32")).toEqual({ os: ["win32"], cpu: ["ia32"] });
    expect(platformOf("@tailwindcss/oxide-wasm32-wasi")).toEqual({ os: ["none"], cpu: ["wasm32"] });
  });
});
