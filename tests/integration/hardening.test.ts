import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upsertUser } from "~/features/auth/users.server";
import { createTestApp, signedInAs } from "../support/test-app";
import { createTestDatabase, engineName, type TestDatabase } from "../support/test-db";

// Bad input and forged headers against the real server listening on loopback, as a stranger would send them.
let t: TestDatabase;
let server: ServerType;
let port: number;
let adminCookie: string;
/** The server's side of each connection, by the client's port: what it read is counted there. */
const serverSockets = new Map<number, Socket>();

beforeAll(async () => {
  t = await createTestDatabase();
  const { app } = await createTestApp(t.db, t.dataDir);
  await upsertUser(t.db, { email: "admin@example.com", password: "a-long-test-password", role: "admin" });
  ({ cookie: adminCookie } = await signedInAs(t.db, "admin"));
  server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  server.on("connection", (socket: Socket) => serverSockets.set(socket.remotePort!, socket));
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.cleanup();
});

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Bytes of the request body written before the response arrived. */
  sent: number;
  /** Bytes the server had read from the connection when the answer arrived (the request's headers included). */
  read: number;
}

/**
 * One raw HTTP request. `bodyBytes` of filler are streamed in 64 KB chunks (chunked when `declaredLength` is
 * absent); writing stops as soon as the server answers, which is how a refusal "before reading" shows.
 */
