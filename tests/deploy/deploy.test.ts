import { execFile } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_FAILURES } from "~/features/auth/throttle.server";
import { upsertUser } from "~/features/users/users.server";
import { jpegFile, multipart } from "../support/images";
import { startS3Server } from "../support/s3";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { startInstance, type Instance } from "../support/server-process";
import { freePort, startNginx } from "./topology";

// `npm run test:deploy`: the topology docs/deploy.md describes, on loopback. nginx in front of two instances that
// share one PostgreSQL database (TEST_DATABASE_URL, a schema of its own) and one S3 bucket (s3rver), each checked
// through nginx as a visitor and an administrator would use the site.
const PASSWORD = "a-long-deploy-password";
let t: TestDatabase;
let s3: Awaited<ReturnType<typeof startS3Server>>;
let nginx: Awaited<ReturnType<typeof startNginx>>;
let a: Instance;
let b: Instance;
let env: Record<string, string>;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "agro-deploy-"));
export const figures: Record<string, string | number> = {};

beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) throw new Error("test:deploy needs TEST_DATABASE_URL (a PostgreSQL database).");
  t = await createTestDatabase({ migrate: false });
  s3 = await startS3Server();
  const port = await freePort();
  env = {
    DATABASE_URL: t.databaseUrl!,
    DATA_DIR: work,
    S3_BUCKET: s3.options.bucket,
    S3_ENDPOINT: s3.options.endpoint!,
    S3_ACCESS_KEY_ID: s3.options.accessKeyId!,
    S3_SECRET_ACCESS_KEY: s3.options.secretAccessKey!,
    S3_FORCE_PATH_STYLE: "true",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    TRUST_PROXY: "true",
    SEED_DEMO: "true",
    LOG_LEVEL: "warn",
  };
  // Both at once on the empty database: they take turns to migrate and add the demo content.
  [a, b] = await Promise.all([startInstance(env), startInstance(env)]);
  nginx = await startNginx(port, [a.port, b.port]);
  await upsertUser(t.db, { email: "admin@example.com", password: PASSWORD, role: "admin", name: "Deploy Admin" });
  await upsertUser(t.db, { email: "other@example.com", password: PASSWORD, role: "admin" });
}, 240_000);
afterAll(async () => {
  for (const instance of [a, b]) instance?.child.kill("SIGKILL");
  await nginx?.stop();
  await s3?.close();
  await t?.cleanup();
  fs.rmSync(work, { recursive: true, force: true });
  console.log("[deploy] figures:", JSON.stringify(figures));
});

const signIn = async (origin: string) => {
  const response = await fetch(`${origin}/admin/login`, {
    method: "POST",
    body: new URLSearchParams({ email: "admin@example.com", password: PASSWORD }),
    redirect: "manual",
  });
  expect(response.status).toBe(302);
  return response.headers.get("set-cookie")!.match(/session=[^;]+/)![0];
};

