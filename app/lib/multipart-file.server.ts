import { createWriteStream } from "node:fs";
import { once } from "node:events";
import { isDiskFull } from "./disk-full";

/** A multipart body that is not one readable file part, or a file over the limit. */
export class MultipartFileError extends Error {
  constructor(
    message: string,
    readonly tooLarge = false,
  ) {
    super(message);
  }
}

const CRLF2 = Buffer.from("\r\n\r\n");

/**
 * Streams the first file part of a multipart/form-data body to `target`, chunk by chunk, never holding the file in
 * memory (a form's own parser reads it whole). Returns the file's name as sent and its size; a file over
 * `maxBytes`, a body without a file, or a broken body is a MultipartFileError (the caller removes `target`).
 */
export async function saveMultipartFile(
  request: Request,
  target: string,
  maxBytes: number,
): Promise<{ fileName: string; size: number }> {
  const boundaryValue = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(request.headers.get("content-type") ?? "");
  const boundaryText = boundaryValue?.[1] ?? boundaryValue?.[2];
  if (!boundaryText || !request.body) throw new MultipartFileError("The form could not be read.");
  const delimiter = Buffer.from(`\r\n--${boundaryText.trim()}`);
  const out = createWriteStream(target);
  const closed = once(out, "close");
  // The body starts with `--boundary`; a leading CRLF makes every delimiter look alike.
  let pending: Buffer = Buffer.from("\r\n");
  let fileName: string | null = null;
  let inFile = false;
  let finished = false;
  let size = 0;
  const write = async (bytes: Buffer) => {
    if (!bytes.length) return;
    size += bytes.length;
    if (size > maxBytes) throw new MultipartFileError("too large", true);
    if (!out.write(bytes)) await once(out, "drain");
  };
  try {
    const reader = request.body.getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      if (finished) continue; // the rest of the form (other fields) is read and dropped
      pending = pending.length ? Buffer.concat([pending, value]) : Buffer.from(value);
      for (;;) {
        if (!inFile) {
          // Headers of the next part: up to a blank line after a delimiter.
          const at = pending.indexOf(delimiter);
          if (at < 0) {
            pending = pending.subarray(Math.max(0, pending.length - delimiter.length - 2));
            break;
          }
          const headersEnd = pending.indexOf(CRLF2, at);
          if (headersEnd < 0) {
            if (pending.length - at > 16 * 1024) throw new MultipartFileError("The form could not be read.");
            pending = pending.subarray(at);
            break;
          }
          const headers = pending.subarray(at + delimiter.length, headersEnd).toString("utf8");
          pending = pending.subarray(headersEnd + CRLF2.length);
          const name = /filename="([^"]*)"/i.exec(headers);
          if (name) {
            fileName = name[1];
            inFile = true;
          }
          continue;
        }
        const end = pending.indexOf(delimiter);
        if (end >= 0) {
          await write(pending.subarray(0, end));
          pending = Buffer.alloc(0);
          finished = true;
          break;
        }
        // Keep a delimiter's length back: it may be split between two chunks.
        const keep = delimiter.length;
        if (pending.length > keep) {
          await write(pending.subarray(0, pending.length - keep));
          pending = Buffer.from(pending.subarray(pending.length - keep));
        }
        break;
      }
    }
    if (!finished || fileName === null) throw new MultipartFileError("No file was sent.");
    out.end();
    await closed;
    return { fileName, size };
  } catch (error) {
    out.destroy();
    await closed.catch(() => {});
    // A full disk is the server's trouble, not the form's: it goes up as it is.
    if (error instanceof MultipartFileError || isDiskFull(error)) throw error;
    throw new MultipartFileError("The form could not be read.");
  }
}