function send(options: {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  bodyBytes?: number;
  chunked?: boolean;
}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Origin: `http://127.0.0.1:${port}`, ...options.headers };
    if (options.bodyBytes !== undefined && !options.chunked) headers["Content-Length"] = String(options.bodyBytes);
    let sent = 0;
    let answered = false;
    const req = http.request(
      { host: "127.0.0.1", port, method: options.method ?? "POST", path: options.path, headers },
      (res) => {
        answered = true;
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (body += chunk));
        const read = serverSockets.get(req.socket!.localPort!)?.bytesRead ?? 0;
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, sent, read }));
      },
    );
    req.on("error", (error) => (answered ? undefined : reject(error)));
    if (options.body !== undefined) return req.end(options.body);
    if (options.bodyBytes === undefined) return req.end();
    const chunk = Buffer.alloc(64 * 1024, "a");
    const pump = () => {
      while (!answered && sent < options.bodyBytes!) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

const MB = 1024 * 1024;

describe(`request size limits on ${engineName}`, () => {
  it("refuses a 200 MB POST to the contact form and the login with 413 before reading it", async () => {
    for (const path of ["/contact-us", "/admin/login"]) {
      const rssBefore = process.memoryUsage().rss;
      const response = await send({
        path,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        bodyBytes: 200 * MB,
      });
      expect(response.status, path).toBe(413);
      expect(response.body).toContain("too large");
      // The answer came before the body: only what sat in socket buffers was written, not 200 MB.
      expect(response.sent, path).toBeLessThan(20 * MB);
      expect(process.memoryUsage().rss - rssBefore).toBeLessThan(50 * MB);
    }
  });

  it("refuses a chunked body without a length once it passes the limit", async () => {
    const response = await send({
      path: "/contact-us",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      bodyBytes: 50 * MB,
      chunked: true,
    });
    expect(response.status).toBe(413);
    expect(response.sent).toBeLessThan(20 * MB);
  });

  it("lets an administrator's upload form carry files up to its own, larger limit, and states it when refused", async () => {
    const boundary = "----limit-test";
    const multipart = { "Content-Type": `multipart/form-data; boundary=${boundary}`, Cookie: adminCookie };
    const small = `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nnothing\r\n--${boundary}--\r\n`;
    // 200 KB is over the public limit but far under the admin one: it reaches the action (which answers it).
    const padded =
      `--${boundary}\r\nContent-Disposition: form-data; name="pad"\r\n\r\n${"x".repeat(200 * 1024)}\r\n` +
      small.slice(0);
    const accepted = await send({ path: "/admin/edit-pages/gallery", headers: multipart, body: padded });
    expect(accepted.status).not.toBe(413);
    expect(accepted.status).toBeLessThan(500);
    const refused = await send({ path: "/admin/edit-pages/gallery", headers: multipart, bodyBytes: 200 * MB });
    expect(refused.status).toBe(413);
    expect(refused.body).toMatch(/at most 51 MB/);
    expect(refused.sent).toBeLessThan(20 * MB);
  });
});

describe(`a session cookie that is not a live administrator's on ${engineName}`, () => {
  // The back office's large limits (51 MB, the photo ZIP's) are for live administrators: anyone can send a cookie
  // of the right shape, and a body read for them costs the server what it costs the sender nothing to send.
  const forgedCookie = () => `session=${randomBytes(32).toString("base64url")}`;
  const multipart = { "Content-Type": "multipart/form-data; boundary=X" };

  it("answers a 200 MB post with a made-up cookie before 5 MB are read, sending the sender to sign in", async () => {
    for (const path of ["/admin/manage-products/import-photos", "/admin/dashboard", "/admin/edit-pages/gallery"]) {
      for (const chunked of [false, true]) {
        const rssBefore = process.memoryUsage().rss;
        const response = await send({
          path,
          headers: { ...multipart, Cookie: forgedCookie() },
          bodyBytes: 200 * MB,
          chunked,
        });
        const what = `${path}${chunked ? " (chunked)" : ""}`;
        expect(response.status, what).toBe(302);
        expect(response.headers.location, what).toBe(`/admin/login?redirectTo=${encodeURIComponent(path)}`);
        expect(response.headers["set-cookie"]?.join(), what).toMatch(/session=;/);
        // What the server read before answering; the sender's own count adds what socket buffers took meanwhile.
        expect(response.read, what).toBeLessThan(5 * MB);
        expect(response.sent, what).toBeLessThan(20 * MB);
        expect(process.memoryUsage().rss - rssBefore, what).toBeLessThan(50 * MB);
      }
    }
  });

  it("gives an expired session and a signed-in non-administrator the public form limit, not the back office's", async () => {
    const expired = await signedInAs(t.db, "admin");
    await t.db.deleteFrom("sessions").where("user_id", "=", expired.userId).execute();
    const user = await signedInAs(t.db, "user");
    for (const cookie of [expired.cookie, user.cookie]) {
      const response = await send({
        path: "/admin/manage-products/import-photos",
        headers: { ...multipart, Cookie: cookie },
        bodyBytes: 200 * MB,
      });
      expect(response.status).toBe(302);
      expect(response.read).toBeLessThan(5 * MB);
    }
    // Under the public limit, the form is read as before: the guard answers it (and keeps it, ADR 0036).
    const small = await send({
      path: "/admin/edit-pages/gallery",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: expired.cookie },
      body: "title=kept",
    });
    expect(small.status).toBe(302);
    expect(small.headers.location).toBe("/admin/login?redirectTo=%2Fadmin%2Fedit-pages%2Fgallery");
  });

  it("refuses the pages outside the guard (password links, forgot password) past the public form limit", async () => {
    for (const path of ["/admin/forgot-password", "/admin/reset-password", "/admin/accept-invite"]) {
      const response = await send({
        path,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        // Under the back office's limit: only the public one refuses it.
        bodyBytes: 10 * MB,
      });
      expect(response.status, path).toBe(413);
      expect(response.body, path).toContain("at most 128 KB");
      expect(response.read, path).toBeLessThan(5 * MB);
    }
  });
});

