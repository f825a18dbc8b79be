import http from "node:http";
import net from "node:net";
import os from "node:os";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { databaseOptions, loadConfig } from "../app/config.server";
import { createDatabase } from "../app/db/database.server";
import { prepareDatabase } from "../app/startup/startup.server";
import { issueSetupToken } from "../app/features/auth/setup.server";
import { mailInFlightSettled } from "../app/features/outbox/outbox.server";
import { startOutboxTimer } from "../app/startup/outbox-timer.server";
import { startHistoryPruneTimer } from "../app/features/history/prune-activity.server";
import { startPublishTimer } from "../app/features/publishing/scheduler.server";
import { recordScheduledPublish } from "../app/features/versions/scheduled-publish-version.server";
import { startVersionsPruneTimer } from "../app/features/versions/prune-versions.server";
import { startPhotoSweepTimer } from "../app/features/catalogue/photos/sweep.server";
import { startSearchIndexTimer } from "../app/features/search/search-index.server";
import { createStorage } from "../app/lib/storage/create-storage.server";
import { configureLog, log, notice } from "../app/lib/log.server";
import { createApp } from "./app";
import type { Lifecycle } from "./healthz";
import { metricsListener } from "./metrics";
import { warmUp, warmUpPaths } from "./warm-up";

// A crash is one more JSON line (then Node's own report on standard error, and exit code 1): the lines before it
// are written out on exit (ADR 0029).
process.on("uncaughtExceptionMonitor", (error, origin) => log.fatal(`[server] ${origin}: the process ends`, error));

const config = loadConfig();
/** INSTANCE_NAME, or this host and port (the port the system chose, once listening, when PORT=0). */
const nameInstance = () =>
  configureLog({ level: config.logLevel, instance: config.instanceName ?? `${os.hostname()}:${config.port}` });
nameInstance();
if (config.trustProxy)
  notice(
    "[server] TRUST_PROXY=true: the client address is taken from X-Forwarded-For. Unless every request comes through your own proxy, which sets that header itself, anyone can name any address and pass every throttle (sign-in, contact and quote forms).",
    "warn",
  );
const db = createDatabase(databaseOptions(config));
const storage = await createStorage(config);

const { seeded } = await prepareDatabase(db, storage, { seedDemo: config.seedDemo });
if (seeded) log.info("[seed] demo content added to the empty database");

const buildDir = path.resolve("build");
const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
const lifecycle: Lifecycle = { stopping: false };
const app = createApp({ build, db, config, storage, clientDir: path.join(buildDir, "client"), lifecycle });

// Ready means warm: the first render of each kind of page happens here, before nginx can send a visitor to it.
const warmed = await warmUp(app, config.publicUrl ?? "http://localhost", await warmUpPaths(db).catch(() => ["/"]));

// Idle kept-alive connections end after 15 s, well after a load balancer's own timeout (nginx's 4 s, docs/deploy.md):
// the side that closes an idle connection must be the one sending on it, or a post sent as the instance closes it
// fails. Node's 5 s left one second, which a loaded machine's nginx overran once in a rolling upgrade (a 502).
const server = http.createServer({ keepAliveTimeout: 15_000 }, app.nodeListener());
// Every email (quotes, inquiry notifications and receipts) waits in one outbox, sent by whichever instance claims
// it: a failure, or one a stopped instance never sent, is retried from there (ADR 0048).
const outboxTimer = startOutboxTimer({ db, config, storage });
// The activity log (and versions) past their retention are deleted once a day, on every instance (ADR 0032).
const pruneTimer = startHistoryPruneTimer(db, { activityKeepMonths: config.activityKeepMonths });
// Scheduled products and posts are published by whichever instance gets there first (ADR 0033).
const publishTimer = startPublishTimer(db, { recordPublished: recordScheduledPublish });
// Versions past their keeping go once a day, and the pictures only they named (ADR 0031).
const versionsPrune = startVersionsPruneTimer(db, storage);
// Photo ZIP jobs cut off by a killed process, their pictures and ZIPs, are cleaned at start and every minute.
const photoSweep = startPhotoSweepTimer(db, storage, config.dataDir);
// What changed since the search documents were written (marked in its own transaction) is indexed within seconds.
const searchIndex = startSearchIndexTimer(db);
server.listen(config.port, config.host, async () => {
  // PORT=0 lets the system choose a free port (the browser tests do): links name the one chosen.
  config.port = (server.address() as AddressInfo).port;
  nameInstance();
  // Where this process listens, and where visitors reach the site (PUBLIC_URL, behind a proxy): the setup link.
  const address = `http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${config.port}`;
  const origin = config.publicUrl ?? address;
  notice(
    `[server] listening on ${address} (${config.databaseUrl ? "PostgreSQL" : "SQLite in " + config.dataDir}${config.s3 ? `, files in S3 bucket ${config.s3.bucket}` : ""})${config.publicUrl ? `, public URL ${config.publicUrl}` : ""}; warmed up: ${warmed.answered} pages rendered in ${warmed.ms} ms`,
  );
  const token = await issueSetupToken(db);
  if (token) {
    notice(`[setup] No administrator exists yet. Create the first one here (one-time link):`);
    notice(`[setup] ${origin}/admin/setup?token=${token}`);
  }
});

