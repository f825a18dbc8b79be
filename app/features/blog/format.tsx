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

const INLINE = /\*\*(.+?)\*\*|\*(?!\s)(.+?)(?<!\s)\*/g;

function inline(line: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of line.matchAll(INLINE)) {
    if (match.index > last) nodes.push(line.slice(last, match.index));
    nodes.push(match[1] !== undefined ? <strong key={match.index}>{inline(match[1])}</strong> : <em key={match.index}>{match[2]}</em>);
    last = match.index + match[0].length;
  }
  if (last < line.length) nodes.push(line.slice(last));
  return nodes;
}
