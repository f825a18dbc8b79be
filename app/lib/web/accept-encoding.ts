import { parseAccept } from "hono/utils/accept";

/** True when the client takes this content coding: listed with q > 0, or covered by "*" with q > 0 and not refused by name. */
export function acceptsEncoding(header: string | undefined, encoding: string): boolean {
  if (!header) return false;
  const accepts = parseAccept(header);
  const named = accepts.find((a) => a.type.toLowerCase() === encoding);
  const q = named ? named.q : (accepts.find((a) => a.type === "*")?.q ?? 0);
  return q > 0;
}
