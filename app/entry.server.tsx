import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { contentSecurityPolicy, inlineScriptHashes } from "~/lib/csp.server";

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
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  return new Promise<Response>((resolve, reject) => {
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      onAllReady() {
        const chunks: Buffer[] = [];
        const body = new Writable({
          write(chunk: Buffer, _encoding, callback) {
            chunks.push(chunk);
            callback();
          },
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            const html = Buffer.concat(chunks).toString("utf8");
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "no-cache");
            // Vite writes scripts of its own in development; the policy is for the built site.
            if (!import.meta.env.DEV)
              responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(inlineScriptHashes(html)));
            resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
            callback();
          },
        });
        pipe(body);
      },
      onShellError: reject,
      onError(error) {
        responseStatusCode = 500;
        console.error(error);
      },
    });
  });
}

/** Logs what went wrong on the server; a 4xx answer to a bad request (thrown as a route response) is not an error. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
};
