import { Fragment, type ReactNode } from "react";
import type { Block, Inline } from "./body-tree";

/** Draws a parsed body (./body.ts) as React elements: text is always text, addresses were checked by the parser. */
export function BodyView({ blocks, className }: { blocks: Block[]; className?: string }) {
  return <div className={`${BODY_STYLE} ${className ?? ""}`}>{drawBlocks(blocks)}</div>;
}

// One place for the body's looks, so the elements stay bare (and the editor's preview looks as the page does).
const BODY_STYLE = [
  "[&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-brand-900 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-brand-900",
  "[&_ul]:list-disc [&_ol]:list-decimal [&_ul,&_ol]:space-y-1 [&_ul,&_ol]:ps-6 [&_li>ul,&_li>ol]:mt-1",
  "[&_blockquote]:space-y-3 [&_blockquote]:border-s-4 [&_blockquote]:border-brand-200 [&_blockquote]:ps-4",
  "[&_blockquote]:text-slate-700 [&_blockquote]:italic",
  "[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-brand-900",
  "[&_img]:my-2 [&_img]:inline-block [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg",
].join(" ");

function drawBlocks(blocks: Block[]): ReactNode[] {
  return blocks.map((block, i) => {
    switch (block.t) {
      case "p":
        return <p key={i}>{drawInline(block.c)}</p>;
      case "text":
        return <Fragment key={i}>{drawInline(block.c)}</Fragment>;
      case "h2":
        return <h2 key={i}>{drawInline(block.c)}</h2>;
      case "h3":
        return <h3 key={i}>{drawInline(block.c)}</h3>;
      case "quote":
        return <blockquote key={i}>{drawBlocks(block.c)}</blockquote>;
      case "ul":
        return (
          <ul key={i}>
            {block.items.map((item, j) => (
              <li key={j}>{drawBlocks(item)}</li>
            ))}
          </ul>
        );
      case "ol":
        return (
          <ol key={i} start={block.start === 1 ? undefined : block.start}>
            {block.items.map((item, j) => (
              <li key={j}>{drawBlocks(item)}</li>
            ))}
          </ol>
        );
    }
  });
}

// Only other sites' pages are "external": they get rel="noopener" (no window.opener for them, ADR 0044).
const external = (href: string) => /^https?:/i.test(href);

function drawInline(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, i) => {
    if (typeof node === "string") return node;
    switch (node.t) {
      case "br":
        return <br key={i} />;
      case "strong":
        return <strong key={i}>{drawInline(node.c)}</strong>;
      case "em":
        return <em key={i}>{drawInline(node.c)}</em>;
      case "a":
        return (
          <a key={i} href={node.href} rel={external(node.href) ? "noopener" : undefined}>
            {drawInline(node.c)}
          </a>
        );
      case "img":
        return <img key={i} src={node.src} alt={node.alt} loading="lazy" decoding="async" />;
    }
  });
}
