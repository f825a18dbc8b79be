import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import { StringDecoder } from "node:string_decoder";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import { isPostgres } from "~/db/database.server";
import { migrations } from "~/db/migrations";
import { CLEARED_ON_FORCE, FILE_PATH_COLUMNS, SEEDED_TABLES, TABLES } from "./tables";
import { VARIANT_WIDTHS, variantPath } from "~/features/images/images.server";
import { BUCKET, isSafeObjectPath, mediaType, type Storage } from "~/lib/storage/storage.server";
import { raiseContentVersion } from "~/features/page-cache/content-version.server";

type TableName = (typeof TABLES)[number][0];
type Row = Record<string, unknown>;

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

export const ARCHIVE_FORMAT = "agro-export-backup";
const ARCHIVE_VERSION = 1;
const PAGE = 1000;
const INSERT_BATCH = 200;

interface Header {
  format: string;
  version: number;
  createdAt: string;
  /** The newest migration the rows were written under: a restore needs code that knows it. */
  migration: string;
}
interface Footer {
  end: true;
  rows: Record<string, number>;
  files: number;
}

export interface BackupSummary {
  rows: Record<string, number>;
  files: number;
  /** Files the rows name that were gone when they were read (replaced or deleted since the rows were read). */
  missing: string[];
  bytes: number;
}

// Paths of stored files in any text: plain URLs, JSON arrays of them, a blog post's HTML.
const STORED_PATH = new RegExp(`${BUCKET}/([A-Za-z0-9][A-Za-z0-9._\\-/%]*)`, "g");

function storedPathsIn(value: unknown, into: Set<string>) {
  if (typeof value !== "string" || !value.includes(BUCKET)) return;
  for (const [, raw] of value.matchAll(STORED_PATH)) {
    let objectPath: string;
    try {
      objectPath = decodeURIComponent(raw);
    } catch {
      continue;
    }
    if (isSafeObjectPath(objectPath)) into.add(objectPath);
  }
}

/**
 * Writes one archive of the site: a header, every row of the content tables as one consistent snapshot (a single
 * read transaction, repeatable read on PostgreSQL) while the site goes on serving and writing, then each stored
 * file those rows name, with its size variants, then a footer with the counts. gzip'd JSON lines, the same for
 * both engines and both storage drivers. Written beside `file` and renamed into place only when complete.
 */
export async function writeBackup(db: Db, storage: Storage, file: string): Promise<BackupSummary> {
  const partial = `${file}.partial`;
  // It holds password hashes and the secret that signs the quote-summary cookie: for its owner's eyes only (0600,
  // whatever the umask), and a .partial left by an earlier run is replaced, not reopened with its old mode.
  await fs.rm(partial, { force: true });
  const gzip = zlib.createGzip();
  const out = pipeline(gzip, createWriteStream(partial, { mode: 0o600, flags: "wx" }));
  const write = async (record: unknown) => {
    if (!gzip.write(`${JSON.stringify(record)}\n`)) await new Promise((resolve) => gzip.once("drain", resolve));
  };
  const summary: BackupSummary = { rows: {}, files: 0, missing: [], bytes: 0 };
  const paths = new Set<string>();
  try {
    await write({
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      createdAt: new Date().toISOString(),
      migration: Object.keys(migrations).sort().at(-1)!,
    } satisfies Header);

    let snapshot = db.transaction();
    if (isPostgres(db)) snapshot = snapshot.setIsolationLevel("repeatable read");
    await snapshot.execute(async (trx) => {
      for (const [table, key] of TABLES) {
        let count = 0;
        let after: Row | null = null;
        const columns = key.map((column) => sql.ref(column));
        for (;;) {
          let query = trx.selectFrom(table).selectAll().limit(PAGE);
          for (const column of columns) query = query.orderBy(column);
          // Keyset pages, a composite key compared as a row value (both engines).
          if (after !== null) {
            const last = after;
            query = query.where(
              sql<boolean>`(${sql.join(columns)}) > (${sql.join(key.map((column) => last[column]))})`,
            );
          }
          const rows = (await query.execute()) as Row[];
          if (rows.length === 0) break;
          for (const row of rows) {
            for (const value of Object.values(row)) storedPathsIn(value, paths);
            for (const column of FILE_PATH_COLUMNS[table] ?? []) {
              const objectPath = row[column];
              if (typeof objectPath === "string" && isSafeObjectPath(objectPath)) paths.add(objectPath);
            }
          }
          await write({ table, rows });
          count += rows.length;
          after = rows.at(-1)!;
          if (rows.length < PAGE) break;
        }
        summary.rows[table] = count;
      }
    });

    for (const objectPath of [...paths].sort()) {
      const withVariants = [objectPath, ...VARIANT_WIDTHS.map((width) => variantPath(objectPath, width))];
      for (const [index, candidate] of withVariants.entries()) {
        const info = await storage.stat(candidate);
        if (!info) {
          if (index === 0) summary.missing.push(candidate);
          continue; // a picture stored before size variants existed has none
        }
        const data = Buffer.from(await new Response(storage.read(candidate)).arrayBuffer());
        await write({ file: candidate, sha256: sha256(data), data: data.toString("base64") });
        summary.files++;
      }
    }
    await write({ end: true, rows: summary.rows, files: summary.files } satisfies Footer);
    gzip.end();
    await out;
    await fs.rename(partial, file);
    summary.bytes = (await fs.stat(file)).size;
    return summary;
  } catch (error) {
    gzip.destroy();
    await out.catch(() => {});
    await fs.rm(partial, { force: true });
    throw error;
  }
}

