import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3Options } from "~/lib/storage/s3-storage.server";

/**
 * A real S3-protocol server (s3rver) on loopback with one empty bucket, in a folder of its own: what the S3 driver
 * talks to in the tests, as it would to AWS, MinIO or R2.
 */
export async function startS3Server(): Promise<{ options: S3Options; close(): Promise<void> }> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "agro-s3-"));
  const bucket = "agro-test";
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { address, port } = await server.run();
  return {
    options: {
      bucket,
      endpoint: `http://${address}:${port}`,
      region: "us-east-1",
      // s3rver's documented credentials: the SDK signs every request as it would for AWS.
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
