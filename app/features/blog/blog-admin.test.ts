import { describe, expect, it } from "vitest";
import type { SessionUser } from "~/features/auth/session.server";
import { authorNameLocked, publishedAtFor, resolveAuthorName, splitTags } from "./blog-admin.server";

const named: SessionUser = { id: "u1", email: "asha@example.com", fullName: "Asha Patel", role: "admin" };
const unnamed: SessionUser = { id: "u2", email: "ravi@example.com", fullName: null, role: "admin" };

describe("blog rules (spec §4, §5)", () => {
  it("splits tags on commas, trimmed, without empties or repeats", () => {
    expect(splitTags(" Onions, Market Update ,,  , Onions,Export ")).toEqual(["Onions", "Market Update", "Export"]);
    expect(splitTags("")).toEqual([]);
  });

  it("sets published_at on add only when published, and on edit only when first published", () => {
    expect(publishedAtFor("draft", null, true)).toBeNull();
    expect(publishedAtFor("published", null, true)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(publishedAtFor("published", null, false)).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(publishedAtFor("published", "2026-01-01T00:00:00.000Z", false)).toBe("2026-01-01T00:00:00.000Z");
    expect(publishedAtFor("archived", "2026-01-01T00:00:00.000Z", false)).toBe("2026-01-01T00:00:00.000Z");
    expect(publishedAtFor("draft", null, false)).toBeNull();
  });

  it("locks the author name to a named profile (on edit only for its own posts) and falls back to name, email, 'Anonymous'", () => {
    expect(authorNameLocked(named, null)).toBe(true);
    expect(authorNameLocked(named, { author_id: "u1" })).toBe(true);
    expect(authorNameLocked(named, { author_id: "someone-else" })).toBe(false);
    expect(authorNameLocked(unnamed, null)).toBe(false);
    expect(resolveAuthorName(named, null, "Typed")).toBe("Asha Patel");
    expect(resolveAuthorName(named, { author_id: "someone-else" }, "Guest Writer")).toBe("Guest Writer");
    expect(resolveAuthorName(named, { author_id: "someone-else" }, "  ")).toBe("Asha Patel");
    expect(resolveAuthorName(unnamed, null, "")).toBe("ravi@example.com");
    expect(resolveAuthorName({ ...unnamed, email: "" }, null, "")).toBe("Anonymous");
  });
});