export class RestoreError extends Error {}

/** Rows in the tables a backup holds; zero for a new, empty site (whose seeded rows do not count). */
export async function countContentRows(db: Db): Promise<number> {
  let total = 0;
  for (const [table] of TABLES) {
    if (SEEDED_TABLES.includes(table)) continue;
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    total += Number(row.n);
  }
  return total;
}

type ArchiveRecord = Partial<Header & Footer & { table: TableName; rows: Row[] }> & {
  file?: string;
  sha256?: string;
  data?: string;
};

/**
 * Reads a whole archive through and checks it without writing anything: it unzips to the end (gzip's own checksum),
 * every line is one of ours, each file's bytes match its checksum (archives since issue 22 carry one), and the
 * counts match the footer. A cut-off, damaged or foreign file is refused with a RestoreError saying why.
 */
export async function checkArchive(file: string): Promise<{ rows: Record<string, number>; files: number }> {
  const rows: Record<string, number> = Object.fromEntries(TABLES.map(([table]) => [table, 0]));
  let files = 0;
  await readArchive(file, (record) => {
    if (record.table) rows[record.table] += record.rows?.length ?? 0;
    else if (record.file !== undefined) {
      if (record.sha256 !== undefined && record.sha256 !== sha256(Buffer.from(record.data!, "base64")))
        throw new RestoreError(`The archive is damaged: ${record.file} does not match its checksum.`);
      files++;
    }
  });
  return { rows, files };
}

/**
 * Whether the storage takes a file and lets it be removed (the bucket exists, the credentials may write), by
 * writing one small file and removing it; a RestoreError saying so when not.
 */
export async function checkStorageWritable(storage: Storage): Promise<void> {
  const probe = `restore-check-${randomBytes(8).toString("hex")}.txt`;
  try {
    await storage.put(probe, Buffer.from("restore check\n"), "text/plain");
    await storage.remove(probe);
  } catch (error) {
    throw new RestoreError(
      `The storage cannot be written, so nothing was restored (the archive was not the problem): ${(error as Error).message}. Check that the bucket exists and the credentials may write to it (S3_BUCKET, S3_ENDPOINT, S3_*), or that DATA_DIR is writable.`,
    );
  }
}

/**
 * Loads an archive into a database and a storage, of either engine and driver. First, before anything is written:
 * the whole archive is read through and checked (checkArchive), and the storage is written to once
 * (checkStorageWritable); then `prepare` runs (the command line migrates the database there), and a database that
 * holds any content is refused unless `force` (then everything in it is replaced). Rows go in within one
 * transaction that commits only once the whole archive, files included, has been read again and checked against
 * its footer. A damaged archive or unreachable storage changes neither the database nor the storage.
 */
export async function restoreBackup(
  db: Db,
  storage: Storage,
  file: string,
  options: { force?: boolean; prepare?: () => Promise<void> } = {},
) {
  await checkArchive(file);
  await checkStorageWritable(storage);
  await options.prepare?.();
  const existing = await countContentRows(db);
  if (existing > 0 && !options.force)
    throw new RestoreError(
      `The database is not empty (${existing} rows of content). Restore into an empty database, or add --force to replace everything in it.`,
    );
  const rows = Object.fromEntries(TABLES.map(([table]) => [table, 0]));
  const summary: BackupSummary = { rows, files: 0, missing: [], bytes: (await fs.stat(file)).size };
  await db.transaction().execute(async (trx) => {
    if (options.force) for (const table of CLEARED_ON_FORCE) await trx.deleteFrom(table).execute();
    const replaced = new Set<string>();
    await readArchive(file, async (record) => {
      if (record.table) {
        // A new site's seeded rows give way to the archive's own (an older archive without the table keeps them).
        if (SEEDED_TABLES.includes(record.table) && !replaced.has(record.table)) {
          replaced.add(record.table);
          await trx.deleteFrom(record.table).execute();
        }
        const batch = record.rows ?? [];
        for (let i = 0; i < batch.length; i += INSERT_BATCH)
          await trx
            .insertInto(record.table)
            .values(batch.slice(i, i + INSERT_BATCH) as never)
            .execute();
        summary.rows[record.table] += batch.length;
      } else if (record.file !== undefined) {
        const data = Buffer.from(record.data!, "base64");
        // Checked once already; checked again, as the file might have changed since.
        if (record.sha256 !== undefined && record.sha256 !== sha256(data))
          throw new RestoreError(`The archive is damaged: ${record.file} does not match its checksum.`);
        await storage.put(record.file, data, mediaType(record.file) ?? "application/octet-stream");
        summary.files++;
      }
    });
  });
  await raiseContentVersion(db); // instances already serving drop what they cached
  return summary;
}

