import path from "node:path";

/** Everything the server reads from the environment, parsed once. See README "Configuration". */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Canonical origin (no trailing slash) for links, the sitemap and the cookie's Secure flag. */
  publicUrl: string | undefined;
  seedDemo: boolean;
  logLevel: "debug" | "info" | "warn" | "error";
  uploadMaxBytes: number;
  /** Take the client address from X-Forwarded-For (only behind a proxy you control). */
  trustProxy: boolean;
  production: boolean;
}

const falsy = new Set(["0", "false", "no", "off"]);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const publicUrl = env.PUBLIC_URL?.trim();
  if (publicUrl && !/^https?:\/\/[^/]+/i.test(publicUrl)) {
    throw new Error(`PUBLIC_URL must be an http(s) origin, got "${publicUrl}"`);
  }
  const logLevel = (env.LOG_LEVEL ?? "info") as AppConfig["logLevel"];
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? "0.0.0.0",
    dataDir: path.resolve(env.DATA_DIR ?? "data"),
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    publicUrl: publicUrl ? new URL(publicUrl).origin : undefined,
    seedDemo: !falsy.has((env.SEED_DEMO ?? "true").toLowerCase()),
    logLevel: ["debug", "info", "warn", "error"].includes(logLevel) ? logLevel : "info",
    uploadMaxBytes: Math.round(Number(env.UPLOAD_MAX_MB ?? 10) * 1024 * 1024),
    trustProxy: env.TRUST_PROXY === "true",
    production: env.NODE_ENV === "production",
  };
}
