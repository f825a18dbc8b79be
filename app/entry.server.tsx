import type { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { contentSecurityPolicy, inlineScriptHashes } from "~/lib/csp.server";
import { log } from "~/lib/log.server";

export const streamTimeout = 5_000;

/**
 * Renders the whole document before sending it (every public page is complete HTML for buyers and crawlers
 * alike). The page's Content-Security-Policy lists the hash of each inline script React Router wrote, so the same
 * bytes can be served from the page cache to anyone (ADR 0018).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: RouterContextProvider,
) {
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "no-cache");
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  return new Promise<Response>((resolve, reject) => {
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      onAllReady() {
        pipe(
          collectBytes((bytes) => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            const html = withoutModulePreloads(bytes.toString("utf8"));
            // Vite writes scripts of its own in development; the policy is for the built site.
            if (!import.meta.env.DEV)
              responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(inlineScriptHashes(html)));
            resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
          }, reject),
        );
      },
      onShellError: reject,
      onError(error) {
        responseStatusCode = 500;
        log.error("[render] the page could not be rendered", error);
      },
    });
  });
}

/**
 * Where React writes the finished page: its bytes are gathered and handed over whole. React's pipe() uses only
 * write, end, destroy and on of its destination, and a page is never written anywhere slow, so a stream's
 * buffering, back-pressure and events would only cost time (a tenth of an uncached render, ADR 0018).
 */
function collectBytes(onEnd: (bytes: Buffer) => void, onError: (error: unknown) => void): Writable {
  const chunks: Uint8Array[] = [];
  const destination = {
    // Bytes, or a string when React writes a long text (an inline script) as it is.
    write(chunk: Uint8Array | string) {
      chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
      return true;
    },
    end() {
      onEnd(Buffer.concat(chunks));
    },
    destroy(error?: unknown) {
      onError(error ?? new Error("The page could not be written."));
    },
    on() {
      return destination;
    },
  };
  return destination as unknown as Writable;
}

// React Router's <Scripts> preloads every module of the page; React hoists the links into <head>. Written by
// React, so a literal "<link" in the page is always a tag (text and JSON are escaped).
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>/g;

/**
 * The page without its module preloads. Those ~105 KB of JavaScript are fetched at high priority with the
 * stylesheet and the largest picture and, on a slow phone connection, share its bandwidth, so the first paint
 * waited for code the page does not need to be read: every page works without JavaScript. Without them the
 * modules load once the page's own module script is parsed, and hydration starts one round trip later (ADR 0019).
 */
function withoutModulePreloads(html: string) {
  return html.replace(MODULE_PRELOAD, "");
}

/**
 * Logs what went wrong on the server (a loader, an action, a render), once, on a line with the request's id; a 4xx
 * answer to a bad request (thrown as a route response) is not an error. The error boundaries log only in the
 * browser: on the server this line is the one.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  log.error(`[request] ${request.method} ${new URL(request.url).pathname} failed`, error);
};
