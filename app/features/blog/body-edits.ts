/**
 * What the blog editor's toolbar does to the text (ADR 0044), as replacements: the component applies them to the
 * textarea as typing would (so undo works). Pure, so each can be tested without a browser.
 */
export interface Edit {
  from: number;
  to: number;
  insert: string;
  /** The selection afterwards, in the new text. */
  select: [number, number];
}

/** `**bold**` or `*italic*` around the selection, or around a placeholder that is then selected to type over. */
export function wrap(text: string, start: number, end: number, mark: string, placeholder: string): Edit {
  const inner = text.slice(start, end) || placeholder;
  return {
    from: start,
    to: end,
    insert: `${mark}${inner}${mark}`,
    select: [start + mark.length, start + mark.length + inner.length],
  };
}

export type LineKind = "heading" | "bullet" | "numbered" | "quote";

const PREFIX: Record<LineKind, RegExp> = {
  heading: /^#{1,6} /,
  bullet: /^- /,
  numbered: /^\d{1,9}\. /,
  quote: /^> ?/,
};

/** Each line the selection touches starts with the kind's mark (`## `, `- `, `1. `, `> `); pressed again, it stops. */
export function prefixLines(text: string, start: number, end: number, kind: LineKind): Edit {
  const from = text.lastIndexOf("\n", start - 1) + 1;
  const lineEnd = text.indexOf("\n", Math.max(end - (end > start && text[end - 1] === "\n" ? 1 : 0), from));
  const to = lineEnd === -1 ? text.length : lineEnd;
  const lines = text.slice(from, to).split("\n");
  const marked = lines.every((line) => PREFIX[kind].test(line));
  const mark = (i: number) =>
    kind === "heading" ? "## " : kind === "bullet" ? "- " : kind === "numbered" ? `${i + 1}. ` : "> ";
  const insert = lines.map((line, i) => (marked ? line.replace(PREFIX[kind], "") : mark(i) + line)).join("\n");
  return { from, to, insert, select: [from, from + insert.length] };
}

/** `[text](url)`: the selection is the text (or "link text", selected); a link with no address is not made. */
export function link(text: string, start: number, end: number, url: string): Edit {
  const label = text.slice(start, end).replace(/[[\]]/g, "") || "link text";
  return { from: start, to: end, insert: `[${label}](${url.trim()})`, select: [start + 1, start + 1 + label.length] };
}

/** `![alt](url)` on a line of its own, so it sits between paragraphs of text. */
export function picture(text: string, start: number, end: number, url: string, alt: string): Edit {
  const before = start > 0 && text[start - 1] !== "\n" ? "\n" : "";
  const after = end < text.length && text[end] !== "\n" ? "\n" : "";
  const cleanAlt = alt.replace(/[[\]\n]/g, " ").trim();
  const insert = `${before}![${cleanAlt}](${url.trim()})${after}`;
  const altStart = start + before.length + 2;
  return { from: start, to: end, insert, select: [altStart, altStart + cleanAlt.length] };
}
