import type { Inline } from "./body-tree";

// **bold** and *italic* (spec §2) are found by one left-to-right scan with precomputed "next closer" tables, so the
// time is linear in the text: a regular expression with lazy groups was quadratic on bodies like "*x *x *x …" (each
// opener searched to the end of the line), which let one anonymous page view hold the server for seconds.
// The rules are those of /\*\*(.+?)\*\*|\*(?!\s)(.+?)(?<!\s)\*/g: bold content is at least one character up
// to the next "**"; italic opens on "*" before a non-space and closes on the next "*" after a non-space.
// Markdown's own emphasis rules differ (e.g. "** x **" is not bold there), so markdown-it's are off and these run.
const isSpace = (ch: string | undefined) => ch !== undefined && /\s/.test(ch);

/** One line's stars read as bold and italic. */
export function stars(line: string): Inline[] {
  // Line and paragraph separators end a run of formatting as a newline would (the old pattern's "." stopped there).
  return line.split(/([\u2028\u2029])/).flatMap((segment, i) => (i % 2 ? [segment] : starSegment(segment)));
}

function starSegment(line: string): Inline[] {
  const n = line.length;
  if (!line.includes("*")) return line ? [line] : [];
  // nextDouble[p]: first j >= p with "**" at j; nextCloser[p]: first j >= p with "*" at j after a non-space.
  const nextDouble = new Int32Array(n + 2).fill(-1);
  const nextCloser = new Int32Array(n + 2).fill(-1);
  for (let p = n - 1; p >= 0; p--) {
    const star = line[p] === "*";
    nextDouble[p] = star && line[p + 1] === "*" ? p : nextDouble[p + 1];
    nextCloser[p] = star && p > 0 && !isSpace(line[p - 1]) ? p : nextCloser[p + 1];
  }
  const nodes: Inline[] = [];
  let last = 0;
  let i = 0;
  while (i < n) {
    if (line[i] !== "*") {
      i++;
      continue;
    }
    const boldEnd = line[i + 1] === "*" && i + 3 < n ? nextDouble[i + 3] : -1;
    if (boldEnd >= 0) {
      if (i > last) nodes.push(line.slice(last, i));
      const content = line.slice(i + 2, boldEnd);
      nodes.push({ t: "strong", c: content.includes("*") ? starSegment(content) : [content] });
      i = last = boldEnd + 2;
      continue;
    }
    const italicEnd = i + 1 < n && !isSpace(line[i + 1]) && i + 2 < n ? nextCloser[i + 2] : -1;
    if (italicEnd >= 0) {
      if (i > last) nodes.push(line.slice(last, i));
      nodes.push({ t: "em", c: [line.slice(i + 1, italicEnd)] });
      i = last = italicEnd + 1;
      continue;
    }
    i++;
  }
  if (last < n) nodes.push(line.slice(last));
  return nodes;
}
