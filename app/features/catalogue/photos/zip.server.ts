import yauzl from "yauzl";

/** Most files one ZIP may hold, and most bytes its pictures may unpack to together (a "zip bomb" is refused). */
export const MAX_ZIP_ENTRIES = 10_000;
export const MAX_UNPACKED_BYTES = 8 * 1024 * 1024 * 1024;

export class ZipRefused extends Error {}

export const NOT_A_ZIP = "The file is not a ZIP archive that can be read.";
export const UNSAFE_NAME =
  "The ZIP holds a file with an unsafe name (a path that leaves its folder or starts at the root), so none of it was used.";
export const TOO_MANY_FILES = `The ZIP holds more than ${MAX_ZIP_ENTRIES.toLocaleString("en")} files.`;
export const TOO_BIG_UNPACKED = "The ZIP unpacks to more than 8 GB, so none of it was used.";

export interface ZipEntryInfo {
  /** Index in the ZIP's directory: how the job finds the entry again. */
  index: number;
  name: string;
  size: number;
}

const openZip = (zipPath: string) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    // validateEntrySizes: an entry that unpacks to more or less than its header says fails as it is read.
    yauzl.open(zipPath, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (error, zip) =>
      error ? reject(error) : resolve(zip),
    ),
  );

/**
 * Walks a ZIP's directory (its end; nothing is unpacked) and calls `onEntry` for every file, folders left out.
 * Unsafe names (`../x.jpg`, `/etc/x.jpg`, `C:\x.jpg`), too many files or too many bytes once unpacked refuse the
 * whole ZIP (a ZipRefused naming why).
 */
export async function withZip<T>(
  zipPath: string,
  work: (entries: ZipEntryInfo[], read: (index: number, maxBytes: number) => Promise<Buffer>) => Promise<T>,
): Promise<T> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(zipPath);
  } catch {
    throw new ZipRefused(NOT_A_ZIP);
  }
  try {
    if (zip.entryCount > MAX_ZIP_ENTRIES) throw new ZipRefused(TOO_MANY_FILES);
    const all: yauzl.Entry[] = [];
    await new Promise<void>((resolve, reject) => {
      zip.on("entry", (entry: yauzl.Entry) => {
        all.push(entry);
        zip.readEntry();
      });
      zip.on("end", resolve);
      zip.on("error", (error: Error) =>
        reject(/path|fileName/i.test(error.message) ? new ZipRefused(UNSAFE_NAME) : new ZipRefused(NOT_A_ZIP)),
      );
      zip.readEntry();
    });
    const files = all.filter((entry) => !entry.fileName.endsWith("/"));
    if (files.reduce((sum, entry) => sum + entry.uncompressedSize, 0) > MAX_UNPACKED_BYTES)
      throw new ZipRefused(TOO_BIG_UNPACKED);
    const read = (index: number, maxBytes: number) => readEntry(zip, all[index], maxBytes);
    return await work(
      all.flatMap((entry, index) =>
        entry.fileName.endsWith("/") ? [] : [{ index, name: entry.fileName, size: entry.uncompressedSize }],
      ),
      read,
    );
  } finally {
    zip.close();
  }
}

export class EntryTooLarge extends Error {}

/**
 * One entry's bytes, unpacked as a stream and cut off past `maxBytes` of actual output, whatever its header
 * claims (a forged size fails too: yauzl compares the bytes it inflated with the header).
 */
function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, maxBytes: number): Promise<Buffer> {
  if (entry.uncompressedSize > maxBytes) return Promise.reject(new EntryTooLarge());
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(error);
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          stream.destroy();
          reject(new EntryTooLarge());
          return;
        }
        chunks.push(chunk);
      });
      stream.on("error", reject);
      stream.on("end", () => resolve(Buffer.concat(chunks)));
    });
  });
}
