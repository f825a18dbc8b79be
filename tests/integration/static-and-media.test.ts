import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../support/test-app";
import { createTestDatabase, engineName, type TestDatabase } from "../support/test-db";
import { jpegFile } from "../support/images";
import { headerValues, listenOnLoopback, overTheWire as requestOverTheWire } from "../support/over-the-wire";

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let server: Awaited<ReturnType<typeof listenOnLoopback>>;
let origin: string;

const ASSETS = "build/client/assets";
// The largest script: certainly above the precompression threshold, so it has both copies.
const script = fs
  .readdirSync(ASSETS)
  .filter((f) => f.endsWith(".js"))
  .sort((a, b) => fs.statSync(path.join(ASSETS, b)).size - fs.statSync(path.join(ASSETS, a)).size)[0];
const scriptBytes = fs.readFileSync(path.join(ASSETS, script));

const PICTURE = "public/tests/picture-abcdefgh.jpg";
const pictureUrl = `/media/application-assets/${PICTURE}`;
let picture: Buffer;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestApp(t.db, t.dataDir);
  picture = Buffer.from(await (await jpegFile("p.jpg", 400)).arrayBuffer());
  await app.storage.put(PICTURE, picture, "image/jpeg");
  server = await listenOnLoopback(app.app);
  origin = server.origin;
});
afterAll(async () => {
  await server.close();
  await t.cleanup();
});

const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

/** One request over a real socket, with the raw header lines: what the server actually sends. */
const overTheWire = (pathname: string, headers?: Record<string, string>, method?: string) =>
  requestOverTheWire(origin + pathname, headers, method);

