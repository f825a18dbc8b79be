import contentDisposition from "content-disposition";
import { nextUtcMidnight } from "~/lib/time";

/** A PDF's file name: `name` in the page's language, `fallback` in plain ASCII for clients without RFC 6266. */
export interface PdfFileName {
  name: string;
  fallback: string;
}

/**
 * A PDF shown in the browser's viewer, saved under `fileName` (`filename*=UTF-8''…`, the fallback as `filename`). `no-cache` with the page cache's ETag, as pages
 * (ADR 0018); `Expires` tells the page cache to drop it at the midnight after `now`, the server's clock the PDF was
 * made by, even when no content changed. One built without a picture the storage could not give is `no-store`:
 * sent, never kept, so the next request builds it whole once the storage is back.
 */
export function pdfResponse(pdf: { bytes: Uint8Array; complete: boolean }, fileName: PdfFileName, now: Date): Response {
  const { bytes, complete } = pdf;
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": contentDisposition(fileName.name, {
        type: "inline",
        fallback: asciiName(fileName.fallback),
      }),
      "Content-Length": String(bytes.byteLength),
      ...(complete
        ? {
            "Cache-Control": "no-cache",
            // Indicative prices and certificates end with their last day, and the date printed changes.
            Expires: new Date(nextUtcMidnight(now.getTime())).toUTCString(),
          }
        : { "Cache-Control": "no-store" }),
    },
  });
}

const asciiName = (name: string) => name.replace(/[^A-Za-z0-9._-]+/g, "-");

/**
 * A PDF has one address: any query string answers 301 to the bare path, so no one can make the server build the
 * catalogue again and again under new cache keys (`?1`, `?2`, …).
 */
export function bareAddressRedirect(request: Request): Response | null {
  const url = new URL(request.url);
  return url.search ? movedTo(url.pathname) : null;
}

export const movedTo = (location: string) => new Response(null, { status: 301, headers: { Location: location } });
