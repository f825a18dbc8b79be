// npm run bench:images — what one upload costs through storeUploadedImage (the code every image form uses): wall
// time and the process's peak memory for a large phone photo and for a "decompression bomb" (a 10000×10000 PNG of
// a few hundred KB). Each case runs in a fresh child process, so one case's memory does not hide another's.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { createLocalStorage } from "../app/lib/storage/local-storage.server";
import { storeUploadedImage } from "../app/features/images/upload.server";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CASES = {
  // A 12 MP phone photo (4000×3000, noisy like a real one, about 5 MB) and a 48 MP one (8000×6000).
  "photo 12 MP JPEG": () => photo(4000, 3000),
  "photo 48 MP JPEG": () => photo(8000, 6000),
  "bomb 10000×10000 PNG": () =>
    sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: "#ffffff" } })
      .png({ compressionLevel: 9 })
      .toBuffer(),
} satisfies Record<string, () => Promise<Buffer>>;
type CaseName = keyof typeof CASES;

async function photo(width: number, height: number) {
  const noise = await sharp({
    create: { width, height, channels: 3, background: "#000000", noise: { type: "gaussian", mean: 128, sigma: 24 } },
  })
    .jpeg()
    .toBuffer();
  const base = await sharp({ create: { width, height, channels: 3, background: "#6a8f3a" } })
    .jpeg()
    .toBuffer();
  return sharp(base)
    .composite([{ input: noise, blend: "soft-light" }])
    .jpeg({ quality: 85 })
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Make: "Phone" } })
    .toBuffer();
}

async function runCase(name: CaseName, input: string) {
  const bytes = fs.readFileSync(input);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "agro-bench-images-"));
  const storage = createLocalStorage(dir);
  const file = new File([new Uint8Array(bytes)], "upload", { type: "application/octet-stream" });
  // Memory before the first upload (the image was made by the parent); the peak is sampled while uploading.
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const times: number[] = [];
  let outcome = "";
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    try {
      const stored = await storeUploadedImage(storage, file, {
        folder: "bench",
        prefix: "img",
        maxBytes: 100 * 1024 * 1024,
      });
      const meta = await sharp(storage.resolve(stored.path)!).metadata();
      outcome = `stored ${meta.width}×${meta.height} ${meta.format}, ${(fs.statSync(storage.resolve(stored.path)!).size / 1024).toFixed(0)} KB`;
    } catch (error) {
      outcome = `refused: ${(error as Error).message}`;
    }
    times.push(performance.now() - t0);
  }
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  fs.rmSync(dir, { recursive: true, force: true });
  times.sort((a, b) => a - b);
  return {
    case: name,
    "input KB": Math.round(bytes.length / 1024),
    "median ms": Math.round(times[Math.floor(times.length / 2)]),
    "peak extra MB": Math.round((peak - baseline) / 1024 / 1024),
    outcome,
  };
}

const [only, input] = process.argv.slice(2) as [CaseName | undefined, string];
if (only) {
  sharp.cache(false);
  console.log(JSON.stringify(await runCase(only, input)));
} else {
  const inputs = fs.mkdtempSync(path.join(os.tmpdir(), "agro-bench-inputs-"));
  const rows = [];
  for (const [name, make] of Object.entries(CASES)) {
    const input = path.join(inputs, "input");
    fs.writeFileSync(input, await make());
    const child = spawnSync(process.execPath, [...process.execArgv, process.argv[1], name, input], {
      encoding: "utf8",
      maxBuffer: 1 << 24,
    });
    if (child.status !== 0) throw new Error(`${name}: ${child.stderr}`);
    rows.push(JSON.parse(child.stdout.trim().split("\n").at(-1)!));
  }
  fs.rmSync(inputs, { recursive: true, force: true });
  console.table(rows);
  console.log(
    `${RUNS} uploads per case (median time); peak extra MB is the process's resident memory above its level before the first upload; ${os.cpus().length} cores.`,
  );
}
