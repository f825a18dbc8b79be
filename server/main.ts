import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { loadConfig } from "../app/config.server";
import { createDatabase } from "../app/db/database.server";
import { migrateToLatest } from "../app/db/migrate.server";
import { seedDemoIfEmpty } from "../app/db/seed/demo.server";
import { issueSetupToken } from "../app/features/auth/setup.server";
import { deleteExpiredSessions } from "../app/features/auth/session.server";
import { createLocalStorage } from "../app/features/media/storage.server";
import { raiseContentVersion } from "../app/features/page-cache/content-version.server";
import { createApp } from "./app";

const config = loadConfig();
const db = createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const storage = createLocalStorage(path.join(config.dataDir, "storage"));

await migrateToLatest(db);
if (config.seedDemo) {
  const seeded = await seedDemoIfEmpty(db, storage);
  if (seeded) {
    console.log("[seed] demo content added to the empty database");
    await raiseContentVersion(db); // other instances already serving drop the empty pages they cached
  }
}
await deleteExpiredSessions(db);

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
