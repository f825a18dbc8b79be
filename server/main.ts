import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { loadConfig } from "../app/config.server";
import { createDatabase } from "../app/db/database.server";
import { prepareDatabase } from "../app/db/startup.server";
import { issueSetupToken } from "../app/features/auth/setup.server";
import { createLocalStorage } from "../app/features/media/storage.server";
import { createApp } from "./app";

const config = loadConfig();
const db = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const storage = createLocalStorage(path.join(config.dataDir, "storage"));

const { seeded } = await prepareDatabase(db, storage, { seedDemo: config.seedDemo });
if (seeded) console.log("[seed] demo content added to the empty database");

const buildDir = path.resolve("build");
const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
const app = createApp({ build, db, config, storage, clientDir: path.join(buildDir, "client") });

const server = http.createServer(app.nodeListener());
server.listen(config.port, config.host, async () => {
  // PORT=0 lets the system choose a free port (the browser tests do): links name the one chosen.
  config.port = (server.address() as AddressInfo).port;
  const origin = config.publicUrl ?? `http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${config.port}`;
  console.log(`[server] listening on ${origin} (${config.databaseUrl ? "PostgreSQL" : "SQLite in " + config.dataDir})`);
  const token = await issueSetupToken(db);
  if (token) {
    console.log(`[setup] No administrator exists yet. Create the first one here (one-time link):`);
    console.log(`[setup] ${origin}/admin/setup?token=${token}`);
  }
});

const shutdown = () => {
  server.close();
  db.destroy().finally(() => process.exit(0));
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
