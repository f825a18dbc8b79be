/**
 * A blog body as plain data: what the server parses once and the page draws as React elements (never as HTML).
 * Data rather than markup, so the public page hydrates without shipping the parser to readers' phones.
 */
export type Inline =
  | string
  | { t: "strong" | "em"; c: Inline[] }
  | { t: "br" }
  | { t: "a"; href: string; c: Inline[] }
  | { t: "img"; src: string; alt: string };

export type Block =
  | { t: "p" | "h2" | "h3"; c: Inline[] }
  /** A tight list item's text: no paragraph around it. */
  | { t: "text"; c: Inline[] }
  | { t: "ul"; items: Block[][] }
  | { t: "ol"; start: number; items: Block[][] }
  | { t: "quote"; c: Block[] };

/** The words of a body, without its marks: for a page's description. */
export function plainText(blocks: Block[]): string {
  const out: string[] = [];
  const inline = (nodes: Inline[]) => {
    for (const node of nodes) {
      if (typeof node === "string") out.push(node);
      else if (node.t === "br") out.push(" ");
      else if (node.t === "img") out.push(node.alt);
      else inline(node.c);
    }
  };
  const walk = (list: Block[]) => {
    for (const block of list) {
      if (block.t === "ul" || block.t === "ol") block.items.forEach(walk);
      else if (block.t === "quote") walk(block.c);
      else inline(block.c);
      out.push(" ");
    }
  };
  walk(blocks);
  return out.join("").replace(/\s+/g, " ").trim();
}
