import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FormattedText } from "./format";

const html = (text: string) => renderToStaticMarkup(<FormattedText text={text} />);

describe("blog formatting", () => {
  it("makes paragraphs from blank lines and line breaks from newlines", () => {
    expect(html("First line\nsecond line\n\nNext paragraph")).toBe("<div><p>First line<br/>second line</p><p>Next paragraph</p></div>");
    expect(html("a\r\n\r\n\r\nb")).toBe("<div><p>a</p><p>b</p></div>");
  });

  it("honours **bold** and *italic*", () => {
    expect(html("A **bold** and *italic* word, **bold with *italic* inside**")).toBe(
      "<div><p>A <strong>bold</strong> and <em>italic</em> word, <strong>bold with <em>italic</em> inside</strong></p></div>",
    );
    expect(html("2 * 3 * 4 and a lone * star")).toBe("<div><p>2 * 3 * 4 and a lone * star</p></div>");
  });

  it("keeps markup as text: no script, no image, no handler ever reaches the page", () => {
    const out = html('<script>alert(1)</script>\n\n<img src=x onerror="alert(2)"> **<b>x</b>**');
    expect(out).not.toContain("<script");
    expect(out).not.toContain("<img");
    expect(out).not.toContain("<b>");
    expect(out).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(out).toContain("&lt;img src=x onerror=&quot;alert(2)&quot;&gt;");
    expect(out).toContain("<strong>&lt;b&gt;x&lt;/b&gt;</strong>");
  });
});
