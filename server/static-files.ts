import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import type { MiddlewareHandler } from "hono";
import { getMimeType } from "hono/utils/mime";
import { acceptsEncoding } from "../app/lib/web/accept-encoding";
import { isNotModified } from "./conditional-get";

/** What of the client build is public, and how long a cache may keep it. */
const PUBLIC_FILES: { prefix: string; cacheControl: string }[] = [
  // Fingerprinted build output never changes under its name.
  { prefix: "/assets/", cacheControl: "public, max-age=31536000, immutable" },
  // Unfingerprinted files from public/: the icon and the stock pictures; they may change with a release.
  { prefix: "/images/", cacheControl: "public, max-age=86400" },
  { prefix: "/favicon.svg", cacheControl: "public, max-age=86400" },
  // The icons scripts/make-icons.mjs renders from it, and the web manifest that lists them.
  { prefix: "/favicon.ico", cacheControl: "public, max-age=86400" },
  { prefix: "/apple-touch-icon.png", cacheControl: "public, max-age=86400" },
  { prefix: "/icon-192.png", cacheControl: "public, max-age=86400" },
  { prefix: "/logo-512.png", cacheControl: "public, max-age=86400" },
  { prefix: "/site.webmanifest", cacheControl: "public, max-age=86400" },
];

// Held in memory up to this size (the whole build is about 1 MB today); anything larger is streamed from disk.
const MAX_IN_MEMORY_BYTES = 1024 * 1024;

/** Content codings scripts/precompress.mjs writes, in the order they are preferred. */
const CODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;

interface Variant {
  coding: string | null;
  file: string;
  size: number;
  bytes: Uint8Array<ArrayBuffer> | null;
  etag: string;
}

interface StaticFile {
  type: string;
  cacheControl: string;
  lastModified: string;
  /** Precompressed copies, preferred first; the original last. */
  variants: Variant[];
}

/** One copy of a file: held in memory when small enough (`bytes` given when already read), else streamed. */
function variant(file: string, coding: string | null, tag: string, bytes?: Uint8Array<ArrayBuffer>): Variant {
  const size = bytes?.byteLength ?? fs.statSync(file).size;
  return {
    coding,
    file,
    size,
    bytes: size <= MAX_IN_MEMORY_BYTES ? (bytes ?? fs.readFileSync(file)) : null,
    etag: `"${coding ? `${tag}-${coding}` : tag}"`,
  };
}

/** Reads the public part of the client build once, at start-up: the build does not change under a running server. */
export function loadClientBuild(clientDir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const name of fs.readdirSync(clientDir, { recursive: true }).map(String)) {
    const file = path.join(clientDir, name);
    const urlPath = "/" + name.split(path.sep).join("/");
    const rule = PUBLIC_FILES.find((r) => urlPath.startsWith(r.prefix));
    if (!rule) continue;
    const stat = fs.statSync(file);
    if (!stat.isFile()) continue;
    // A precompressed copy is served in place of its original, never under its own name.
    if (CODINGS.some((c) => name.endsWith(c.suffix) && fs.existsSync(file.slice(0, -c.suffix.length)))) continue;
    // Read once: hashed for the validator, and kept as the original's bytes.
    const original: Uint8Array<ArrayBuffer> = fs.readFileSync(file);
    const tag = createHash("sha256").update(original).digest("base64url").slice(0, 22);
    const variants = CODINGS.filter((c) => fs.existsSync(file + c.suffix)).map((c) =>
      variant(file + c.suffix, c.name, tag),
    );
    variants.push(variant(file, null, tag, original));
    files.set(urlPath, {
      type: getMimeType(file) ?? "application/octet-stream",
      cacheControl: rule.cacheControl,
      lastModified: stat.mtime.toUTCString(),
      variants,
    });
  }
  return files;
}

/**
 * Serves the public files of the client build from memory: the precompressed copy the client takes (brotli, then
 * gzip, else the original), with its length, the original's type, a validator and the cache policy of its folder.
 * Nothing is compressed per request. Other paths go on to the next handler.
 */
export function serveClientBuild(clientDir: string): MiddlewareHandler {
  const files = loadClientBuild(clientDir);
  return async (c, next) => {
    const file = files.get(c.req.path);
    if (!file || (c.req.method !== "GET" && c.req.method !== "HEAD")) return next();
    const accept = c.req.header("Accept-Encoding");
    const chosen = file.variants.find((v) => !v.coding || acceptsEncoding(accept, v.coding))!;
    const headers: Record<string, string> = {
      "Content-Type": file.type,
      "Cache-Control": file.cacheControl,
      ETag: chosen.etag,
      "Last-Modified": file.lastModified,
    };
    // Caches must keep the copies apart whenever there is more than one.
    if (file.variants.length > 1) headers.Vary = "Accept-Encoding";
    if (isNotModified(c, { etag: chosen.etag, lastModified: file.lastModified }))
      return new Response(null, { status: 304, headers });
    if (chosen.coding) headers["Content-Encoding"] = chosen.coding;
    // @hono/node-server adds Content-Length to a body of bytes itself; set here too, it would be sent twice.
    if (c.req.method === "HEAD" || !chosen.bytes) headers["Content-Length"] = String(chosen.size);
    if (c.req.method === "HEAD") return new Response(null, { headers });
    return new Response(
      chosen.bytes ?? (Readable.toWeb(fs.createReadStream(chosen.file)) as ReadableStream<Uint8Array>),
      {
        headers,
      },
    );
  };
}
