import { describe, expect, it } from "vitest";
import { link, picture, prefixLines, wrap, type Edit } from "./body-edits";

const apply = (text: string, edit: Edit) => {
  const out = text.slice(0, edit.from) + edit.insert + text.slice(edit.to);
  return { out, selected: out.slice(...edit.select) };
};

describe("the blog editor's toolbar edits", () => {
  it("wraps the selection in ** or *, or inserts a selected placeholder", () => {
    expect(apply("red onion", wrap("red onion", 4, 9, "**", "bold text"))).toEqual({
      out: "red **onion**",
      selected: "onion",
    });
    expect(apply("red ", wrap("red ", 4, 4, "*", "italic text"))).toEqual({
      out: "red *italic text*",
      selected: "italic text",
    });
  });

  it("marks every selected line as a heading, bullet, numbered item or quote, and unmarks them", () => {
    const text = "Intro\nOne\nTwo\nEnd";
    expect(apply(text, prefixLines(text, 7, 12, "bullet")).out).toBe("Intro\n- One\n- Two\nEnd");
    expect(apply(text, prefixLines(text, 7, 12, "numbered")).out).toBe("Intro\n1. One\n2. Two\nEnd");
    expect(apply(text, prefixLines(text, 0, 0, "heading")).out).toBe("## Intro\nOne\nTwo\nEnd");
    expect(apply(text, prefixLines(text, 16, 16, "quote")).out).toBe("Intro\nOne\nTwo\n> End");
    const listed = "- One\n- Two";
    expect(apply(listed, prefixLines(listed, 0, listed.length, "bullet")).out).toBe("One\nTwo");
  });

  it("makes a link of the selection, and a picture on its own line", () => {
    expect(apply("see APEDA now", link("see APEDA now", 4, 9, "https://apeda.gov.in"))).toEqual({
      out: "see [APEDA](https://apeda.gov.in) now",
      selected: "APEDA",
    });
    expect(apply("ab", picture("ab", 1, 1, "/media/agro/a.jpg", "Onions [red]"))).toEqual({
      out: "a\n![Onions  red](/media/agro/a.jpg)\nb",
      selected: "Onions  red",
    });
  });
});
