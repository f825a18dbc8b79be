import http from "node:http";
import type { AddressInfo } from "node:net";

/** The app served as server/serve.ts serves it (Node's listener: cache hits first, the rest through Hono). */
export async function listenOnLoopback(app: { nodeListener(): http.RequestListener }) {
  const server = http.createServer(app.nodeListener());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

export interface WireResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The header lines as sent, names and values alternating: a header sent twice appears twice. */
  rawHeaders: string[];
  body: Buffer;
}

/** One request over a real socket (with a body, if given): what the server actually sends, nothing decoded. */
export function overTheWire(
  url: string,
  headers: Record<string, string> = {},
  method = "GET",
  body?: string,
): Promise<WireResponse> {
  return new Promise((resolve, reject) => {
    // A connection of its own: Node 20's global agent keeps sockets alive, and one the server closed after its
    // keep-alive timeout (a test waiting for a refresh on a loaded machine) reset the next request (ECONNRESET).
    const req = http.request(url, { headers, method, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({
          status: res.statusCode!,
          headers: res.headers,
          rawHeaders: res.rawHeaders,
          body: Buffer.concat(chunks),
        }),
      );
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** Every value sent for one header, however often it was sent. */
export const headerValues = (rawHeaders: string[], name: string) =>
  rawHeaders.filter((_, i) => i % 2 === 1 && rawHeaders[i - 1].toLowerCase() === name);
