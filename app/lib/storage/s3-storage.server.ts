import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { BUCKET, isSafeObjectPath, MEDIA_PREFIX, type Storage } from "./storage.server";

export interface S3Options {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Where browsers load stored files from (a CDN or the bucket's own URL); our server serves them when unset. */
  publicUrl?: string;
}

/** Stored files are written once and never changed (a replaced picture gets a new name); spec §7: one hour. */
const CACHE_CONTROL = "public, max-age=3600";

/**
 * The storage in an S3-compatible bucket (AWS, MinIO, R2, Spaces…). Objects are kept under the spec's bucket name
 * as a prefix (`application-assets/public/products/…`), so a URL always contains it and "cut the URL after the
 * bucket name" finds the stored path whichever driver wrote it, and `S3_PUBLIC_URL` may be the bucket's own URL.
 */
export function createS3Storage(options: S3Options): Storage {
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // Checksums only where S3 demands them: several S3-compatible servers reject the SDK's default trailers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const key = (objectPath: string) => {
    if (!isSafeObjectPath(objectPath)) throw new Error("Not a stored file path.");
    return `${BUCKET}/${objectPath}`;
  };
  const encoded = (objectPath: string) => objectPath.split("/").map(encodeURIComponent).join("/");
  const publicBase = options.publicUrl?.replace(/\/+$/, "");
  const publicUrl = (objectPath: string) =>
    publicBase ? `${publicBase}/${BUCKET}/${encoded(objectPath)}` : MEDIA_PREFIX + encoded(objectPath);

  return {
    publicUrl,
    async put(objectPath, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: key(objectPath),
          Body: bytes,
          ContentType: contentType,
          CacheControl: CACHE_CONTROL,
        }),
      );
      return { path: objectPath, publicUrl: publicUrl(objectPath) };
    },
    existsNow: () => undefined,
    async stat(objectPath) {
      if (!isSafeObjectPath(objectPath)) return null;
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: options.bucket, Key: key(objectPath) }));
        return { size: head.ContentLength ?? 0, modified: head.LastModified ?? new Date(0) };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    read(objectPath, range) {
      const objectKey = key(objectPath);
      // The object is asked for when the body is first read, so nothing is fetched for a response never sent.
      let body: ReadableStream<Uint8Array> | undefined;
      let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
      return new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (!reader) {
            const object = await client.send(
              new GetObjectCommand({
                Bucket: options.bucket,
                Key: objectKey,
                Range: range ? `bytes=${range.start}-${range.end}` : undefined,
              }),
            );
            body = object.Body!.transformToWebStream() as ReadableStream<Uint8Array>;
            reader = body.getReader();
          }
          const { done, value } = await reader.read();
          if (done) controller.close();
          else controller.enqueue(value);
        },
        async cancel(reason) {
          await reader?.cancel(reason);
        },
      });
    },
    async remove(objectPath) {
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: key(objectPath) }));
    },
  };
}

function isNotFound(error: unknown) {
  return (
    error instanceof S3ServiceException &&
    (error.name === "NotFound" || error.name === "NoSuchKey" || error.$metadata?.httpStatusCode === 404)
  );
}