describe(`fingerprinted assets on ${engineName}`, () => {
  it("sends the brotli copy made at build time to a client that takes brotli, decoding to the original", async () => {
    const response = await app.request(`/assets/${script}`, { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Encoding")).toBe("br");
    expect(response.headers.get("Vary")).toBe("Accept-Encoding");
    expect(response.headers.get("Content-Type")).toBe("text/javascript; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const body = await bytesOf(response);
    // Byte for byte the file written at build time: nothing was compressed for this request.
    expect(body.equals(fs.readFileSync(path.join(ASSETS, `${script}.br`)))).toBe(true);
    expect(zlib.brotliDecompressSync(body).equals(scriptBytes)).toBe(true);
  });

  it("sends the gzip copy to a client that takes gzip but not brotli", async () => {
    const response = await app.request(`/assets/${script}`, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.headers.get("Content-Encoding")).toBe("gzip");
    expect(response.headers.get("Vary")).toBe("Accept-Encoding");
    const body = await bytesOf(response);
    expect(body.equals(fs.readFileSync(path.join(ASSETS, `${script}.gz`)))).toBe(true);
    expect(zlib.gunzipSync(body).equals(scriptBytes)).toBe(true);
    // Refused by q=0: brotli is not sent even though it is preferred.
    const refused = await app.request(`/assets/${script}`, { headers: { "Accept-Encoding": "br;q=0, gzip" } });
    expect(refused.headers.get("Content-Encoding")).toBe("gzip");
  });

  it("sends the original without Accept-Encoding, still marked as varying by it", async () => {
    const response = await app.request(`/assets/${script}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Encoding")).toBeNull();
    expect(response.headers.get("Vary")).toBe("Accept-Encoding");
    expect((await bytesOf(response)).equals(scriptBytes)).toBe(true);
  });

  it("sends one correct Content-Length over the wire, for each copy and for HEAD", async () => {
    for (const [encoding, file] of [
      ["br", `${script}.br`],
      ["gzip", `${script}.gz`],
      ["identity", script],
    ]) {
      const response = await overTheWire(`/assets/${script}`, { "Accept-Encoding": encoding });
      expect(headerValues(response.rawHeaders, "content-length")).toEqual([
        String(fs.statSync(path.join(ASSETS, file)).size),
      ]);
      expect(response.body.length).toBe(fs.statSync(path.join(ASSETS, file)).size);
    }
    const head = await overTheWire(`/assets/${script}`, { "Accept-Encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(headerValues(head.rawHeaders, "content-length")).toHaveLength(1);
  });

  it("answers 304 to a revalidation of the copy the client has, and leaves unknown assets to the not-found page", async () => {
    const first = await app.request(`/assets/${script}`, { headers: { "Accept-Encoding": "br" } });
    const etag = first.headers.get("ETag")!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await app.request(`/assets/${script}`, {
      headers: { "Accept-Encoding": "br", "If-None-Match": etag },
    });
    expect(again.status).toBe(304);
    // The gzip copy is another representation: its own tag, so a cache keeping the brotli one cannot revalidate it.
    const gzip = await app.request(`/assets/${script}`, {
      headers: { "Accept-Encoding": "gzip", "If-None-Match": etag },
    });
    expect(gzip.status).toBe(200);

    const missing = await app.request("/assets/no-such-file-12345678.js");
    expect(missing.status).toBe(404);
    // The copies are served in place of their originals, never by their own names.
    expect((await app.request(`/assets/${script}.br`)).status).toBe(404);
  });

  it("serves the public files (icon) from the build with a day's cache", async () => {
    const response = await app.request("/favicon.svg");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=86400");
    expect((await bytesOf(response)).equals(fs.readFileSync("public/favicon.svg"))).toBe(true);
  });
});

describe(`stored media on ${engineName}`, () => {
  it("streams a picture with validators, byte ranges offered, and no compression", async () => {
    const response = await app.request(pictureUrl, { headers: { "Accept-Encoding": "gzip, br" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/jpeg");
    expect(response.headers.get("Content-Disposition")).toBe("inline");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("Accept-Ranges")).toBe("bytes");
    expect(response.headers.get("ETag")).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(new Date(response.headers.get("Last-Modified")!).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(response.headers.get("Content-Encoding")).toBeNull();
    expect(response.headers.get("Content-Length")).toBe(String(picture.length));
    expect((await bytesOf(response)).equals(picture)).toBe(true);
  });

  it("answers 304 when the client's copy is current, by ETag or by date", async () => {
    const first = await app.request(pictureUrl);
    await first.arrayBuffer();
    const byTag = await app.request(pictureUrl, { headers: { "If-None-Match": first.headers.get("ETag")! } });
    expect(byTag.status).toBe(304);
    expect(await byTag.text()).toBe("");
    const byDate = await app.request(pictureUrl, {
      headers: { "If-Modified-Since": first.headers.get("Last-Modified")! },
    });
    expect(byDate.status).toBe(304);
    const otherTag = await app.request(pictureUrl, { headers: { "If-None-Match": '"another-version"' } });
    expect(otherTag.status).toBe(200);
    await otherTag.arrayBuffer();
  });

  it("sends a single byte range as 206 with its Content-Range", async () => {
    const first = await app.request(pictureUrl, { headers: { Range: "bytes=0-99" } });
    expect(first.status).toBe(206);
    expect(first.headers.get("Content-Range")).toBe(`bytes 0-99/${picture.length}`);
    expect(first.headers.get("Content-Length")).toBe("100");
    const body = await bytesOf(first);
    expect(body.length).toBe(100);
    expect(body.equals(picture.subarray(0, 100))).toBe(true);

    const tail = await app.request(pictureUrl, { headers: { Range: "bytes=-10" } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get("Content-Range")).toBe(
      `bytes ${picture.length - 10}-${picture.length - 1}/${picture.length}`,
    );
    expect((await bytesOf(tail)).equals(picture.subarray(-10))).toBe(true);

    const rest = await app.request(pictureUrl, { headers: { Range: "bytes=100-" } });
    expect(rest.status).toBe(206);
    expect((await bytesOf(rest)).equals(picture.subarray(100))).toBe(true);
  });

  it("refuses a range past the end with 416, and sends the whole file for several ranges or a changed file", async () => {
    const past = await app.request(pictureUrl, { headers: { Range: `bytes=${picture.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get("Content-Range")).toBe(`bytes */${picture.length}`);

    const several = await app.request(pictureUrl, { headers: { Range: "bytes=0-9, 200-299" } });
    expect(several.status).toBe(200);
    expect((await bytesOf(several)).equals(picture)).toBe(true);

    const changed = await app.request(pictureUrl, { headers: { Range: "bytes=0-99", "If-Range": '"older"' } });
    expect(changed.status).toBe(200);
    expect((await bytesOf(changed)).equals(picture)).toBe(true);
  });

  it("answers HEAD with the headers only", async () => {
    const head = await overTheWire(pictureUrl, {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(headerValues(head.rawHeaders, "content-length")).toEqual([String(picture.length)]);
    const get = await overTheWire(pictureUrl);
    expect(get.body.equals(picture)).toBe(true);
  });

  it("never serves a path outside the bucket, a type outside the list, or a missing file", async () => {
    // A real picture just outside the bucket, and a stored file of a type that is not served.
    fs.writeFileSync(path.join(t.dataDir, "storage", "outside.jpg"), picture);
    await app.storage.put("public/tests/notes.txt", new TextEncoder().encode("not a picture"), "text/plain");
    for (const pathname of [
      "/media/application-assets/..%2Foutside.jpg",
      "/media/application-assets/public/..%2F..%2Foutside.jpg",
      "/media/application-assets/public/tests/notes.txt",
      "/media/application-assets/public/tests/no-such-picture.jpg",
      "/media/application-assets/public/tests",
    ]) {
      const response = await app.request(pathname);
      expect(response.status, pathname).toBe(404);
    }
  });
});

describe(`/healthz on ${engineName}`, () => {
  it("answers 200 ok, and reports a database that stops answering within about a second", async () => {
    const other = await createTestDatabase();
    const { request } = await createTestApp(other.db, other.dataDir);
    const ok = await request("/healthz");
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ status: "ok", instance: expect.stringMatching(/^[\w-]{8}$/) });
    expect(ok.headers.get("Cache-Control")).toBe("no-store");
    await other.db.destroy();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const down = await request("/healthz");
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ status: "unavailable" });
    await other.cleanup().catch(() => {});
  });
});
