import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_FAILURES } from "~/features/auth/throttle.server";
import { INQUIRY_RATE_LIMIT } from "~/features/inquiries/intake.server";
import { upsertUser } from "~/features/auth/users.server";
import { createTestApp } from "../support/test-app";
import { createTestDatabase, engineName, type TestDatabase } from "../support/test-db";

// A subscriber on IPv6 is given a whole /64 and can send from any of its addresses: throttles count the /64.

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
const PASSWORD = "a-long-test-password";

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestApp(t.db, t.dataDir);
  await upsertUser(t.db, { email: "owner@example.com", password: PASSWORD, role: "admin", name: "Owner" });
});
afterAll(() => t.cleanup());

const MESSAGE = {
  website: "",
  full_name: "Ahmed Al Mansouri",
  email: "ahmed@example.ae",
  phone: "+971 50 123 4567",
  subject: "Red onions 55mm+",
  message: "Please quote 2 containers CIF Jebel Ali.",
};
const sendFrom = (ip: string, via = app, headers: Record<string, string> = {}) =>
  via.request("/contact-us", { form: MESSAGE, ip, headers }).then((response) => response.status);
const signInFrom = (ip: string, email: string, password: string) =>
  app.request("/admin/login", { form: { email, password }, ip }).then((response) => response.status);

describe(`throttles by client address on ${engineName}`, () => {
  it("counts contact messages from two addresses of one IPv6 /64 together, and another /64 apart", async () => {
    for (let i = 1; i <= INQUIRY_RATE_LIMIT; i++) expect(await sendFrom(`2001:db8:10:1::${i}`)).toBe(200);
    expect(await sendFrom("2001:db8:10:1:ffff:ffff:ffff:fffe")).toBe(429);
    expect(await sendFrom("2001:db8:10:2::1")).toBe(200);
  });

  it("counts IPv4 addresses one by one, as before; an IPv4 address written as IPv6 is the same address", async () => {
    for (let i = 1; i <= INQUIRY_RATE_LIMIT; i++) expect(await sendFrom("198.51.100.77")).toBe(200);
    expect(await sendFrom("::ffff:198.51.100.77")).toBe(429);
    expect(await sendFrom("198.51.100.78")).toBe(200);
  });

  it("keys a forwarded IPv6 address by its /64 too (TRUST_PROXY)", async () => {
    const proxied = await createTestApp(t.db, t.dataDir, { trustProxy: true });
    for (let i = 1; i <= INQUIRY_RATE_LIMIT; i++)
      expect(await sendFrom("127.0.0.1", proxied, { "X-Forwarded-For": `2001:db8:20:1::${i}` })).toBe(200);
    expect(await sendFrom("127.0.0.1", proxied, { "X-Forwarded-For": "2001:db8:20:1::abcd" })).toBe(429);
  });

  it("refuses sign-in attempts from a /64 whose other addresses guessed wrong, not from its neighbour /64", async () => {
    for (let i = 1; i <= MAX_FAILURES; i++)
      expect(await signInFrom(`2001:db8:30:1::${i}`, `guess-${i}@example.com`, "wrong-password")).toBe(401);
    expect(await signInFrom("2001:db8:30:1::99", "owner@example.com", PASSWORD)).toBe(429);
    expect(await signInFrom("2001:db8:30:2::99", "owner@example.com", PASSWORD)).toBe(302);
  });
});
