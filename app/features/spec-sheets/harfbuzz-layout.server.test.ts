import fs from "node:fs";
import { createRequire } from "node:module";
import * as hb from "harfbuzzjs";
import { describe, expect, it } from "vitest";
import { pdfReaderName, readPdfText } from "../../../tests/support/pdf-text";
import { documentBytes, newDocument } from "./pdf-document.server";
import { loadFonts, type FontName } from "./pdf-fonts.server";
import { mixedText } from "./pdf-text.server";

// Issue 40: hard clusters in each script the PDFs print, laid out by the fonts the PDFs use; each must come out as
// HarfBuzz (the browsers' engine) shapes it with the same font file: the same glyphs, advances and mark offsets.
const CLUSTERS = {
  bengali: [
    "মেট্রিক", // ra-phala (ট্র)
    "মুন্দ্রা", // ra-phala on a conjunct
    "কর্ম", // reph
    "অর্ডার", // reph before a vowel
    "সর্বনিম্ন", // reph and a conjunct
    "পূর্ব", // reph after ū
    "ব্যাগ", // ya-phala
    "ন্যূনতম", // ya-phala with ū
    "উৎপাদন", // khanda ta
    "হঠাৎ", // khanda ta at the end
    "কেজি", // e-kar before the consonant
    "পৈতৃক", // ai-kar
    "কোটেশন", // o-kar around the consonant
    "মৌসুম", // au-kar
    "পেঁয়াজ", // candrabindu, ya with nukta
    "ক্ষমতা", // kṣa
    "স্পেসিফিকেশন", // s-pa conjunct with e-kar
    "রপ্তানি", // pta conjunct
    "জ্ঞান", // jña
    "শ্রী", // śra with ī
    "প্রতি", // pra
    "স্ট্র্যাটেজি", // three-part conjunct with ya-phala
  ],
  devanagari: [
    "क्या", // half ka
    "प्याज़", // half pa, nukta
    "लहसुन",
    "स्वास्थ्य", // half sa, half tha
    "प्रमाणित", // ra below
    "कर्म", // reph
    "धर्म", // reph
    "ट्रक", // ṭa with ra
    "द्वारा", // dva
    "श्री", // śrī
    "क्षेत्र", // kṣa, tra
    "ज्ञान", // jña
    "कि", // i-matra before the consonant
    "निर्यात", // reph on ya
    "हिंदी", // anusvara
    "संपर्क", // reph at the end
    "उत्पाद", // half ta
    "विक्रेता", // kra
    "अद्भुत", // dbha
    "सत्यापित", // half ta, ya
  ],
  arabic: [
    "لا", // lam-alef
    "الأحمر", // lam-alef with hamza
    "السلام",
    "بصل",
    "ثوم",
    "للطلب",
    "الإمارات", // lam-alef with hamza below
    "لآلئ", // lam-alef with madda
    "شحن",
    "مستودع",
    "تصدير",
    "الحد الأدنى",
    "حاويتان",
    "متريًا", // tanwin
    "فصوص",
    "ميناء",
    "عرض السعر",
    "المواصفات",
    "إلى",
    "شهادة",
  ],
} as const;

const require = createRequire(import.meta.url);
const FILES: Record<keyof typeof CLUSTERS, string> = {
  bengali: "@expo-google-fonts/noto-sans-bengali/400Regular/NotoSansBengali_400Regular.ttf",
  devanagari: "@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf",
  arabic: "@expo-google-fonts/noto-naskh-arabic/400Regular/NotoNaskhArabic_400Regular.ttf",
};

const shapers = new Map<string, hb.Font>();
function harfBuzz(file: string, text: string) {
  let font = shapers.get(file);
  if (!font) shapers.set(file, (font = new hb.Font(new hb.Face(new hb.Blob(fs.readFileSync(require.resolve(file)))))));
  const buffer = new hb.Buffer();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  hb.shape(font, buffer);
  return buffer.getGlyphInfosAndPositions().map((g) => [g.codepoint, g.xAdvance, g.xOffset, g.yOffset]);
}

describe("the PDFs' layout of hard clusters", () => {
  for (const script of ["bengali", "devanagari", "arabic"] as const)
    it(`is HarfBuzz's in ${script} (${CLUSTERS[script].length} words)`, async () => {
      const font = (await loadFonts())[`${script}-regular` as FontName];
      for (const text of CLUSTERS[script]) {
        const run = font.layout(text);
        // fontkit lays a right-to-left run out in visual order, as HarfBuzz does.
        const ours = run.glyphs.map((glyph, i) => [
          glyph.id,
          run.positions[i].xAdvance,
          run.positions[i].xOffset,
          run.positions[i].yOffset,
        ]);
        expect(ours, text).toEqual(harfBuzz(FILES[script], text));
      }
    });
});

// What poppler's pdftotext reads (the ActualText the PDFs give Arabic and Bengali runs); pdf.js reads the glyphs.
describe.skipIf(pdfReaderName() !== "pdftotext")("a PDF of hard clusters", () => {
  for (const [script, lang] of [
    ["bengali", "bn"],
    ["arabic", "ar"],
  ] as const)
    it(`reads back as typed in ${script}`, async () => {
      const doc = await newDocument({ title: "t", author: "a", subject: "s", day: "2026-11-28", lang });
      doc.addPage();
      let y = 60;
      for (const text of CLUSTERS[script]) y = mixedText(doc, text, 60, y, 400, { size: 12 });
      const read = await readPdfText(await documentBytes(doc));
      const lines = read
        .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "")
        .split("\n")
        .map((line) => line.trim());
      for (const text of CLUSTERS[script]) expect(lines, text).toContain(text);
    });
});