describe(`bad requests get 400, never 500, on ${engineName}`, () => {
  it("answers malformed %-encoding in a media path with 400", async () => {
    for (const path of [
      "/media/application-assets/%E0%A4",
      "/media/application-assets/%",
      "/media/application-assets/public/%zz.jpg",
    ]) {
      expect((await send({ method: "GET", path })).status, path).toBe(400);
    }
  });

  it("answers POSTs with no body, another content type or a broken form with 400", async () => {
    for (const path of ["/admin/login", "/contact-us", "/admin/setup"]) {
      const cases: Array<{ headers?: Record<string, string>; body?: string }> = [
        {},
        { headers: { "Content-Type": "text/plain" }, body: "hello" },
        { headers: { "Content-Type": "application/json" }, body: '{"email":"a"}' },
        { headers: { "Content-Type": "multipart/form-data" }, body: "no boundary" },
        { headers: { "Content-Type": "multipart/form-data; boundary=x" }, body: "--y\r\nbroken" },
      ];
      for (const c of cases) {
        const response = await send({ path, ...c });
        expect(response.status, `${path} ${JSON.stringify(c)}`).toBe(400);
      }
    }
  });

  it("never answers 500 to malformed paths on public pages", async () => {
    for (const path of [
      "/products/%E0%A4",
      "/products/onions/%E0%A4%",
      "/blog/%ff",
      "/%c0",
      "/sitemap.xml?%zz",
      "/gallery?page=%",
    ]) {
      expect((await send({ method: "GET", path })).status, path).toBeLessThan(500);
    }
  });
});

describe(`paths that start with two slashes on ${engineName}`, () => {
  // `//host/…` would be read as a host name by a URL parser: a made-up host per request, a page cached per host.
  it("answers 404 before any cache or route sees them, never 5xx, and never names another host", async () => {
    const site = await createTestApp(t.db, t.dataDir, { publicUrl: "https://www.example.com", pageCache: true });
    for (const path of [
      "//r1.example/",
      "//x/%2e%2e/",
      "//x.example/admin/dashboard",
      "///our-products",
      "/\\evil.example/",
    ]) {
      const response = await site.request(path, { cookie: adminCookie });
      expect(response.status, path).toBe(404);
      expect(response.headers.get("Cache-Control"), path).toBe("no-store");
      expect(response.headers.get("Location"), path).toBeNull();
    }
    for (let i = 0; i < 20; i++) expect((await site.request(`//r${i}.example/`)).status).toBe(404);
    expect(site.app.pageCache!.size.pages).toBe(0);
    // The raw request line too, as curl --path-as-is sends it.
    expect((await send({ method: "GET", path: "//x/%2e%2e/" })).status).toBe(404);
  });
});

describe(`forged headers on ${engineName}`, () => {
  it("never puts a forged Host into canonical links, og:url, JSON-LD, the sitemap or robots.txt", async () => {
    for (const path of ["/", "/our-products", "/blog", "/sitemap.xml", "/robots.txt"]) {
      const response = await send({ method: "GET", path, headers: { Host: "evil.test" } });
      expect(response.status, path).toBe(200);
      expect(response.body, path).not.toContain("evil.test");
    }
    const home = await send({ method: "GET", path: "/", headers: { Host: "evil.test" } });
    expect(home.body).toContain('rel="canonical" href="http://localhost:');
  });

  it("marks back-office pages and their data requests no-store", async () => {
    for (const path of ["/admin/login", "/admin/dashboard", "/admin/dashboard.data", "/admin/manage-products"]) {
      const response = await send({ method: "GET", path, headers: { Cookie: adminCookie } });
      expect(response.headers["cache-control"], path).toBe("no-store");
    }
  });
});

describe(`HSTS on ${engineName}`, () => {
  it("sends Strict-Transport-Security only when PUBLIC_URL is https", async () => {
    const plain = await createTestApp(t.db, t.dataDir);
    expect((await plain.request("/")).headers.get("Strict-Transport-Security")).toBeNull();
    const secure = await createTestApp(t.db, t.dataDir, { publicUrl: "https://www.example.com" });
    expect((await secure.request("/")).headers.get("Strict-Transport-Security")).toMatch(/max-age=\d{7,}/);
  });
});
