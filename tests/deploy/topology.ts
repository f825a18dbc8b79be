import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/** A port free at this moment on loopback. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** nginx's `fail_timeout` for each instance: how long it leaves one out of rotation after a failed request. */
export const FAIL_TIMEOUT_S = 2;

/**
 * The upstream and proxy settings docs/deploy.md gives (round robin, kept-alive upstream connections closed by
 * nginx before the instances' 15 s keep-alive timeout would, idempotent requests retried on the next instance, an
 * instance that failed or answered 503 left out for FAIL_TIMEOUT_S); the deploy test checks the two agree.
 */
export function siteUpstream(name: string, upstreams: number[]) {
  return `
upstream ${name} {
    zone ${name} 64k;
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=${FAIL_TIMEOUT_S}s;`).join("\n")}
    keepalive 32;
    keepalive_timeout 4s;
}`;
}

export function siteLocation(name: string) {
  return `
location / {
    proxy_pass http://${name};
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-For $remote_addr;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_set_header X-Request-Id $request_id;
    proxy_next_upstream error timeout http_502 http_503;
    proxy_connect_timeout 2s;
    proxy_read_timeout 60s;
}`;
}

/**
 * Debian's nginx on loopback as the load balancer in front of the instances, configured as docs/deploy.md says,
 * with every file it writes in a folder of its own.
 */
export async function startNginx(port: number, upstreams: number[]) {
  const nginx = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((file) => fs.existsSync(file));
  if (!nginx) throw new Error("nginx is not installed (Debian: apt-get install nginx-light).");
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "agro-nginx-"));
  const conf = path.join(prefix, "nginx.conf");
  fs.writeFileSync(
    conf,
    `
worker_processes 2;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/client-body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  client_max_body_size 60m;
${siteUpstream("site", upstreams)}
  server {
    listen 127.0.0.1:${port};
${siteLocation("site")}
  }
}
`,
  );
  const check = spawnSync(nginx, ["-t", "-p", prefix, "-c", conf], { encoding: "utf8" });
  if (check.status !== 0) throw new Error(`nginx refused its configuration:\n${check.stderr}`);
  const child = spawn(nginx, ["-p", prefix, "-c", conf, "-g", "daemon off;"], { stdio: "inherit" });
  process.once("exit", () => child.kill("SIGKILL"));
  for (let i = 0; i < 100; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      () => true,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    origin: `http://127.0.0.1:${port}`,
    errorLog: () => fs.readFileSync(path.join(prefix, "error.log"), "utf8"),
    async stop() {
      child.kill("SIGQUIT");
      await new Promise((resolve) => child.once("exit", resolve));
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}
