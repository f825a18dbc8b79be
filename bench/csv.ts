// npm run bench:csv — 10,000 products through the same import and export code the screens use, with rows per
// second and peak memory; then a ZIP of 1,000 photos for them through the photo import (time and peak memory).
// SQLite in a temporary folder, or, when BENCH_DATABASE_URL is set, a throw-away schema on that PostgreSQL server
// (dropped afterwards; nothing else on the server is touched).
import path from "node:path";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { CSV_COLUMNS } from "../app/features/catalogue/csv/columns";
import { exportProductsCsv } from "../app/features/catalogue/csv/export.server";
import { parseProductsCsv, rowsOfGrid } from "../app/features/catalogue/csv/parse";
import { planImport } from "../app/features/catalogue/csv/plan-import.server";
import { applyImport } from "../app/features/catalogue/csv/write.server";
import { readXlsxGrid } from "../app/features/catalogue/csv/xlsx.server";
import { importPhotoJob } from "../app/features/catalogue/photos/import.server";
import { createPhotoJob } from "../app/features/catalogue/photos/plan.server";
import { runPhotoJob } from "../app/features/catalogue/photos/run.server";
import { createLocalStorage } from "../app/lib/storage/local-storage.server";
import { newId, nowIso } from "../app/lib/time";
import { openBenchDatabase } from "./support/bench-database";
import { writePhotoZip } from "./support/photo-zip";

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const bench = await openBenchDatabase("csv");
const { db, dataDir } = bench;

const categories = ["onions", "garlic", "potatoes", "vegetables", "dehydrated"].map((s) => ({
  id: newId(),
  slug: `bench-${s}`,
}));
const now = nowIso();
await db
  .insertInto("product_categories")
  .values(
    categories.map((c) => ({
      ...c,
      name: c.slug,
      description: null,
      image_url: null,
      created_at: now,
      updated_at: now,
    })),
  )
  .execute();

const rows = Array.from({ length: ROWS }, (_, i) => [
  `Product ${i} — Nashik Red Onion, grade ${i % 7}`,
  `product-${i}`,
  categories[i % categories.length].slug,
  `Deep red onions, lot ${i}. Field-cured, "hand-graded", packed in 25 kg mesh bags.\nSecond line.`,
  JSON.stringify({ Size: `${40 + (i % 30)} mm`, Organic: i % 2 === 0, Colour: "Deep red", "Shelf Life": "60 days" }),
  "Mesh bags of 5, 10, 20 and 25 kg; 28 MT per 40 ft reefer.",
  i % 10 === 0 ? "true" : "false",
  `/media/application-assets/public/products/product-${i}/product-abcdefgh.jpg`,
  JSON.stringify([`/media/application-assets/public/products/product-${i}/gallery/gallery-abcdefgh.jpg`]),
  // The export terms, in TRADE_TERM_FIELDS order.
  "0703.10.10",
  "1",
  "40 ft container",
  String(1000 + i),
  "MT",
  JSON.stringify(["40–55 mm", "55 mm+"]),
  JSON.stringify(["25 kg mesh bag", "50 kg jute bag"]),
  "14",
  "29",
  "reefer",
  JSON.stringify(["Nhava Sheva (JNPT)", "Mundra"]),
  JSON.stringify(["FOB", "CIF"]),
  JSON.stringify(["L/C at sight", "CAD"]),
  "7",
  "60 days at 0–2 °C",
  "Maharashtra (Nashik)",
  JSON.stringify([1, 2, 3, 10, 11, 12]),
  "330",
  "380",
  "USD",
  "MT",
  "FOB",
  "2027-01-31",
]);
const csv = Papa.unparse({ fields: [...CSV_COLUMNS], data: rows }, { newline: "\r\n" });

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 10);

const t0 = performance.now();
const parsed = parseProductsCsv(csv);
if (!parsed.ok) throw new Error(parsed.message);
const plan = await planImport(db, parsed.rows);
const imported = await applyImport(db, { id: "bench", email: "bench@example.com", fullName: null }, plan);
const importMs = performance.now() - t0;

const t1 = performance.now();
const exported = await exportProductsCsv(db);
const exportMs = performance.now() - t1;
clearInterval(sampler);
peakRss = Math.max(peakRss, process.memoryUsage().rss);

const exportedRows = exported.split("\r\n").length - 1;
const csvPeakRss = peakRss;