/**
 * Reads an archive through, checking its shape as it goes (a header of ours first, known tables, files with safe
 * paths and data, nothing after the footer, the footer's counts), and hands each table or file record to `take`.
 */
async function readArchive(file: string, take: (record: ArchiveRecord) => void | Promise<void>) {
  let header: Header | null = null;
  let footer: Footer | null = null;
  const counted = { rows: Object.fromEntries(TABLES.map(([table]) => [table, 0])) as Record<string, number>, files: 0 };
  // What `take` throws (the database or the storage refusing) is its own error, not the archive's.
  let taking = false;
  const hand = async (record: ArchiveRecord) => {
    taking = true;
    await take(record);
    taking = false;
  };
  try {
    for await (const line of archiveLines(file)) {
      if (!line) continue;
      const record = JSON.parse(line) as ArchiveRecord;
      if (!header) {
        header = checkHeader(record);
      } else if (footer) {
        throw new RestoreError("The archive goes on after its last line.");
      } else if (record.table) {
        if (!TABLES.some(([table]) => table === record.table)) throw new RestoreError(`Unknown table ${record.table}.`);
        counted.rows[record.table] += record.rows?.length ?? 0;
        await hand(record);
      } else if (record.file !== undefined) {
        if (!isSafeObjectPath(record.file) || typeof record.data !== "string")
          throw new RestoreError(`The archive names a file it cannot hold: ${record.file}.`);
        counted.files++;
        await hand(record);
      } else if (record.end) {
        footer = record as Footer;
      }
    }
  } catch (error) {
    if (error instanceof RestoreError || taking) throw error;
    throw new RestoreError(`The archive cannot be read: ${(error as Error).message}`);
  }
  if (!header) throw new RestoreError("The file is empty.");
  if (!footer) throw new RestoreError("The archive is incomplete: it ends before its last line.");
  for (const [table] of TABLES)
    if ((footer.rows[table] ?? 0) !== (counted.rows[table] ?? 0))
      throw new RestoreError(`The archive is damaged: ${table} holds a different number of rows than it says.`);
  if (footer.files !== counted.files)
    throw new RestoreError("The archive is damaged: it holds a different number of files than it says.");
}

/** The archive's lines, unzipped as they are read; a damaged or cut-off file ends the loop with its error. */
async function* archiveLines(file: string): AsyncGenerator<string> {
  const gunzip = zlib.createGunzip();
  const input = createReadStream(file);
  input.on("error", (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  const decoder = new StringDecoder("utf8");
  // A line may be a picture of several megabytes: its pieces are joined once, not searched again with each chunk.
  const pieces: string[] = [];
  for await (const chunk of gunzip) {
    const text = decoder.write(chunk as Buffer);
    let start = 0;
    for (let end = text.indexOf("\n"); end >= 0; end = text.indexOf("\n", start)) {
      pieces.push(text.slice(start, end));
      yield pieces.join("");
      pieces.length = 0;
      start = end + 1;
    }
    if (start < text.length) pieces.push(text.slice(start));
  }
  pieces.push(decoder.end());
  if (pieces.join("")) yield pieces.join("");
}

function checkHeader(record: Partial<Header>): Header {
  if (record.format !== ARCHIVE_FORMAT || typeof record.version !== "number")
    throw new RestoreError("This is not a backup of this site (npm run backup writes them).");
  if (record.version > ARCHIVE_VERSION)
    throw new RestoreError("The backup was written by a newer version of the site; update this one first.");
  if (!record.migration || !(record.migration in migrations))
    throw new RestoreError(
      `The backup was written under a database schema this version does not know (${record.migration}); update this one first.`,
    );
  return record as Header;
}
