import path from "node:path";
import { createLocalStorage } from "./local-storage.server";
import type { S3Options } from "./s3-storage.server";
import type { Storage } from "./storage.server";

/** The configured storage: the S3 bucket when S3_BUCKET is set (its SDK loaded only then), else the folder. */
export async function createStorage(config: { dataDir: string; s3: S3Options | undefined }): Promise<Storage> {
  if (!config.s3) return createLocalStorage(path.join(config.dataDir, "storage"));
  // The pinned SDK runs on Node 20; its notice that later versions will need Node 22 is for whoever upgrades it
  // (ADR 0021), not for every start-up log.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  const { createS3Storage } = await import("./s3-storage.server");
  return createS3Storage(config.s3);
}