// The same rows as an .xlsx workbook (slugs prefixed, so they are added as the CSV's were), through the same code
// the import page runs: the zip guard, exceljs, then the CSV's plan and write. Its peak is measured on its own.
const workbook = new ExcelJS.Workbook();
const sheet = workbook.addWorksheet("Products");
sheet.addRow([...CSV_COLUMNS]);
for (const row of rows) sheet.addRow(row.map((cell, c) => (c === 1 ? `xlsx-${cell}` : cell)));
const xlsxBytes = new Uint8Array(await workbook.xlsx.writeBuffer());
const xlsxStartRss = process.memoryUsage().rss;
peakRss = xlsxStartRss;
const xlsxSampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 10);
const t2 = performance.now();
const grid = await readXlsxGrid(xlsxBytes);
if (!grid.ok) throw new Error(grid.message);
const xlsxParsed = rowsOfGrid(grid.grid);
if (!xlsxParsed.ok) throw new Error(xlsxParsed.message);
const xlsxPlan = await planImport(db, xlsxParsed.rows, xlsxParsed.lines);
const xlsxImported = await applyImport(db, { id: "bench", email: "bench@example.com", fullName: null }, xlsxPlan);
const xlsxMs = performance.now() - t2;
clearInterval(xlsxSampler);
const xlsxPeakRss = Math.max(peakRss, process.memoryUsage().rss);
console.table([
  {
    direction: "import (parse, plan, one transaction)",
    rows: imported,
    ms: Math.round(importMs),
    "rows/s": Math.round(imported / (importMs / 1000)),
  },
  {
    direction: "import XLSX (zip guard, exceljs, plan, one transaction)",
    rows: xlsxImported,
    ms: Math.round(xlsxMs),
    "rows/s": Math.round(xlsxImported / (xlsxMs / 1000)),
  },
  {
    direction: "export (query, CSV)",
    rows: exportedRows,
    ms: Math.round(exportMs),
    "rows/s": Math.round(exportedRows / (exportMs / 1000)),
  },
]);
console.log(
  `database: ${bench.engine}; CSV size ${(csv.length / 1024 / 1024).toFixed(1)} MB; peak RSS ${(csvPeakRss / 1024 / 1024).toFixed(0)} MB`,
);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
console.log(
  `XLSX size ${(xlsxBytes.length / 1024 / 1024).toFixed(1)} MB; peak RSS while importing it ${mb(xlsxPeakRss)} MB (${mb(xlsxStartRss)} MB before it started)`,
);

// A ZIP of photo-sized pictures for the first PHOTOS products, through the job the screen starts (streamed entry
// by entry, checked, stored once by hash) and its Import; peak memory measured for this part alone.
const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 1000);
const zipPath = path.join(dataDir, "photos.zip");
const zipBytes = await writePhotoZip(zipPath, PHOTOS);
const storage = createLocalStorage(path.join(dataDir, "storage"));
const actor = { id: "bench", email: "bench@example.com", fullName: null };
const zipStartRss = process.memoryUsage().rss;
let zipPeak = zipStartRss;
const zipSampler = setInterval(() => (zipPeak = Math.max(zipPeak, process.memoryUsage().rss)), 10);
const tZip = performance.now();
const jobId = await createPhotoJob(db, actor, crypto.randomUUID(), zipPath, "photos.zip");
await runPhotoJob(db, storage, jobId, zipPath, 10 * 1024 * 1024);
const checkedMs = performance.now() - tZip;
const photoImport = await importPhotoJob(db, storage, actor, jobId);
const zipMs = performance.now() - tZip;
clearInterval(zipSampler);
if (!photoImport.ok) throw new Error(photoImport.message);
console.table([
  {
    step: "photo ZIP: check and store (job)",
    pictures: PHOTOS,
    ms: Math.round(checkedMs),
    "pictures/s": Math.round(PHOTOS / (checkedMs / 1000)),
  },
  { step: "photo ZIP: job + Import", pictures: photoImport.count, ms: Math.round(zipMs), "pictures/s": "" },
]);
console.log(
  `ZIP ${(zipBytes / 1024 / 1024).toFixed(0)} MB of ${PHOTOS} JPEGs 1600×1200; peak RSS during the ZIP ${mb(zipPeak)} MB (${mb(zipStartRss)} MB before it started)`,
);

await bench.remove();
