import MarkdownIt, { type Token } from "markdown-it";
import type { Block, Inline } from "./body-tree";
import { stars } from "./stars";

/**
 * The blog's Markdown subset (ADR 0044): paragraphs and line breaks (spec §2), `#` headings, `- ` and `1. ` lists,
 * `> ` quotes, [links](https://…) and ![pictures](/media/…), with the spec's own **bold** and *italic*. Anything
 * else, HTML included, stays text. Parsed by markdown-it with only these rules on, into data (./body-tree).
 */
export const BODY_MAX_NESTING = 20;

/** Links: http(s), mailto and this site's own paths; anything else (javascript:, data:, //host) stays text. */
export function safeLinkHref(url: string): string | null {
  const value = url.trim();
  if (/^\/(?![/\\])/.test(value)) return value;
  if (/^mailto:[^\s]+$/i.test(value)) return value;
  if (!/^https?:\/\//i.test(value)) return null;
  try {
    const parsed = new URL(value);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? value : null;
  } catch {
    return null;
  }
}

/** Pictures: our own stored files (/media/…) or https (never http on an https page, never data:). */
export function safePictureSrc(url: string): string | null {
  const value = url.trim();
  if (/^\/media\/[^\s\\]+$/.test(value) && !value.includes("..")) return value;
  if (!/^https:\/\//i.test(value)) return null;
  try {
    return new URL(value).protocol === "https:" ? value : null;
  } catch {
    return null;
  }
}

const md = new MarkdownIt("zero", { html: false, linkify: false, typographer: false, maxNesting: BODY_MAX_NESTING });
md.enable(["heading", "list", "blockquote", "newline", "link", "image"]);
// Checked after markdown-it has decoded entities and escapes, so "jav&#97;script:" is refused as "javascript:" is.
md.validateLink = (url) => safeLinkHref(url) !== null;

// Only "- " bullets and "1. " numbers: "* " and "+ " lines read as they always did (stars, plain text), and
// "1)" stays text. markdown-it knows all five markers, so its list rule is asked only where ours begins.
const listRule = md.block.ruler.__rules__.find((rule) => rule.name === "list")!.fn;
md.block.ruler.at(
  "list",
  (state, startLine, endLine, silent) => {
    const at = state.bMarks[startLine] + state.tShift[startLine];
    const head = state.src.slice(at, at + 11);
    if (!/^(?:-|\d{1,9}\.)(?:[ \t]|$)/.test(head)) return false;
    return listRule(state, startLine, endLine, silent);
  },
  { alt: ["paragraph", "reference", "blockquote"] },
);

// A picture from elsewhere is not a picture: its source stays text rather than loading from any address.
const imageRule = md.inline.ruler.__rules__.find((rule) => rule.name === "image")!.fn;
md.inline.ruler.at("image", (state, silent) => {
  const tokens = state.tokens.length;
  const { pos, pending } = state;
  const ok = imageRule(state, silent);
  if (!ok || silent) return ok;
  const token = state.tokens[tokens];
  if (token?.type === "image" && safePictureSrc(String(token.attrGet("src") ?? "")) !== null) return true;
  state.tokens.length = tokens;
  state.pos = pos;
  state.pending = pending;
  return false;
});

// Links and pictures take a place in the line while the stars are read around them (see inline()).
const ATOM = "\uFFFC";

/** A body as blocks. Linear in its length: markdown-it's rules are, and so is the star scan (bench:formatter). */
export function parseBody(text: string): Block[] {
  const tokens = md.parse(text.replaceAll(ATOM, "\uFFFD"), {});
  return blocks(tokens, 0, tokens.length);
}

function blocks(tokens: Token[], from: number, to: number): Block[] {
  const out: Block[] = [];
  let i = from;
  while (i < to) {
    const token = tokens[i];
    if (token.nesting !== 1) {
      if (token.type === "inline") out.push({ t: "text", c: inline(token.children ?? []) });
      i++;
      continue;
    }
    const close = closing(tokens, i, to);
    if (token.type === "paragraph_open") {
      const c = inline(tokens[i + 1].children ?? []);
      out.push(token.hidden ? { t: "text", c } : { t: "p", c });
    } else if (token.type === "heading_open") {
      out.push({ t: token.tag === "h1" || token.tag === "h2" ? "h2" : "h3", c: inline(tokens[i + 1].children ?? []) });
    } else if (token.type === "blockquote_open") {
      out.push({ t: "quote", c: blocks(tokens, i + 1, close) });
    } else if (token.type === "bullet_list_open" || token.type === "ordered_list_open") {
      const items: Block[][] = [];
      for (let j = i + 1; j < close;) {
        const end = closing(tokens, j, close);
        items.push(blocks(tokens, j + 1, end));
        j = end + 1;
      }
      if (token.type === "bullet_list_open") out.push({ t: "ul", items });
      else out.push({ t: "ol", start: Number(token.attrGet("start") ?? 1), items });
    }
    i = close + 1;
  }
  return out;
}

/** The index of the token closing the one opened at `open`. */
function closing(tokens: Token[], open: number, to: number): number {
  let depth = 0;
  for (let i = open; i < to; i++) {
    depth += tokens[i].nesting;
    if (depth === 0) return i;
  }
  return to - 1;
}

/** An inline run: lines (a newline is a line break), stars read per line, links and pictures kept whole. */
function inline(tokens: Token[]): Inline[] {
  const out: Inline[] = [];
  let line = "";
  let atoms: Inline[] = [];
  const endLine = () => {
    out.push(...place(stars(line), atoms));
    line = "";
    atoms = [];
  };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.type === "softbreak" || token.type === "hardbreak") {
      endLine();
      out.push({ t: "br" });
    } else if (token.type === "text") {
      line += token.content;
    } else if (token.type === "image") {
      line += ATOM;
      atoms.push({ t: "img", src: String(token.attrGet("src") ?? ""), alt: token.content });
    } else if (token.type === "link_open") {
      const close = closing(tokens, i, tokens.length);
      const href = String(token.attrGet("href") ?? "");
      const c = inline(tokens.slice(i + 1, close));
      line += ATOM;
      atoms.push({ t: "a", href, c });
      i = close;
    }
  }
  endLine();
  return out;
}

/** Puts the links and pictures back where their placeholders are, in order. */
function place(nodes: Inline[], atoms: Inline[]): Inline[] {
  if (!atoms.length) return nodes;
  let next = 0;
  const walk = (list: Inline[]): Inline[] =>
    list.flatMap((node): Inline[] => {
      if (typeof node === "string") {
        return node
          .split(ATOM)
          .flatMap((part, k) => (k === 0 ? (part ? [part] : []) : [atoms[next++], ...(part ? [part] : [])]));
      }
      if (node.t === "strong" || node.t === "em" || node.t === "a") return [{ ...node, c: walk(node.c) }];
      return [node];
    });
  return walk(nodes);
}
