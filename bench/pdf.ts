// npm run bench:pdf — how long the PDFs take to make, and how big they are: one product's spec sheet and the whole
// catalogue, on the demo content (every product given full trade terms, a price and a Hindi phrase, and the demo
// products copied until there are BENCH_PRODUCTS, 40 by default), then on CATALOGUE_MAX_PRODUCTS products. Made in
// this process, without HTTP or the page cache (which serves a made PDF in microseconds). "cold" is the first
// document of the process (fonts parsed, code not yet optimised); "warm" the median of the following ones. The
// longest stretch the event loop was held during a catalogue tells what other visitors wait at most. The Arabic rows
// make the same documents right to left, each product's name and description translated (issue 26).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { createDatabase } from "../app/db/database.server";
import { migrateToLatest } from "../app/db/migrate.server";
import { seedDemoIfEmpty } from "../app/startup/seed/demo.server";
import { createLocalStorage } from "../app/lib/storage/local-storage.server";
import { CATALOGUE_MAX_PRODUCTS, makeCataloguePdf } from "../app/features/spec-sheets/catalogue-pdf.server";
import { makeSpecSheet } from "../app/features/spec-sheets/spec-sheet.server";
import { newId, nowIso } from "../app/lib/time";
import { insertProduct } from "../tests/support/test-db";
import type { Language } from "../app/lib/i18n/languages";

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 40);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agro-bench-pdf-"));
const db = createDatabase({ dataDir });
const storage = createLocalStorage(path.join(dataDir, "storage"));
const services = { db, storage, config: { publicUrl: "https://www.example-exports.in", port: 3000 } };

const TERMS = JSON.stringify({
  hs_code: "0703.10.19",
  min_order_quantity: 25,
  min_order_unit: "MT",
  supply_capacity: 500,
  supply_capacity_unit: "MT",
  grades: ["45–55 mm", "55–65 mm", "65 mm+"],
  packaging: ["5 kg mesh bag", "10 kg mesh bag", "25 kg jute bag"],
  container_40ft_mt: 29,
  container_type: "reefer",
  ports_of_loading: ["JNPT (Nhava Sheva)", "Mundra"],
  incoterms: ["FOB", "CIF"],
  payment_terms: ["30% advance, 70% against BL", "LC at sight"],
  lead_time_days: 10,
  shelf_life: "4 months in cold store",
  origin: "Nashik, Maharashtra",
  availability_months: [1, 2, 3, 4, 5, 11, 12],
  price_min: 380,
  price_max: 420,
  price_currency: "USD",
  price_unit: "MT",
  price_incoterm: "FOB",
  price_valid_until: "2999-12-31",
});

/** Copies demo products (with their pictures) until the catalogue has `count`. */
async function fillTo(count: number) {
  const rows = await db.selectFrom("products").selectAll().execute();
  for (let i = rows.length; i < count; i++) {
    const source = rows[i % rows.length];
    await insertProduct(db, {
      ...source,
      id: newId(),
      name: `${source.name} ${i + 1}`,
      slug: `${source.slug}-${i + 1}`,
    });
  }
}

/** Every product's name and description in Arabic (the rest of the sheet stays English, drawn right to left). */
async function translateToArabic() {
  const rows = await db.selectFrom("products").select(["id"]).execute();
  const values = rows.flatMap((row, i) =>
    Object.entries({
      name: `بصل ناشيك الأحمر ${i + 1}`,
      description:
        "بصل أحمر طازج من ناشيك، بحجم 45–65 مم، يُشحن من ميناء JNPT (Nhava Sheva) بشروط FOB. الحد الأدنى للطلب 25 طنًا، والتعبئة في أكياس من الجوت بوزن 25 كجم.",
    }).map(([field, value]) => ({
      entity: "product",
      entity_id: row.id,
      lang: "ar",
      field,
      value,
      source_hash: "bench",
      updated_at: nowIso(),
    })),
  );
  for (let i = 0; i < values.length; i += 200)
    await db
      .insertInto("content_translations")
      .values(values.slice(i, i + 200))
      .execute();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value: number) => `${value.toFixed(0)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const pages = (bytes: Buffer) => {
  const file = path.join(dataDir, "count.pdf");
  fs.writeFileSync(file, bytes);
  try {
    return /Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file], { encoding: "utf8" }))?.[1] ?? "?";
  } catch {
    return "?"; // poppler-utils not installed
  }
};

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await work();
  return { value, ms: performance.now() - start };
}

try {
  await migrateToLatest(db);
  await seedDemoIfEmpty(db, storage);
  for (const row of await db.selectFrom("products").select(["id", "description"]).execute())
    await db
      .updateTable("products")
      .set({ trade_terms: TERMS, description: `${row.description ?? ""} (निर्यात गुणवत्ता: प्याज़ और लहसुन)` })
      .where("id", "=", row.id)
      .execute();
  await fillTo(PRODUCTS);
  const product = await db
    .selectFrom("products")
    .innerJoin("product_categories", "product_categories.id", "products.category_id")
    .select(["products.slug", "product_categories.slug as category"])
    .orderBy("products.name")
    .executeTakeFirstOrThrow();
  await translateToArabic();
  const now = new Date();
  const sheetIn = (lang: Language) =>
    makeSpecSheet(services, product.category, product.slug, now, lang).then((b) => b!.bytes);

  console.log(`PDF bench: Node ${process.version}, SQLite, ${PRODUCTS} products`);
  for (const lang of ["en", "ar"] as const) {
    const sheet = () => sheetIn(lang);
    const cold = await timed(sheet);
    const warm: number[] = [];
    for (let i = 0; i < 20; i++) warm.push((await timed(sheet)).ms);
    console.log(
      `${(lang === "en" ? "spec sheet" : "spec sheet, ar").padEnd(15)} cold ${ms(cold.ms)}, warm ${ms(median(warm))} (median of 20), ${kb(cold.value.byteLength)}, ${pages(cold.value)} pages`,
    );
  }

  const delay = monitorEventLoopDelay({ resolution: 5 });
  const catalogue = async (label: string, lang: Language = "en") => {
    const make = () => makeCataloguePdf(services, now, lang).then((pdf) => pdf.bytes);
    const first = await timed(make);
    const again: number[] = [];
    delay.reset();
    delay.enable();
    for (let i = 0; i < 5; i++) again.push((await timed(make)).ms);
    delay.disable();
    console.log(
      `${label.padEnd(15)} first ${ms(first.ms)}, warm ${ms(median(again))} (median of 5), ${kb(first.value.byteLength)}, ${pages(first.value)} pages, event loop held at most ${ms(delay.max / 1e6)}`,
    );
  };
  await catalogue(`catalogue (${PRODUCTS})`);
  await catalogue(`catalogue, ar`, "ar");
  await fillTo(CATALOGUE_MAX_PRODUCTS);
  await catalogue(`catalogue (${CATALOGUE_MAX_PRODUCTS})`);
} finally {
  await db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