describe("two instances behind nginx on PostgreSQL and S3", () => {
  it("come up together on an empty database, with the demo content once", async () => {
    const categories = await t.db.selectFrom("product_categories").select("slug").execute();
    expect(new Set(categories.map((c) => c.slug)).size).toBe(categories.length);
    expect(categories.length).toBeGreaterThan(0);
    for (const instance of [a, b]) expect((await fetch(`${instance.origin}/healthz`)).status).toBe(200);
  });

  it("signs in once, and every admin page then works whichever instance answers", async () => {
    const cookie = await signIn(nginx.origin);
    const pages = [
      "/admin/dashboard",
      "/admin/manage-products",
      "/admin/manage-categories",
      "/admin/edit-pages",
      "/admin/edit-pages/home",
      "/admin/edit-pages/certificates",
      "/admin/edit-pages/gallery",
      "/admin/site-settings",
      "/admin/manage-blog",
      "/admin/user-management",
      "/admin/inquiries",
    ];
    for (const page of pages)
      for (const origin of [nginx.origin, nginx.origin, a.origin, b.origin]) {
        const response = await fetch(`${origin}${page}`, { headers: { Cookie: cookie }, redirect: "manual" });
        expect(response.status, `${origin}${page}`).toBe(200);
      }
  });

  it("serves a picture uploaded through one instance through both", async () => {
    const cookie = await signIn(a.origin);
    const added = await fetch(`${a.origin}/admin/manage-categories/add`, {
      method: "POST",
      headers: { Cookie: cookie },
      body: multipart({ name: "Deploy Onions", slug: "deploy-onions", description: "", image: await jpegFile() }),
      redirect: "manual",
    });
    expect(added.status).toBe(302);
    const { image_url } = await t.db
      .selectFrom("product_categories")
      .select("image_url")
      .where("slug", "=", "deploy-onions")
      .executeTakeFirstOrThrow();
    const bodies = await Promise.all(
      [a.origin, b.origin, nginx.origin].map(async (origin) => {
        const response = await fetch(`${origin}${image_url}`);
        expect(response.status, origin).toBe(200);
        return Buffer.from(await response.arrayBuffer());
      }),
    );
    expect(bodies[1].equals(bodies[0]) && bodies[2].equals(bodies[0])).toBe(true);
  });

  it("shows a changed setting on both instances within a second, cached pages included", async () => {
    const phone = await t.db
      .selectFrom("site_settings")
      .select("id")
      .where("setting_key", "=", "contact_phone")
      .executeTakeFirstOrThrow();
    // Both instances have the home page cached before the change.
    for (const origin of [a.origin, b.origin]) await (await fetch(`${origin}/`)).text();
    const cookie = await signIn(a.origin);
    const newPhone = `+91 98390 ${String(Date.now()).slice(-5)}`;
    const saved = await fetch(`${a.origin}/admin/site-settings`, {
      method: "POST",
      headers: { Cookie: cookie },
      body: new URLSearchParams({ intent: "save", [`value:${phone.id}`]: newPhone }),
      redirect: "manual",
    });
    expect(saved.status).toBe(302);
    const savedAt = Date.now();
    const seenAfter = await Promise.all(
      [a.origin, b.origin].map(async (origin) => {
        while (Date.now() - savedAt < 3000) {
          if ((await (await fetch(`${origin}/`)).text()).includes(newPhone)) return Date.now() - savedAt;
          await new Promise((r) => setTimeout(r, 25));
        }
        return Infinity;
      }),
    );
    figures["setting seen on the other instance after (ms)"] = seenAfter[1];
    expect(seenAfter[0]).toBeLessThan(1000);
    expect(seenAfter[1]).toBeLessThan(1000);
  });

  it("fails no request when one instance is stopped (SIGTERM) under 50 connections of load", async () => {
    const outcomes = { ok: 0, failed: [] as string[] };
    let loading = true;
    const client = async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      while (loading) {
        const status = await new Promise<string | number>((resolve) => {
          http
            .get(`${nginx.origin}/products/fresh-onions`, { agent }, (res) => {
              res.resume();
              res.on("end", () => resolve(res.statusCode!));
            })
            .on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
        });
        if (status === 200) outcomes.ok++;
        else outcomes.failed.push(String(status));
      }
      agent.destroy();
    };
    const clients = Array.from({ length: 50 }, client);
    await new Promise((r) => setTimeout(r, 1500));
    b.child.kill("SIGTERM");
    const code = await b.exited;
    await new Promise((r) => setTimeout(r, 1000));
    loading = false;
    await Promise.all(clients);
    figures["requests during the rolling stop"] = outcomes.ok + outcomes.failed.length;
    figures["requests failed during the rolling stop"] = outcomes.failed.length;
    expect(code).toBe(0);
    expect(outcomes.failed).toEqual([]);
    expect(outcomes.ok).toBeGreaterThan(100);
  }, 60_000);

  it("backs up while the site is written to, and restores into a fresh database and bucket: same rows, every picture served", async () => {
    const run = promisify(execFile);
    const cookie = await signIn(nginx.origin);
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing; i++)
        await fetch(`${nginx.origin}/admin/edit-pages/about-us`, {
          method: "POST",
          headers: { Cookie: cookie },
          body: new URLSearchParams({ about_main_heading: `Written during the backup ${i}` }),
          redirect: "manual",
        });
    })();
    const archive = path.join(work, "site.backup.gz");
    const started = Date.now();
    const backup = await run(process.execPath, ["--import", "tsx", "scripts/backup.ts", "--out", archive], {
      env: { ...process.env, ...env },
    });
    figures["backup (ms)"] = Date.now() - started;
    figures["backup size (MB)"] = (fs.statSync(archive).size / 1024 / 1024).toFixed(1);
    writing = false;
    await writer;
    expect(backup.stdout).toMatch(/^Backed up \d+ rows and \d+ files/m);

    // A fresh schema on the same server and a fresh bucket on the same S3 server.
    const target = await createTestDatabase({ migrate: false });
    const bucket = "restored";
    await new S3Client({
      region: "us-east-1",
      endpoint: s3.options.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    }).send(new CreateBucketCommand({ Bucket: bucket }));
    const targetEnv = { ...env, DATABASE_URL: target.databaseUrl!, S3_BUCKET: bucket, SEED_DEMO: "false" };
    try {
      const restored = await run(process.execPath, ["--import", "tsx", "scripts/restore.ts", archive], {
        env: { ...process.env, ...targetEnv },
      });
      expect(restored.stdout).toMatch(/^Restored \d+ rows and \d+ files/m);
      for (const table of ["products", "product_categories", "certificates", "gallery_items", "users"] as const) {
        const [from, to] = await Promise.all(
          [t.db, target.db].map((db) => db.selectFrom(table).selectAll().orderBy("id").execute()),
        );
        expect(to, table).toEqual(from);
      }
      const c = await startInstance(targetEnv);
      try {
        const products = await target.db.selectFrom("products").select(["image_url", "gallery_images"]).execute();
        const urls = products.flatMap((p) => [p.image_url!, ...(JSON.parse(p.gallery_images) as string[])]);
        for (const url of urls) expect((await fetch(`${c.origin}${url}`)).status, url).toBe(200);
      } finally {
        c.child.kill("SIGTERM");
        await c.exited;
      }
    } finally {
      await target.cleanup();
    }
  }, 180_000);

  // Last: the attempts all come from nginx's address, which the throttle then locks out for a while too.
  it("throttles 30 parallel wrong passwords spread over both instances as one", async () => {
    const attempts = await Promise.all(
      Array.from({ length: 30 }, () =>
        fetch(`${nginx.origin}/admin/login`, {
          method: "POST",
          body: new URLSearchParams({ email: "other@example.com", password: "not-the-password" }),
          redirect: "manual",
        }).then((response) => response.status),
      ),
    );
    const verified = attempts.filter((status) => status !== 429);
    figures["wrong passwords checked of 30"] = verified.length;
    expect(verified.length).toBeLessThanOrEqual(MAX_FAILURES);
    expect(attempts.filter((status) => status === 429).length).toBeGreaterThanOrEqual(30 - MAX_FAILURES);
  });
});
