import path from "node:path";
import type { S3Options } from "~/lib/storage/s3-storage.server";
import type { LogLevel } from "./lib/log.server";
import { DATABASE_DEFAULTS, type DatabaseOptions } from "./db/database.server";

/** Everything the server reads from the environment, parsed once. See README "Configuration". */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL: connections per instance (DATABASE_POOL_MAX, default 10), statement and connect timeouts. */
  databasePoolMax: number;
  databaseStatementTimeoutMs: number;
  databaseConnectTimeoutMs: number;
  /** Canonical origin (no trailing slash) for links, the sitemap and the cookie's Secure flag. */
  publicUrl: string | undefined;
  seedDemo: boolean;
  logLevel: LogLevel;
  uploadMaxBytes: number;
  /** Largest ZIP of product photos one upload may send (ZIP_MAX_MB, default 1024); streamed to disk, never held whole. */
  zipMaxBytes: number;
  /** Largest request body an administrator's form may send (its files together): five files at the upload limit. */
  adminRequestMaxBytes: number;
  /** Take the client address from X-Forwarded-For (only behind a proxy you control). */
  trustProxy: boolean;
  /** The name on every log line and in X-Instance (INSTANCE_NAME); unset, log lines name host:port, no header. */
  instanceName: string | undefined;
  /** /metrics answers a scrape with `Authorization: Bearer <this>` (METRICS_TOKEN); unset, it is a 404. */
  metricsToken: string | undefined;
  /** A port of its own for /metrics (METRICS_PORT), on HOST; the site's port then never answers it. */
  metricsPort: number | undefined;
  /** smtp:// or smtps:// URL of the server that sends inquiry notifications; none when unset. */
  smtpUrl: string | undefined;
  /** Who is told about each new inquiry (one address or a comma-separated list). */
  inquiryNotifyTo: string | undefined;
  /** The notification's sender; INQUIRY_NOTIFY_TO when unset. */
  inquiryNotifyFrom: string | undefined;
  /** URLs per sitemap file: the protocol's 50,000, or fewer (SITEMAP_MAX_URLS; tests lower it to see the split). */
  sitemapMaxUrls: number;
  production: boolean;
  /** Public pages kept in memory for visitors without a session (PAGE_CACHE=off turns it off). */
  pageCache: boolean;
  /** The most memory the page cache may take (PAGE_CACHE_MB, default 64). */
  pageCacheMaxBytes: number;
  /** How long a whole stop may take, drain and requests in flight included (SHUTDOWN_GRACE_MS, default 10 s). */
  shutdownGraceMs: number;
  /**
   * A stopping server goes on accepting until no new connection has come for this long (at most half the grace),
   * answering GET and HEAD with a 503 a load balancer retries elsewhere (so it takes the instance out of rotation)
   * and serving form posts (SHUTDOWN_DRAIN_MS, default 0: it stops accepting at once).
   */
  shutdownDrainMs: number;
  /** Stored files in an S3-compatible bucket (S3_BUCKET selects it); the folder in DATA_DIR when unset. */
  s3: S3Options | undefined;
  /** Months the activity log keeps its rows (ACTIVITY_KEEP_MONTHS, default and least 12; ADR 0032). */
  activityKeepMonths: number;
  /**
   * The request header (lowercase) your proxy or CDN sets to the visitor's country, ISO alpha-2 (DEMAND_COUNTRY_HEADER,
   * e.g. CF-IPCountry): demand is counted by it (ADR 0040). Unset, no header is trusted for it.
   */
  demandCountryHeader: string | undefined;
}

/**
 * The origin every absolute link names (canonical links, og:url, JSON-LD, the sitemap): PUBLIC_URL, or
 * http://localhost:PORT without it. Never the request's Host header, which anyone can forge and which would then
 * reach caches and other visitors.
 */
export const siteOrigin = (config: Pick<AppConfig, "publicUrl" | "port">) =>
  config.publicUrl ?? `http://localhost:${config.port}`;

function s3Options(env: NodeJS.ProcessEnv): S3Options | undefined {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return undefined;
  const url = (name: string) => {
    const value = env[name]?.trim() || undefined;
    if (value && !/^https?:\/\/[^/]+/i.test(value)) throw new Error(`${name} must be an http(s) URL, got "${value}"`);
    return value;
  };
  return {
    bucket,
    endpoint: url("S3_ENDPOINT"),
    region: env.S3_REGION?.trim() || "us-east-1",
    accessKeyId: env.S3_ACCESS_KEY_ID?.trim() || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY?.trim() || undefined,
    forcePathStyle: ["1", "true", "yes", "on"].includes((env.S3_FORCE_PATH_STYLE ?? "").toLowerCase()),
    publicUrl: url("S3_PUBLIC_URL"),
  };
}

/** How this instance connects to its database, from the configuration. */
export const databaseOptions = (config: AppConfig): DatabaseOptions => ({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolMax: config.databasePoolMax,
  statementTimeoutMs: config.databaseStatementTimeoutMs,
  connectTimeoutMs: config.databaseConnectTimeoutMs,
});

/** The sitemap protocol's limit of URLs in one file. */
export const SITEMAP_PROTOCOL_MAX_URLS = 50_000;

