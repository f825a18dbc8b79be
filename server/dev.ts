// `npm run dev`: the same Hono app, with Vite serving modules and hot updates in front of it.
import http from "node:http";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { databaseOptions, loadConfig } from "../app/config.server";
import { createDatabase } from "../app/db/database.server";
import { prepareDatabase } from "../app/startup/startup.server";
import { issueSetupToken } from "../app/features/auth/setup.server";
import { createStorage } from "../app/lib/storage/create-storage.server";
import { configureLog, notice } from "../app/lib/log.server";
import { createApp } from "./app";

const config = loadConfig();
configureLog({ level: config.logLevel, instance: config.instanceName ?? `dev:${config.port}` });
const db = createDatabase(databaseOptions(config));
const storage = await createStorage(config);
await prepareDatabase(db, storage, { seedDemo: config.seedDemo });

const vite = await createViteServer({ server: { middlewareMode: true } });
const app = createApp({
  build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
  db,
  config,
  storage,
  mode: "development",
});
const listener = app.nodeListener();
http
  .createServer((req, res) => vite.middlewares(req, res, () => listener(req, res)))
  .listen(config.port, config.host, async () => {
    const origin = `http://localhost:${config.port}`;
    notice(`[dev] ${origin}`);
    const token = await issueSetupToken(db);
    if (token) notice(`[setup] ${origin}/admin/setup?token=${token}`);
  });
