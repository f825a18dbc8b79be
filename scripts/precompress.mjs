// Part of `npm run build`: writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside each compressible
// file of the client build, so the server sends them as they are instead of compressing per request
// (server/static-files.ts picks one by Accept-Encoding). Maximum settings cost seconds once per build and save
// bytes on every download. A copy that would not be smaller is not written.
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const root = path.resolve(import.meta.dirname, "..");
const clientDir = path.join(root, "build/client");

// Text formats only: pictures and woff2 fonts are compressed already. Source maps are not built.
const COMPRESSIBLE = new Set([".js", ".mjs", ".css", ".svg", ".json", ".txt", ".xml", ".html", ".webmanifest"]);
// Below about one packet, compression saves next to nothing and the headers cost more than the bytes saved.
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function precompress(file) {
  const bytes = await fs.promises.readFile(file);
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  let written = 0;
  for (const [suffix, copy] of [
    [".br", br],
    [".gz", gz],
  ]) {
    // A stale copy from an earlier build must not outlive its original's new content.
    fs.rmSync(file + suffix, { force: true });
    if (copy.length < bytes.length) {
      await fs.promises.writeFile(file + suffix, copy);
      written++;
    }
  }
  return { before: bytes.length, br: br.length, written };
}

const files = fs
  .readdirSync(clientDir, { recursive: true })
  .map((name) => path.join(clientDir, String(name)))
  .filter((file) => COMPRESSIBLE.has(path.extname(file)) && fs.statSync(file).size >= MIN_BYTES);
const results = await Promise.all(files.map(precompress));
const before = results.reduce((sum, r) => sum + r.before, 0);
const after = results.reduce((sum, r) => sum + r.br, 0);
console.log(
  `[precompress] ${results.reduce((sum, r) => sum + r.written, 0)} copies of ${files.length} files; ` +
    `brotli ${Math.round(before / 1024)} KB → ${Math.round(after / 1024)} KB`,
);
