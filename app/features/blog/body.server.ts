import { parseBody } from "./body";
import { plainText, type Block } from "./body-tree";

/**
 * A post's body for its public page: parsed here on the server, so readers' browsers get blocks of data and
 * never load the parser (a .server module stays out of the browser's bundle).
 */
export function publicBody(content: string, excerpt: string | null): { blocks: Block[]; description: string } {
  const blocks = parseBody(content);
  return { blocks, description: excerpt?.trim() || plainText(blocks).slice(0, 160) };
}