const falsy = new Set(["0", "false", "no", "off"]);

const positiveNumber = (value: string | undefined, fallback: number) => {
  const number = Number(value);
  return value && Number.isFinite(number) && number > 0 ? number : fallback;
};

/** The activity log is kept at least a year (issue 27): a shorter setting is refused, not quietly raised. */
export const ACTIVITY_MIN_KEEP_MONTHS = 12;
function activityKeepMonths(value: string | undefined): number {
  if (!value?.trim()) return ACTIVITY_MIN_KEEP_MONTHS;
  const months = Number(value);
  if (!Number.isInteger(months) || months < ACTIVITY_MIN_KEEP_MONTHS)
    throw new Error(`ACTIVITY_KEEP_MONTHS must be a whole number of months, at least 12, got "${value}"`);
  return months;
}

/** A request header's name (lowercase, as Node keeps them), or undefined when unset. */
function headerName(variable: string, value: string | undefined): string | undefined {
  const name = value?.trim();
  if (!name) return undefined;
  if (!/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(name)) throw new Error(`${variable} must be a header name, got "${value}"`);
  return name.toLowerCase();
}

function metricsPort(value: string | undefined): number | undefined {
  if (!value?.trim()) return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`METRICS_PORT must be a port number, got "${value}"`);
  return port;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const publicUrl = env.PUBLIC_URL?.trim();
  if (publicUrl && !/^https?:\/\/[^/]+/i.test(publicUrl)) {
    throw new Error(`PUBLIC_URL must be an http(s) origin, got "${publicUrl}"`);
  }
  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  if (smtpUrl && !/^smtps?:\/\/[^/]+/i.test(smtpUrl)) {
    throw new Error("SMTP_URL must look like smtp://user:pass@host:587 or smtps://user:pass@host:465");
  }
  const singleLine = (name: string) => {
    const value = env[name]?.trim() || undefined;
    if (value && /[\r\n]/.test(value)) throw new Error(`${name} must be on one line`);
    return value;
  };
  const logLevel = (env.LOG_LEVEL ?? "info") as AppConfig["logLevel"];
  const port = Number(env.PORT ?? 3000);
  const sitemapMaxUrls = Math.floor(Number(env.SITEMAP_MAX_URLS ?? SITEMAP_PROTOCOL_MAX_URLS));
  const uploadMaxBytes = Math.round(Number(env.UPLOAD_MAX_MB ?? 10) * 1024 * 1024);
  return {
    port,
    host: env.HOST ?? "0.0.0.0",
    dataDir: path.resolve(env.DATA_DIR ?? "data"),
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    databasePoolMax: Math.floor(positiveNumber(env.DATABASE_POOL_MAX, DATABASE_DEFAULTS.poolMax)),
    databaseStatementTimeoutMs: positiveNumber(env.DATABASE_STATEMENT_TIMEOUT_MS, DATABASE_DEFAULTS.statementTimeoutMs),
    databaseConnectTimeoutMs: positiveNumber(env.DATABASE_CONNECT_TIMEOUT_MS, DATABASE_DEFAULTS.connectTimeoutMs),
    publicUrl: publicUrl ? new URL(publicUrl).origin : undefined,
    seedDemo: !falsy.has((env.SEED_DEMO ?? "true").toLowerCase()),
    logLevel: ["debug", "info", "warn", "error"].includes(logLevel) ? logLevel : "info",
    uploadMaxBytes,
    zipMaxBytes: Math.round(positiveNumber(env.ZIP_MAX_MB, 1024) * 1024 * 1024),
    adminRequestMaxBytes: 5 * uploadMaxBytes + 1024 * 1024,
    trustProxy: env.TRUST_PROXY === "true",
    instanceName: singleLine("INSTANCE_NAME"),
    metricsToken: singleLine("METRICS_TOKEN"),
    metricsPort: metricsPort(env.METRICS_PORT),
    smtpUrl,
    inquiryNotifyTo: singleLine("INQUIRY_NOTIFY_TO"),
    inquiryNotifyFrom: singleLine("INQUIRY_NOTIFY_FROM"),
    sitemapMaxUrls:
      sitemapMaxUrls >= 1 ? Math.min(sitemapMaxUrls, SITEMAP_PROTOCOL_MAX_URLS) : SITEMAP_PROTOCOL_MAX_URLS,
    production: env.NODE_ENV === "production",
    pageCache: !falsy.has((env.PAGE_CACHE ?? "on").toLowerCase()),
    pageCacheMaxBytes: Math.round(positiveNumber(env.PAGE_CACHE_MB, 64) * 1024 * 1024),
    shutdownGraceMs: positiveNumber(env.SHUTDOWN_GRACE_MS, 10_000),
    shutdownDrainMs: Math.max(0, Number(env.SHUTDOWN_DRAIN_MS ?? 0) || 0),
    s3: s3Options(env),
    activityKeepMonths: activityKeepMonths(env.ACTIVITY_KEEP_MONTHS),
    demandCountryHeader: headerName("DEMAND_COUNTRY_HEADER", env.DEMAND_COUNTRY_HEADER),
  };
}
