import { Fragment, type ReactNode } from "react";

/**
 * The blog's simple formatting (spec §2) as React elements, never as HTML: a blank line starts a paragraph, a
 * newline is a line break, **bold** and *italic* are honoured. Everything else, markup included, stays text.
 */
export function FormattedText({ text, className }: { text: string; className?: string }) {
  const paragraphs = text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n+/)
    .map((p) => p.replace(/^\n+|\n+$/g, ""))
    .filter((p) => p.trim() !== "");
  return (
    <div className={className}>
      {paragraphs.map((paragraph, i) => (
        <p key={i}>
          {paragraph.split("\n").map((line, j) => (
            <Fragment key={j}>
              {j > 0 ? <br /> : null}
              {inline(line)}
            </Fragment>
          ))}
        </p>
      ))}
    </div>
  );
}

// **bold** and *italic* are found by one left-to-right scan with precomputed "next closer" tables, so the time is
// linear in the text: a regular expression with lazy groups was quadratic on bodies like "*x *x *x …" (each
// opener searched to the end of the line), which let one anonymous page view hold the server for seconds.
// The rules are those of /\*\*(.+?)\*\*|\*(?!\s)(.+?)(?<!\s)\*/g: bold content is at least one character up
// to the next "**"; italic opens on "*" before a non-space and closes on the next "*" after a non-space.
const isSpace = (ch: string | undefined) => ch !== undefined && /\s/.test(ch);

function inline(line: string): ReactNode[] {
  // Line and paragraph separators end a run of formatting as a newline would (the old pattern's "." stopped there).
  return line.split(/([\u2028\u2029])/).flatMap((segment, i) => (i % 2 ? [segment] : inlineSegment(segment)));
}

function inlineSegment(line: string): ReactNode[] {
  const n = line.length;
  if (!line.includes("*")) return [line];
  // nextDouble[p]: first j >= p with "**" at j; nextCloser[p]: first j >= p with "*" at j after a non-space.
  const nextDouble = new Int32Array(n + 2).fill(-1);
  const nextCloser = new Int32Array(n + 2).fill(-1);
  for (let p = n - 1; p >= 0; p--) {
    const star = line[p] === "*";
    nextDouble[p] = star && line[p + 1] === "*" ? p : nextDouble[p + 1];
    nextCloser[p] = star && p > 0 && !isSpace(line[p - 1]) ? p : nextCloser[p + 1];
  }
  const nodes: ReactNode[] = [];
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
      nodes.push(<strong key={i}>{content.includes("*") ? inlineSegment(content) : content}</strong>);
      i = last = boldEnd + 2;
      continue;
    }
    const italicEnd = i + 1 < n && !isSpace(line[i + 1]) && i + 2 < n ? nextCloser[i + 2] : -1;
    if (italicEnd >= 0) {
      if (i > last) nodes.push(line.slice(last, i));
      nodes.push(<em key={i}>{line.slice(i + 1, italicEnd)}</em>);
      i = last = italicEnd + 1;
      continue;
    }
    i++;
  }
  if (last < n) nodes.push(line.slice(last));
  return nodes;
}
