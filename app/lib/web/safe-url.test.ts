import { describe, expect, it } from "vitest";
import { safeHttpUrl, safeImageSrc } from "./safe-url";

describe("URLs from settings", () => {
  it("renders only http(s) URLs as links", () => {
    expect(safeHttpUrl("https://www.linkedin.com/company/x")).toBe("https://www.linkedin.com/company/x");
    expect(safeHttpUrl(" http://example.com ")).toBe("http://example.com/");
    for (const bad of [
      "javascript:alert(1)",
      "JAVASCRIPT:alert(1)",
      " javascript:alert(1)",
      "data:text/html,<script>",
      "#",
      "",
      "//evil.example",
      "/relative",
      "vbscript:x",
      "https://",
    ]) {
      expect(safeHttpUrl(bad), bad).toBeNull();
    }
  });

  it("accepts our own stored files and http(s) images as image sources", () => {
    expect(safeImageSrc("/media/application-assets/public/logo.png")).toBe("/media/application-assets/public/logo.png");
    expect(safeImageSrc("https://cdn.example.com/logo.png")).toBe("https://cdn.example.com/logo.png");
    expect(safeImageSrc("//evil.example/x.png")).toBeNull();
    expect(safeImageSrc("javascript:alert(1)")).toBeNull();
  });
});
