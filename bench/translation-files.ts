// node --expose-gc --import tsx bench/translation-files.ts — the largest translation file the import accepts (2 MB of XLIFF 2.0, and
// one made of hostile nesting and references), read by the strict reader the import uses: milliseconds and heap.
import { MAX_TRANSLATION_FILE_BYTES } from "../app/features/translations/exchange/limits";
import { readXliff, writeXliff } from "../app/features/translations/exchange/xliff";

function fileOf(bytes: number): string {
  const unit = () => ({
    id: `product/${crypto.randomUUID()}/description`,
    title: "Red Onion",
    status: "outdated",
    source: "Pungent red onions from Nashik, graded 40–60 mm, packed in 25 kg mesh bags & cartons.",
    target: "بصل أحمر لاذع من ناشيك، مصنف 40–60 مم، معبأ في أكياس شبكية 25 كغ وكراتين.",
  });
  const perUnit = Buffer.byteLength(writeXliff("ar", [unit(), unit()])) - Buffer.byteLength(writeXliff("ar", [unit()]));
  return writeXliff("ar", Array.from({ length: Math.floor(bytes / perUnit) - 1 }, unit));
}

function measure(label: string, text: string) {
  globalThis.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  // CPU time of this process, not wall time: on a busy machine (other builds and tests) wall time says little.
  const started = process.cpuUsage();
  const read = readXliff(text);
  const used = process.cpuUsage(started);
  const ms = (used.user + used.system) / 1000;
  const heap = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
  const what = read.ok ? `${read.units.length} units` : `refused: ${read.message.slice(0, 60)}`;
  console.log(
    `${label.padEnd(34)} ${(Buffer.byteLength(text) / 1024 / 1024).toFixed(2)} MB  ${ms.toFixed(0).padStart(5)} ms CPU  heap +${heap.toFixed(1)} MB  ${what}`,
  );
}

const big = fileOf(MAX_TRANSLATION_FILE_BYTES);
measure("largest accepted XLIFF", big);
measure("largest accepted XLIFF, again", big);
measure("2 MB of nesting", "<a>".repeat(MAX_TRANSLATION_FILE_BYTES / 3));
measure(
  "2 MB of character references",
  `<xliff version="2.0" trgLang="ar">${"&#x41;".repeat(MAX_TRANSLATION_FILE_BYTES / 6)}</xliff>`,
);
measure(
  "2 MB of comments",
  `<xliff version="2.0" trgLang="ar">${"<!-- x -->".repeat(MAX_TRANSLATION_FILE_BYTES / 10)}</xliff>`,
);