// METRICS_PORT: /metrics on a port of its own, for a firewall to keep to the monitoring network.
const metricsServer =
  app.metrics && config.metricsPort !== undefined ? http.createServer(metricsListener(app.metrics)) : null;
metricsServer?.listen(config.metricsPort, config.host, () => {
  const { port } = metricsServer.address() as AddressInfo;
  notice(`[server] metrics on http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${port}/metrics`);
});

/** When this instance last accepted a connection: a drain ends once none has come for SHUTDOWN_DRAIN_MS. */
let lastConnectionAt = 0;
server.on("connection", () => (lastConnectionAt = Date.now()));

/** After SHUTDOWN_GRACE_MS, the database's closing and the last log lines get this long before the process exits. */
const CLOSE_MS = 1500;

/**
 * SIGTERM or SIGINT: /healthz turns 503. With SHUTDOWN_DRAIN_MS, the server goes on accepting (GET and HEAD are
 * answered 503 for a load balancer to repeat elsewhere and to take this instance out of rotation, form posts are
 * served) until no new connection has come for that long, for at most half the grace period. Then it stops
 * accepting; requests in flight finish (their connections then close). The whole stop, drain included, ends within
 * SHUTDOWN_GRACE_MS: what is still open then is closed, the database too, and the process exits, well inside a
 * service manager's stop timeout (TimeoutStopSec=20 in docs/deploy.md, for the default 10 s).
 */
function stop(signal: NodeJS.Signals) {
  if (lifecycle.stopping) return;
  const drainMs = config.shutdownDrainMs;
  const stopBy = Date.now() + config.shutdownGraceMs;
  app.beginStopping({ drain: drainMs > 0 });
  notice(
    `[server] ${signal}: ${drainMs > 0 ? `draining until no new connection for ${drainMs} ms, then ` : ""}finishing the requests in flight; stopped within ${config.shutdownGraceMs} ms`,
  );
  // Whatever hangs (a stalled database's close), the process is gone shortly after the grace period.
  setTimeout(() => {
    log.error("[server] could not close everything in time: exiting");
    process.exit(1);
  }, config.shutdownGraceMs + CLOSE_MS);
  if (drainMs === 0) return stopAccepting(stopBy);
  const drainEndsBy = Date.now() + config.shutdownGraceMs / 2;
  lastConnectionAt = Date.now();
  // Checked after a turn of the event loop's I/O (setImmediate): a busy process may have connections waiting in the
  // system's queue that it has not accepted yet, which closing the listener would reset.
  const check = () =>
    setImmediate(() => {
      const quietFor = Date.now() - lastConnectionAt;
      if (quietFor < drainMs && Date.now() < drainEndsBy)
        return void setTimeout(check, Math.min(drainMs - quietFor, drainEndsBy - Date.now()));
      app.endDraining();
      stopAccepting(stopBy);
    });
  setTimeout(check, Math.min(drainMs, config.shutdownGraceMs / 2));
}

/** Stops accepting; what is under way (requests, emails, a page's refresh) has until `stopBy`. */
function stopAccepting(stopBy: number) {
  metricsServer?.close();
  // Emails under way (the timer's run, a form's first try) finish before the database closes: one cut off after the
  // mail server took it would be sent again. Bounded by the grace period.
  const mailStopped = outboxTimer.stop();
  const publishStopped = publishTimer.stop();
  void versionsPrune.stop();
  void photoSweep.stop();
  const searchIndexed = searchIndex.stop();
  const grace = setTimeout(
    () => {
      log.warn("[server] grace period over: closing the connections still open");
      server.closeAllConnections();
    },
    Math.max(0, stopBy - Date.now()),
  );
  // Stop accepting, past http.Server#close: that would also drop every kept-alive connection it thinks idle,
  // including one whose next request has arrived but not yet been read. Each connection closes after its
  // next response instead (Connection: close), or after the usual keep-alive timeout when none comes.
  net.Server.prototype.close.call(server, () => {
    clearTimeout(grace);
    // A stale page's background refresh under way finishes before the database closes under it; then the demand
    // counted since the last write (at most 10 s of it) is written (ADR 0040).
    const mailDone = Promise.race([
      mailStopped,
      new Promise((resolve) => setTimeout(resolve, Math.max(0, stopBy - Date.now()))),
    ]).then(() => mailInFlightSettled(stopBy));
    Promise.all([mailDone, publishStopped, searchIndexed, pruneTimer.stop(), app.pageCache?.settled()])
      .then(() => app.demand.stop())
      .then(() => db.destroy())
      .catch((error: unknown) => log.error("[server] closing the database", error))
      .finally(() => {
        notice("[server] stopped");
        process.exit(0);
      });
  });
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
