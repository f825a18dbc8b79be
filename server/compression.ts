import type { MiddlewareHandler } from "hono";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";
import { acceptsEncoding } from "../app/lib/web/accept-encoding";
import { varyOnAcceptEncoding } from "./response-headers";

// Below about one packet, compressing saves next to nothing and costs a compression stream per response.
const MIN_BYTES = 1024;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/**
 * Gzip for the responses made per request (pages, data, JSON), in place of Hono's compress(): that one copies the
 * response to set Vary even when it compresses nothing, which sends every small answer (/healthz, files) down
 * @hono/node-server's slow streaming path. Here a response that is not compressible (pictures, fonts), is already
 * encoded (the precompressed assets), is a range or is known to be small is left exactly as it is. Only gzip:
 * every client that takes deflate takes gzip, and brotli per request costs far more CPU than it saves.
 */
export function compressDynamic(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (c.req.method === "HEAD" || res.status === 206 || res.status === 204 || res.status === 304) return;
    const headers = res.headers;
    if (headers.has("Content-Encoding") || headers.has("Transfer-Encoding")) return;
    const type = headers.get("Content-Type");
    if (!type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) return;
    const length = headers.get("Content-Length");
    if (length !== null && Number(length) < MIN_BYTES) return;
    if (NO_TRANSFORM.test(headers.get("Cache-Control") ?? "")) return;
    varyOnAcceptEncoding(c);
    if (!acceptsEncoding(c.req.header("Accept-Encoding"), "gzip") || !c.res.body) return;
    c.res = new Response(c.res.body.pipeThrough(new CompressionStream("gzip")), c.res);
    // After the assignment: Hono's setter copies the old response's headers (Content-Length among them) onto it.
    c.res.headers.delete("Content-Length");
    c.res.headers.set("Content-Encoding", "gzip");
    const etag = c.res.headers.get("ETag");
    if (etag && !etag.startsWith("W/")) c.res.headers.set("ETag", `W/${etag}`);
  };
}
