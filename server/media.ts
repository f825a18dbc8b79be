import type { Context } from "hono";
import rangeParser from "range-parser";
import { MEDIA_PREFIX, mediaType, type ByteRange, type Storage } from "../app/lib/storage/storage.server";
import { isNotModified, rangeStillApplies } from "./conditional-get";

const notFound = () =>
  new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=UTF-8" } });

/**
 * Stored pictures under MEDIA_PREFIX, through the Storage interface (a folder today, S3 later): streamed, never read
 * whole; with validators for 304, and single byte ranges for 206. Several ranges in one request get the whole
 * file (200), which is allowed and avoids multipart bodies no browser asks for when showing a picture.
 */
export async function serveMedia(c: Context, storage: Storage): Promise<Response> {
  const objectPath = decodeURIComponent(new URL(c.req.url).pathname.slice(MEDIA_PREFIX.length));
  const type = mediaType(objectPath);
  if (!type) return notFound();
  const info = await storage.stat(objectPath);
  if (!info) return notFound();

  const validators = {
    // Stored names are never reused (a replaced picture gets a new random name), so size and time of the write
    // tell versions apart; they are known without reading the file.
    etag: `"${info.size.toString(16)}-${info.modified.getTime().toString(16)}"`,
    lastModified: info.modified.toUTCString(),
  };
  const headers: Record<string, string> = {
    "Content-Type": type,
    "Cache-Control": "public, max-age=31536000, immutable",
    "Content-Disposition": "inline",
    "Accept-Ranges": "bytes",
    ETag: validators.etag,
    "Last-Modified": validators.lastModified,
  };
  if (isNotModified(c, validators)) return new Response(null, { status: 304, headers });

  let range: ByteRange | undefined;
  const rangeHeader = c.req.header("Range");
  if (rangeHeader && rangeStillApplies(c, validators)) {
    const ranges = rangeParser(info.size, rangeHeader, { combine: true });
    if (ranges === -1) {
      headers["Content-Range"] = `bytes */${info.size}`;
      return new Response(null, { status: 416, headers });
    }
    // A malformed header (-2), another unit or several ranges: the whole file.
    if (ranges !== -2 && ranges.type === "bytes" && ranges.length === 1) range = ranges[0];
  }
  const length = range ? range.end - range.start + 1 : info.size;
  headers["Content-Length"] = String(length);
  if (range) headers["Content-Range"] = `bytes ${range.start}-${range.end}/${info.size}`;
  const status = range ? 206 : 200;
  // HEAD: the headers only; a stream opened here would hold a file open until it was collected.
  if (c.req.method === "HEAD") return new Response(null, { status, headers });
  return new Response(storage.read(objectPath, range), { status, headers });
}
