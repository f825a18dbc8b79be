import net from "node:net";
import type { AddressInfo } from "node:net";

/**
 * A TCP relay in front of a real server that can go silent: while stalled, connections stay open and nothing is
 * passed either way (new ones are accepted and wait), as when a database host hangs or a network drops packets.
 */
export async function startStallingProxy(target: { host: string; port: number }) {
  let stalled = false;
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    const pair = { client, upstream };
    pairs.add(pair);
    client.pipe(upstream);
    upstream.pipe(client);
    if (stalled) pause(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on("error", end).on("close", end);
    upstream.on("error", end).on("close", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const pause = ({ client, upstream }: { client: net.Socket; upstream: net.Socket }) => {
    client.unpipe(upstream);
    upstream.unpipe(client);
    client.pause();
    upstream.pause();
  };
  return {
    port: (server.address() as AddressInfo).port,
    stall() {
      stalled = true;
      for (const pair of pairs) pause(pair);
    },
    resume() {
      // Once: piping a pair twice would send every byte twice.
      if (!stalled) return;
      stalled = false;
      for (const { client, upstream } of pairs) {
        client.pipe(upstream);
        upstream.pipe(client);
      }
    },
    close() {
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
