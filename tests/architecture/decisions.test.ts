import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// docs/decisions/README.md is the index a successor reads first: every ADR listed once, with the status its own
// file states, and a decision a later one changed says which.
const DIR = "docs/decisions";
const index = fs.readFileSync(path.join(DIR, "README.md"), "utf8");
const adrs = fs
  .readdirSync(DIR)
  .filter((name) => /^\d{4}-.+\.md$/.test(name))
  .sort();

const statusOf = (file: string) =>
  /^Status: (.+)$/m.exec(fs.readFileSync(path.join(DIR, file), "utf8"))?.[1]?.trim() ?? null;

describe("the decisions index", () => {
  it("lists every ADR once, linked, with the status its file states", () => {
    expect(adrs.length).toBeGreaterThan(20);
    for (const file of adrs) {
      const rows = index.split("\n").filter((line) => line.includes(`](${file})`));
      expect(rows, file).toHaveLength(1);
      const status = statusOf(file);
      expect(status, `${file} has a Status line`).not.toBeNull();
      expect(rows[0], file).toContain(`| ${status} |`);
    }
  });

  it("links only to files that exist", () => {
    for (const [, target] of index.matchAll(/\]\(([^)]+\.md)\)/g)) {
      expect(fs.existsSync(path.join(DIR, target!)), target).toBe(true);
    }
  });

  it("names the successor of every superseded or changed decision", () => {
    for (const file of adrs) {
      const status = statusOf(file) ?? "";
      if (/supersed|changed|replaced/i.test(status)) expect(status, file).toMatch(/ADR \d{4}/);
    }
  });
});
