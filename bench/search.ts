// npm run bench:search — the site search at catalogue scale (issue 43, "Speed"): BENCH_PRODUCTS published products
// (100,000 by default) in twenty categories, named as an exporter names them ("Nashik Red Onion 55mm Grade A"), with a
// description, specifications, trade terms with their HS code and an Arabic and a Bengali name each, written straight
// into the database in large transactions. Then: the first index build (the inserts' triggers mark every product) and
// the index's size; a query mix of BENCH_QUERIES searches a kind (200 by default) through `searchSite`, page 1 unless
// said, in one process on a warm index (each distinct query is run once before the timed runs), with p50/p95/max per
// kind against the issue's goal (p95 under 30 ms); a kind stops at BENCH_KIND_SECONDS (20) between two searches, so a
// slow plan is reported and a run fits in ten minutes. Last, what the index costs the catalogue's writes:
// BENCH_WRITES single-product edits (2,000 by default), each its own transaction, and one import-sized batch of 1,000
// inserts, with the search triggers and after dropping the products' ones, and the sync that follows. SQLite in a
// temporary folder, or, with BENCH_DATABASE_URL, a throw-away schema on that PostgreSQL server (dropped afterwards).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { isPostgres, type Db } from "../app/db/database.server";
import { wordingOf } from "../app/features/i18n/catalogues.server";
import { syncSearchIndex } from "../app/features/search/search-index.server";
import { searchSite } from "../app/features/search/search.server";
import { serializeTradeTerms } from "../app/features/catalogue/trade-terms/storage.server";
import { EMPTY_TRADE_TERMS } from "../app/features/catalogue/trade-terms/vocabulary";
import { createLocalStorage } from "../app/lib/storage/local-storage.server";
import type { Language } from "../app/lib/i18n/languages";
import { newId, nowIso } from "../app/lib/time";
import { insertProducts } from "../tests/support/test-db";
import { openBenchDatabase } from "./support/bench-database";
import { mb, median } from "./support/report";

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const QUERIES = Number(process.env.BENCH_QUERIES ?? 200);
const WRITES = Number(process.env.BENCH_WRITES ?? 2_000);
const IMPORT_BATCH = 1_000;
/** Products written per transaction while seeding (with their two translated names). */
const SEED_BATCH = 5_000;
const GOAL_P95_MS = 30;
/** The longest one kind of query runs (its distinct queries once, then the timed ones), in seconds. */
const KIND_BUDGET_MS = Number(process.env.BENCH_KIND_SECONDS ?? 20) * 1000;

// ---------------------------------------------------------------------------------------------------------------
// The catalogue's vocabulary: each word in English, Arabic and Bengali.

type Word = readonly [en: string, ar: string, bn: string];

interface CategorySpec {
  slug: string;
  name: Word;
  hs: string;
  /** What the product is. */
  noun: Word;
  /** Where it grows or which variety it is. */
  varieties: Word[];
  /** Colour or form, when the trade names one. */
  colours: Word[];
  sizes: Word[];
  /** Words of its description. */
  blurb: string;
  specs: Record<string, string>;
}

const GRADES: Word[] = [
  ["Grade A", "درجة أولى", "গ্রেড এ"],
  ["Grade B", "درجة ثانية", "গ্রেড বি"],
  ["Premium", "ممتاز", "প্রিমিয়াম"],
  ["Export Quality", "جودة تصدير", "রপ্তানি মানের"],
  ["Organic", "عضوي", "জৈব"],
  ["Super", "سوبر", "সুপার"],
];

const mm = (n: string): Word => [`${n}mm`, `${n} مم`, `${n} মিমি`];

const CATEGORIES: CategorySpec[] = [
  {
    slug: "red-onions",
    name: ["Red Onions", "بصل أحمر", "লাল পেঁয়াজ"],
    hs: "0703.10",
    noun: ["Onion", "بصل", "পেঁয়াজ"],
    varieties: [
      ["Nashik", "ناشيك", "নাসিক"],
      ["Lasalgaon", "لاسالغاون", "লাসালগাঁও"],
      ["Bellary", "بيلاري", "বেল্লারি"],
      ["Pune", "بونه", "পুনে"],
      ["Indore", "إندور", "ইন্দোর"],
      ["Sinnar", "سينار", "সিন্নর"],
    ],
    colours: [
      ["Red", "الأحمر", "লাল"],
      ["Dark Red", "أحمر داكن", "গাঢ় লাল"],
      ["Red", "أحمر", "লাল"],
    ],
    sizes: [mm("25-40"), mm("40-55"), mm("55"), mm("55+"), mm("60+")],
    blurb: "pungent, with thin dry skins and a long keeping life",
    specs: { Size: "45-55 mm", Colour: "Deep red", Moisture: "Dry skin", "Shelf Life": "60 days" },
  },
  {
    slug: "rose-onions",
    name: ["Rose Onions", "بصل وردي", "গোলাপি পেঁয়াজ"],
    hs: "0703.10",
    noun: ["Onion", "بصل", "পেঁয়াজ"],
    varieties: [
      ["Krishnapuram", "كريشنابورام", "কৃষ্ণপুরম"],
      ["Bangalore", "بنغالور", "বেঙ্গালুরু"],
    ],
    colours: [["Rose", "وردي", "গোলাপি"]],
    sizes: [mm("20-25"), mm("25-30"), mm("30+")],
    blurb: "small, sharp and sweet, the onion the Gulf and Malaysia pickle",
    specs: { Size: "25-30 mm", Colour: "Pinkish rose", "Shelf Life": "45 days" },
  },
  {
    slug: "white-onions",
    name: ["White Onions", "بصل أبيض", "সাদা পেঁয়াজ"],
    hs: "0703.10",
    noun: ["Onion", "بصل", "পেঁয়াজ"],
    varieties: [
      ["Mahuva", "ماهوفا", "মাহুভা"],
      ["Jalgaon", "جالجاون", "জলগাঁও"],
      ["Gujarat", "غوجارات", "গুজরাট"],
    ],
    colours: [["White", "الأبيض", "সাদা"]],
    sizes: [mm("40-60"), mm("60+")],
    blurb: "mild, crisp and white through, for dehydration and salads",
    specs: { Size: "40-60 mm", Colour: "White", "Shelf Life": "40 days" },
  },
  {
    slug: "shallots",
    name: ["Shallots", "بصل شالوت", "ছোট পেঁয়াজ"],
    hs: "0703.10",
    noun: ["Shallot", "بصل شالوت", "ছোট পেঁয়াজ"],
    varieties: [
      ["Tamil Nadu", "تاميل نادو", "তামিলনাড়ু"],
      ["Perambalur", "بيرامبالور", "পেরাম্বালুর"],
    ],
    colours: [["Red", "أحمر", "লাল"]],
    sizes: [mm("15-20"), mm("20-25")],
    blurb: "small multiplier onions, cleaned and topped",
    specs: { Size: "15-25 mm", Colour: "Red", "Shelf Life": "30 days" },
  },
  {
    slug: "garlic",
    name: ["Garlic", "ثوم", "রসুন"],
    hs: "0703.20",
    noun: ["Garlic", "ثوم", "রসুন"],
    varieties: [
      ["Ooty", "أوتي", "উটি"],
      ["Mandsaur", "ماندسور", "মন্দসৌর"],
      ["Neemuch", "نيموش", "নিমচ"],
      ["Rajasthan", "راجستان", "রাজস্থান"],
    ],
    colours: [
      ["White", "أبيض", "সাদা"],
      ["Purple", "بنفسجي", "বেগুনি"],
    ],
    sizes: [mm("35"), mm("40-45"), mm("45+")],
    blurb: "firm bulbs with tight cloves and a strong aroma",
    specs: { Size: "40-45 mm", Cloves: "10-12 per bulb", "Shelf Life": "6 months" },
  },
  {
    slug: "potatoes",
    name: ["Potatoes", "بطاطس", "আলু"],
    hs: "0701.90",
    noun: ["Potato", "بطاطس", "আলু"],
    varieties: [
      ["Agra", "آغرا", "আগ্রা"],
      ["Hooghly Jyoti", "هوغلي جيوتي", "হুগলি জ্যোতি"],
      ["Kufri Chipsona", "كوفري شيبسونا", "কুফরি চিপসোনা"],
      ["Kufri Pukhraj", "كوفري بوخراج", "কুফরি পুখরাজ"],
    ],
    colours: [
      ["Red", "حمراء", "লাল"],
      ["White", "بيضاء", "সাদা"],
    ],
    sizes: [mm("40-60"), mm("60-80"), mm("80+")],
    blurb: "cold-stored table and processing potatoes, washed and sorted",
    specs: { Size: "40-80 mm", "Dry Matter": "20%", "Shelf Life": "3 months in cold store" },
  },
  {
    slug: "sweet-potatoes",
    name: ["Sweet Potatoes", "بطاطا حلوة", "মিষ্টি আলু"],
    hs: "0714.20",
    noun: ["Sweet Potato", "بطاطا حلوة", "মিষ্টি আলু"],
    varieties: [
      ["Odisha", "أوديشا", "ওড়িশা"],
      ["Bihar", "بيهار", "বিহার"],
    ],
    colours: [
      ["Red Skin", "قشرة حمراء", "লাল খোসা"],
      ["Orange Flesh", "لب برتقالي", "কমলা শাঁস"],
    ],
    sizes: [mm("50-70"), mm("70+")],
    blurb: "cured roots with smooth skins, packed in ventilated cartons",
    specs: { Weight: "200-400 g", "Shelf Life": "2 months" },
  },
  {
    slug: "ginger",
    name: ["Ginger", "زنجبيل", "আদা"],
    hs: "0910.11",
    noun: ["Ginger", "زنجبيل", "আদা"],
    varieties: [
      ["Kerala", "كيرالا", "কেরালা"],
      ["Cochin", "كوتشين", "কোচিন"],
      ["Assam", "آسام", "আসাম"],
      ["Meghalaya", "ميغالايا", "মেঘালয়"],
    ],
    colours: [
      ["Fresh", "طازج", "তাজা"],
      ["Dried", "مجفف", "শুকনো"],
    ],
    sizes: [
      ["150g+", "150 غ", "১৫০ গ্রাম"],
      ["200g+", "200 غ", "২০০ গ্রাম"],
    ],
    blurb: "fat rhizomes, washed and air-dried, low in fibre",
    specs: { Weight: "150-250 g", Fibre: "Low", "Shelf Life": "3 months" },
  },
  {
    slug: "green-chilli",
    name: ["Green Chilli", "فلفل أخضر حار", "কাঁচা মরিচ"],
    hs: "0709.60",
    noun: ["Green Chilli", "فلفل أخضر حار", "কাঁচা মরিচ"],
    varieties: [
      ["G4", "جي 4", "জি৪"],
      ["Jwala", "جوالا", "জ্বালা"],
      ["Guntur", "غونتور", "গুন্টুর"],
    ],
    colours: [],
    sizes: [
      ["6-8cm", "6-8 سم", "৬-৮ সেমি"],
      ["8-10cm", "8-10 سم", "৮-১০ সেমি"],
    ],
    blurb: "hot, glossy and firm, flown or shipped in reefers",
    specs: { Length: "6-10 cm", Pungency: "Hot", "Shelf Life": "14 days" },
  },
  {
    slug: "dry-red-chilli",
    name: ["Dry Red Chilli", "فلفل أحمر مجفف", "শুকনো লাল মরিচ"],
    hs: "0904.21",
    noun: ["Dry Red Chilli", "فلفل أحمر مجفف", "শুকনো লাল মরিচ"],
    varieties: [
      ["Guntur Sannam S4", "غونتور سانام", "গুন্টুর সান্নাম"],
      ["Byadgi", "بيادجي", "ব্যাডগি"],
      ["Teja", "تيجا", "তেজা"],
      ["Kashmiri", "كشميري", "কাশ্মীরি"],
    ],
    colours: [
      ["Stemless", "بدون عنق", "বোঁটাহীন"],
      ["With Stem", "بالعنق", "বোঁটাসহ"],
    ],
    sizes: [],
    blurb: "sun-dried pods of deep colour and steady heat, ASTA colour tested",
    specs: { "ASTA Colour": "80-120", Moisture: "12% max", Pungency: "35,000 SHU" },
  },
  {
    slug: "basmati-rice",
    name: ["Basmati Rice", "أرز بسمتي", "বাসমতি চাল"],
    hs: "1006.30",
    noun: ["Basmati Rice", "أرز بسمتي", "বাসমতি চাল"],
    varieties: [
      ["1121", "1121", "১১২১"],
      ["Pusa", "بوسا", "পুসা"],
      ["Traditional", "تقليدي", "ঐতিহ্যবাহী"],
      ["1509", "1509", "১৫০৯"],
    ],
    colours: [
      ["Sella", "سيلا", "সেলা"],
      ["Steam", "مبخر", "স্টিম"],
      ["White", "أبيض", "সাদা"],
    ],
    sizes: [
      ["8.3mm", "8.3 مم", "৮.৩ মিমি"],
      ["8.35mm", "8.35 مم", "৮.৩৫ মিমি"],
    ],
    blurb: "long grains aged a year, that lengthen as they cook",
    specs: { "Grain Length": "8.3 mm", Broken: "1% max", Moisture: "12.5% max" },
  },
  {
    slug: "non-basmati-rice",
    name: ["Non-Basmati Rice", "أرز غير بسمتي", "নন-বাসমতি চাল"],
    hs: "1006.30",
    noun: ["Rice", "أرز", "চাল"],
    varieties: [
      ["Sona Masoori", "سونا مسوري", "সোনা মাসুরি"],
      ["Ponni", "بوني", "পোন্নি"],
      ["IR64", "آي آر 64", "আইআর৬৪"],
      ["Swarna", "سوارنا", "স্বর্ণা"],
    ],
    colours: [
      ["Parboiled", "مسلوق", "সেদ্ধ"],
      ["Raw", "خام", "আতপ"],
    ],
    sizes: [],
    blurb: "medium grains, machine-cleaned and sortexed",
    specs: { Broken: "5% max", Moisture: "14% max" },
  },
  {
    slug: "turmeric",
    name: ["Turmeric", "كركم", "হলুদ"],
    hs: "0910.30",
    noun: ["Turmeric", "كركم", "হলুদ"],
    varieties: [
      ["Erode", "إيرود", "ইরোড"],
      ["Salem", "سالم", "সালেম"],
      ["Rajapuri", "راجابوري", "রাজাপুরী"],
      ["Lakadong", "لاكادونغ", "লাকাডং"],
    ],
    colours: [
      ["Finger", "أصابع", "আঙুল"],
      ["Powder", "مطحون", "গুঁড়ো"],
    ],
    sizes: [],
    blurb: "polished fingers rich in curcumin",
    specs: { Curcumin: "3-5%", Moisture: "10% max" },
  },
  {
    slug: "cumin",
    name: ["Cumin Seeds", "كمون", "জিরা"],
    hs: "0909.31",
    noun: ["Cumin Seeds", "كمون", "জিরা"],
    varieties: [
      ["Unjha", "أونجا", "উনঝা"],
      ["Rajasthan", "راجستان", "রাজস্থান"],
    ],
    colours: [
      ["Singapore Quality", "جودة سنغافورة", "সিঙ্গাপুর মানের"],
      ["Europe Quality", "جودة أوروبا", "ইউরোপ মানের"],
    ],
    sizes: [],
    blurb: "machine-cleaned seeds of 99% purity",
    specs: { Purity: "99%", Moisture: "8% max" },
  },
  {
    slug: "coriander",
    name: ["Coriander Seeds", "كزبرة", "ধনে"],
    hs: "0909.21",
    noun: ["Coriander Seeds", "كزبرة", "ধনে"],
    varieties: [
      ["Ramganj", "رامغانج", "রামগঞ্জ"],
      ["Guna", "غونا", "গুনা"],
    ],
    colours: [
      ["Eagle", "إيغل", "ঈগল"],
      ["Scooter", "سكوتر", "স্কুটার"],
    ],
    sizes: [],
    blurb: "bright green-gold split and whole seeds",
    specs: { Purity: "98%", Split: "5% max" },
  },
  {
    slug: "pomegranates",
    name: ["Pomegranates", "رمان", "ডালিম"],
    hs: "0810.90",
    noun: ["Pomegranate", "رمان", "ডালিম"],
    varieties: [
      ["Bhagwa", "بهاغوا", "ভাগওয়া"],
      ["Ganesh", "غانيش", "গণেশ"],
      ["Arakta", "أراكتا", "আরক্তা"],
    ],
    colours: [["Red", "أحمر", "লাল"]],
    sizes: [
      ["250-300g", "250-300 غ", "২৫০-৩০০ গ্রাম"],
      ["300g+", "300 غ", "৩০০ গ্রাম"],
    ],
    blurb: "deep red arils, soft seeds and a sweet-sour taste",
    specs: { Weight: "250-350 g", Brix: "16+", "Shelf Life": "60 days in cold store" },
  },
  {
    slug: "grapes",
    name: ["Grapes", "عنب", "আঙুর"],
    hs: "0806.10",
    noun: ["Grapes", "عنب", "আঙুর"],
    varieties: [
      ["Thompson Seedless", "طومسون بدون بذور", "থম্পসন বীজহীন"],
      ["Sharad Seedless", "شاراد بدون بذور", "শরদ বীজহীন"],
      ["Nashik", "ناشيك", "নাসিক"],
      ["Sangli", "سانغلي", "সাংলি"],
    ],
    colours: [
      ["Green", "أخضر", "সবুজ"],
      ["Black", "أسود", "কালো"],
    ],
    sizes: [mm("16-18"), mm("18+")],
    blurb: "residue-tested bunches packed in the vineyard and pre-cooled",
    specs: { Berry: "16-18 mm", Brix: "18+", "Shelf Life": "45 days" },
  },
  {
    slug: "mangoes",
    name: ["Mangoes", "مانجو", "আম"],
    hs: "0804.50",
    noun: ["Mango", "مانجو", "আম"],
    varieties: [
      ["Alphonso", "ألفونسو", "আলফোনসো"],
      ["Kesar", "كيسار", "কেশর"],
      ["Banganapalli", "بانغانابالي", "বঙ্গনপল্লী"],
      ["Totapuri", "توتابوري", "তোতাপুরী"],
    ],
    colours: [],
    sizes: [
      ["200-250g", "200-250 غ", "২০০-২৫০ গ্রাম"],
      ["250g+", "250 غ", "২৫০ গ্রাম"],
    ],
    blurb: "hot-water treated and packed by count in single-layer boxes",
    specs: { Count: "12 per box", Brix: "20+", "Shelf Life": "15 days" },
  },
  {
    slug: "bananas",
    name: ["Bananas", "موز", "কলা"],
    hs: "0803.90",
    noun: ["Banana", "موز", "কলা"],
    varieties: [
      ["Cavendish G9", "كافنديش", "ক্যাভেন্ডিশ"],
      ["Robusta", "روبوستا", "রোবাস্টা"],
      ["Nendran", "نيندران", "নেন্দ্রন"],
    ],
    colours: [["Green", "أخضر", "সবুজ"]],
    sizes: [],
    blurb: "hands cut from the bunch, washed and packed green",
    specs: { Calibre: "39-46", "Shelf Life": "25 days" },
  },
  {
    slug: "okra",
    name: ["Okra", "بامية", "ঢেঁড়স"],
    hs: "0709.99",
    noun: ["Okra", "بامية", "ঢেঁড়স"],
    varieties: [
      ["Gujarat", "غوجارات", "গুজরাট"],
      ["Vadodara", "فادودارا", "ভাদোদরা"],
    ],
    colours: [["Tender", "طري", "কচি"]],
    sizes: [
      ["6-9cm", "6-9 سم", "৬-৯ সেমি"],
      ["9-12cm", "9-12 سم", "৯-১২ সেমি"],
    ],
    blurb: "tender green pods, picked every other day",
    specs: { Length: "6-12 cm", "Shelf Life": "10 days" },
  },
];

const REGIONS = ["Maharashtra (Nashik)", "Karnataka", "Gujarat", "Madhya Pradesh", "Tamil Nadu", "Kerala", "Punjab"];
const PACKING = [
  "25 kg mesh bags",
  "10 kg cartons",
  "5 kg jute bags",
  "50 kg PP bags",
  "4 kg punnets in master cartons",
];
const PORTS = ["Nhava Sheva (JNPT)", "Mundra", "Chennai", "Cochin", "Kolkata", "Tuticorin"];
const PAYMENT = ["LC at sight", "30% advance, 70% against BL", "CAD", "TT in advance"];
const SEASONS = ["kharif", "late kharif", "rabi", "summer"];

/** A repeatable sequence of pseudo-random numbers (mulberry32): the same catalogue on every run and engine. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = random(43);
const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)];
const maybe = <T>(items: readonly T[], chance: number): T | undefined =>
  items.length && rand() < chance ? pick(items) : undefined;

/** A product's names in the three languages, built from the same words. */
function productNames(c: CategorySpec) {
  const parts = {
    variety: pick(c.varieties),
    colour: maybe(c.colours, 0.8),
    size: maybe(c.sizes, 0.6),
    grade: maybe(GRADES, 0.7),
  };
  const en = [parts.variety[0], parts.colour?.[0], c.noun[0], parts.size?.[0], parts.grade?.[0]];
  // Arabic puts the noun first and its adjectives after it; Bengali reads as English does.
  const ar = [c.noun[1], parts.variety[1], parts.colour?.[1], parts.size?.[1], parts.grade?.[1]];
  const bn = [parts.variety[2], parts.colour?.[2], c.noun[2], parts.size?.[2], parts.grade?.[2]];
  const join = (words: Array<string | undefined>) => words.filter(Boolean).join(" ");
  return { en: join(en), ar: join(ar), bn: join(bn) };
}

function productValues(c: CategorySpec, categoryId: string, n: number) {
  const names = productNames(c);
  const region = pick(REGIONS);
  const packing = pick(PACKING);
  const description =
    `${names.en} from ${region}, ${c.blurb}. Harvested in the ${pick(SEASONS)} season, graded by hand and packed in ` +
    `${packing}; lot ${String(n).padStart(6, "0")}.`;
  const tradeTerms = serializeTradeTerms({
    ...EMPTY_TRADE_TERMS,
    hs_code: c.hs,
    min_order_quantity: pick([1, 5, 10, 25, 28]),
    min_order_unit: "MT",
    supply_capacity: pick([100, 250, 500, 1000]),
    supply_capacity_unit: "MT",
    grades: [pick(GRADES)[0]],
    packaging: [packing],
    ports_of_loading: [pick(PORTS), pick(PORTS)].filter((p, i, all) => all.indexOf(p) === i),
    incoterms: ["FOB", "CIF"],
    payment_terms: [pick(PAYMENT)],
    lead_time_days: pick([7, 10, 15, 21]),
    origin: region,
    availability_months: [1, 2, 3, 4, 5, 10, 11, 12],
  });
  return {
    product: {
      name: names.en,
      slug: `${c.slug}-${String(n).padStart(6, "0")}`,
      category_id: categoryId,
      description,
      specifications: JSON.stringify(c.specs),
      trade_terms: tradeTerms,
      export_info: `Shipped in ${packing}, 26-28 MT per 40 ft reefer.`,
    },
    names,
  };
}

/** Content translations of a thing's name in Arabic and Bengali, as the translation screens store them. */
function nameTranslations(entity: string, entityId: string, ar: string, bn: string, now: string) {
  return (
    [
      ["ar", ar],
      ["bn", bn],
    ] as const
  ).map(([lang, value]) => ({
    entity,
    entity_id: entityId,
    lang,
    field: "name",
    value,
    source_hash: "bench",
    updated_at: now,
  }));
}

async function insertTranslations(db: Db, rows: ReturnType<typeof nameTranslations>) {
  for (let i = 0; i < rows.length; i += 1_000)
    await db
      .insertInto("content_translations")
      .values(rows.slice(i, i + 1_000))
      .execute();
}

/** The categories, then `count` products spread over them, SEED_BATCH products per transaction. */
async function seed(db: Db, count: number) {
  const now = nowIso();
  const categoryIds = CATEGORIES.map(() => newId());
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("product_categories")
      .values(
        CATEGORIES.map((c, i) => ({
          id: categoryIds[i],
          name: c.name[0],
          slug: c.slug,
          description: `${c.name[0]} from India: ${c.blurb}.`,
          image_url: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    await insertTranslations(
      trx,
      CATEGORIES.flatMap((c, i) => nameTranslations("category", categoryIds[i], c.name[1], c.name[2], now)),
    );
  });
  for (let start = 0; start < count; start += SEED_BATCH) {
    const made = Array.from({ length: Math.min(SEED_BATCH, count - start) }, (_, i) => {
      const n = start + i + 1;
      const category = n % CATEGORIES.length;
      return productValues(CATEGORIES[category], categoryIds[category], n);
    });
    await db.transaction().execute(async (trx) => {
      const ids = await insertProducts(
        trx,
        made.map((m) => ({ ...m.product, created_at: now, updated_at: now })),
      );
      await insertTranslations(
        trx,
        made.flatMap((m, i) => nameTranslations("product", ids[i], m.names.ar, m.names.bn, now)),
      );
    });
  }
  return categoryIds;
}

// ---------------------------------------------------------------------------------------------------------------
// Measures.

const n = (v: number) => v.toLocaleString("en-US");
const ms = (v: number) => `${v.toFixed(1)} ms`;
const s = (v: number) => `${(v / 1000).toFixed(1)} s`;
const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

/** Bytes of each table of the database named (its indexes, TOAST and FTS5 shadow tables counted with it). */
async function tableBytes(db: Db): Promise<Map<string, number>> {
  if (isPostgres(db)) {
    const rows = await sql<{ name: string; bytes: string }>`
      select c.relname as name, pg_total_relation_size(c.oid) as bytes from pg_class c
      join pg_namespace ns on ns.oid = c.relnamespace
      where ns.nspname = current_schema() and c.relkind = 'r'`.execute(db);
    return new Map(rows.rows.map((r) => [r.name, Number(r.bytes)]));
  }
  // dbstat counts the pages of each table and index; an index belongs to its table, FTS5's shadow tables to search_.
  const rows = await sql<{ name: string; bytes: number }>`
    select m.tbl_name as name, sum(d.pgsize) as bytes from dbstat d join sqlite_schema m on m.name = d.name
    group by m.tbl_name`.execute(db);
  return new Map(rows.rows.map((r) => [r.name, Number(r.bytes)]));
}

const SEARCH_TABLES = (names: Iterable<string>) =>
  [...names].filter((name) => name.startsWith("search_") && name !== "search_synonyms");

async function engineVersion(db: Db) {
  if (isPostgres(db))
    return (await sql<{ v: string }>`select current_setting('server_version') as v`.execute(db)).rows[0].v;
  return (await sql<{ v: string }>`select sqlite_version() as v`.execute(db)).rows[0].v;
}

interface QueryKind {
  kind: string;
  queries: string[];
  lang: Language;
  page?: number;
  /** What a right answer looks like: checked on each distinct query before the timed runs. */
  expect: (total: number, hits: number) => boolean;
}

const some = (total: number) => total > 0;
const QUERY_MIX: QueryKind[] = [
  {
    kind: "English word(s)",
    queries: ["onion", "red onion", "garlic", "potato", "basmati rice", "ginger", "turmeric", "green chilli"],
    lang: "en",
    expect: some,
  },
  { kind: "prefix", queries: ["onio", "gar", "pota", "basm", "ging", "turm"], lang: "en", expect: some },
  {
    kind: "one typo",
    queries: ["onoin", "garlc", "potaot", "gingr", "turmric", "pomegranat"],
    lang: "en",
    expect: some,
  },
  { kind: "synonym", queries: ["pyaz", "aloo", "lahsun", "adrak", "mirch", "chawal"], lang: "en", expect: some },
  { kind: "HS code", queries: ["0703", "070310", "0703.20", "0910"], lang: "en", expect: some },
  {
    kind: "Arabic (ar)",
    // The same words with and without hamza on the alef, and with the article.
    queries: ["بصل", "البصل", "الأحمر", "الاحمر", "بصل أحمر", "ثوم", "أرز بسمتي", "ارز"],
    lang: "ar",
    expect: some,
  },
  {
    kind: "Bengali (bn)",
    // পেঁয়াজ typed with য় as one letter and as য plus nukta.
    queries: ["পেঁয়াজ", "পেঁয\u09bcাজ", "রসুন", "লাল পেঁয়াজ", "আলু", "বাসমতি চাল"],
    lang: "bn",
    expect: some,
  },
  {
    kind: "multi-word",
    queries: ["nashik red onion 55mm", "krishnapuram rose onion", "ooty garlic 45mm premium", "1121 basmati sella"],
    lang: "en",
    expect: some,
  },
  { kind: "no result", queries: ["laptop charger", "zzyzx", "quantum onionx"], lang: "en", expect: (t) => t === 0 },
  { kind: "common word p.1", queries: ["onion"], lang: "en", expect: (_, hits) => hits === 20 },
  { kind: "common word p.2", queries: ["onion"], lang: "en", page: 2, expect: (_, hits) => hits === 20 },
  { kind: "common word p.50", queries: ["onion"], lang: "en", page: 50, expect: (_, hits) => hits === 20 },
];

async function timeQueries(db: Db) {
  const media = fs.mkdtempSync(path.join(os.tmpdir(), "agro-bench-search-media-"));
  const storage = createLocalStorage(media);
  const search = (query: string, lang: Language, page = 1) =>
    searchSite(db, storage, { query, lang, page, wording: wordingOf(lang) });
  const results: Array<{ kind: string; times: number[]; totals: number[] }> = [];
  try {
    for (const mix of QUERY_MIX) {
      // A kind stops at its time budget (between two searches): a pathological plan is reported, not waited out.
      const deadline = performance.now() + KIND_BUDGET_MS;
      const totals: number[] = [];
      for (const query of mix.queries) {
        if (performance.now() > deadline) break;
        const page = await search(query, mix.lang, mix.page);
        if (!mix.expect(page.total, page.hits.length))
          throw new Error(
            `"${query}" (${mix.lang}, page ${mix.page ?? 1}): ${page.total} found, ${page.hits.length} shown`,
          );
        totals.push(page.total);
      }
      const times: number[] = [];
      for (let i = 0; i < QUERIES && (i === 0 || performance.now() < deadline); i++) {
        const query = mix.queries[i % mix.queries.length];
        const started = performance.now();
        await search(query, mix.lang, mix.page);
        times.push(performance.now() - started);
      }
      results.push({ kind: mix.kind, times, totals });
      progress(`${mix.kind}: ${times.length} searches, median ${ms(median(times))}`);
    }
  } finally {
    fs.rmSync(media, { recursive: true, force: true });
  }
  return results;
}

/** `count` edits of a product's name and description, each in its own transaction as the product form saves one. */
async function timeEdits(db: Db, ids: string[], label: string) {
  const times: number[] = [];
  const started = performance.now();
  for (const [i, id] of ids.entries()) {
    const t0 = performance.now();
    await db.transaction().execute((trx) =>
      trx
        .updateTable("products")
        .set({
          name: `${label} Nashik Red Onion ${i} Grade A`,
          description: `Edited (${label}): pungent red onions, cured and graded by hand.`,
          updated_at: nowIso(),
        })
        .where("id", "=", id)
        .execute(),
    );
    times.push(performance.now() - t0);
  }
  return { totalMs: performance.now() - started, times: times.sort((a, b) => a - b) };
}

/** One import's worth of new products in one transaction, 500 a statement, as the CSV import writes them. */
async function timeImport(db: Db, categoryId: string, label: string) {
  const now = nowIso();
  const rows = Array.from({ length: IMPORT_BATCH }, (_, i) => ({
    ...productValues(CATEGORIES[0], categoryId, 0).product,
    slug: `import-${label}-${i}`,
    created_at: now,
    updated_at: now,
  }));
  const started = performance.now();
  await db.transaction().execute((trx) => insertProducts(trx, rows));
  return performance.now() - started;
}

/** Drops the triggers migration 0027 put on products (the "before the search" catalogue). */
async function dropProductTriggers(db: Db) {
  if (isPostgres(db)) {
    await sql`drop trigger products_search_ins on products`.execute(db);
    await sql`drop trigger products_search_upd on products`.execute(db);
  } else for (const op of ["ai", "ad", "au"]) await sql.raw(`drop trigger products_search_${op}`).execute(db);
}

/** Where the run is, on stderr (a long run shows it is alive; the report goes to stdout). */
const progress = (what: string) => console.error(`${new Date().toISOString().slice(11, 19)} ${what}`);

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await run();
  return [result, performance.now() - started];
}

// ---------------------------------------------------------------------------------------------------------------

const bench = await openBenchDatabase("search");
const { db } = bench;
try {
  const version = await engineVersion(db);
  const before = await tableBytes(db);
  progress(`seeding ${n(PRODUCTS)} products`);
  const [categoryIds, seedMs] = await timed(() => seed(db, PRODUCTS));
  progress("building the index");
  const marked = Number(
    (
      await db
        .selectFrom("search_dirty")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const [, buildMs] = await timed(() => syncSearchIndex(db));
  // PostgreSQL's tables as autovacuum would leave them a minute later: statistics gathered, the GIN indexes' lists
  // of entries not yet merged (fast update) merged, the pages written marked all-visible. SQLite has none of these.
  if (isPostgres(db))
    await sql`vacuum analyze products, product_categories, content_translations, search_documents,
      search_document_terms, search_terms, search_term_deletions`.execute(db);
  const after = await tableBytes(db);
  const searchTables = SEARCH_TABLES(after.keys()).sort();
  const indexBytes = searchTables.reduce((sum, t) => sum + (after.get(t) ?? 0) - (before.get(t) ?? 0), 0);
  const catalogueBytes = ["products", "content_translations"].reduce((sum, t) => sum + (after.get(t) ?? 0), 0);
  const terms = Number(
    (
      await db
        .selectFrom("search_terms")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const deletions = Number(
    (
      await db
        .selectFrom("search_term_deletions")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
  console.log(`\n${bench.engine} ${version}, ${n(PRODUCTS)} products in ${CATEGORIES.length} categories`);
  console.log(`seeded in ${s(seedMs)} (products + 2 translated names each, ${n(SEED_BATCH)} per transaction)`);
  console.log(
    `index build (first syncSearchIndex, ${n(marked)} marked by the inserts' triggers): ${s(buildMs)}, ` +
      `${n(Math.round(marked / (buildMs / 1000)))} documents/s`,
  );
  console.log(
    `index size: ${mb(indexBytes)} (${searchTables.map((t) => `${t} ${mb(after.get(t) ?? 0)}`).join(", ")}); ` +
      `products + content_translations: ${mb(catalogueBytes)}; ${n(terms)} typo terms, ${n(deletions)} deletions`,
  );

  progress("querying");
  const queries = await timeQueries(db);
  progress("writing");

  // Writes: edits of products spread over the catalogue, then an import, with the triggers and without them.
  const allIds = (await db.selectFrom("products").select("id").orderBy("id").execute()).map((r) => r.id);
  const spread = (offset: number) =>
    Array.from({ length: WRITES }, (_, i) => allIds[(i * 7919 + offset) % allIds.length]);
  const withTriggers = await timeEdits(db, spread(0), "with");
  const [, editSyncMs] = await timed(() => syncSearchIndex(db));
  const importWith = await timeImport(db, categoryIds[0], "with");
  const [, importSyncMs] = await timed(() => syncSearchIndex(db));
  await dropProductTriggers(db);
  const without = await timeEdits(db, spread(1), "without");
  const importWithout = await timeImport(db, categoryIds[0], "without");

  const all = queries.flatMap((q) => q.times).sort((a, b) => a - b);
  const rows = [
    ["query kind", "queries", "found", "p50", "p95", "max", `p95 < ${GOAL_P95_MS} ms`],
    ...queries.map(({ kind, times, totals }) => {
      const sorted = [...times].sort((a, b) => a - b);
      const p95 = percentile(sorted, 0.95);
      const found =
        Math.min(...totals) === Math.max(...totals)
          ? n(totals[0])
          : `${n(Math.min(...totals))}–${n(Math.max(...totals))}`;
      return [
        kind,
        times.length < QUERIES ? `${n(times.length)} (budget)` : n(times.length),
        found,
        ms(median(sorted)),
        ms(p95),
        ms(sorted.at(-1)!),
        p95 < GOAL_P95_MS ? "yes" : "NO",
      ];
    }),
    [
      "all",
      n(all.length),
      "",
      ms(median(all)),
      ms(percentile(all, 0.95)),
      ms(all.at(-1)!),
      percentile(all, 0.95) < GOAL_P95_MS ? "yes" : "NO",
    ],
  ];
  printRows(rows);
  console.log(
    `searchSite called in this process, page 1 unless said, on a warm index (each distinct query run once first); ` +
      `"found" is the total of matches (a range over the kind's queries)`,
  );

  const perSecond = (count: number, total: number) => n(Math.round(count / (total / 1000)));
  printRows([
    ["write", "search triggers", "time", "writes/s", "p50 / p95 a write", "sync after"],
    [
      `${n(WRITES)} product edits, one transaction each`,
      "on",
      s(withTriggers.totalMs),
      perSecond(WRITES, withTriggers.totalMs),
      `${ms(median(withTriggers.times))} / ${ms(percentile(withTriggers.times, 0.95))}`,
      ms(editSyncMs),
    ],
    [
      `${n(WRITES)} product edits, one transaction each`,
      "off",
      s(without.totalMs),
      perSecond(WRITES, without.totalMs),
      `${ms(median(without.times))} / ${ms(percentile(without.times, 0.95))}`,
      "–",
    ],
    [
      `${n(IMPORT_BATCH)} products inserted in one transaction`,
      "on",
      ms(importWith),
      perSecond(IMPORT_BATCH, importWith),
      "",
      ms(importSyncMs),
    ],
    [
      `${n(IMPORT_BATCH)} products inserted in one transaction`,
      "off",
      ms(importWithout),
      perSecond(IMPORT_BATCH, importWithout),
      "",
      "–",
    ],
  ]);
  console.log(
    `"sync after" is the syncSearchIndex that writes the changed documents again (the next search runs it); ` +
      `without the triggers nothing is marked and the index goes stale`,
  );
  console.log(
    `${os.cpus()[0]?.model ?? "unknown CPU"}, ${os.availableParallelism()} cores, ` +
      `${mb(os.totalmem())} RAM, Node ${process.version}, load average at the end ${os.loadavg()[0].toFixed(2)}`,
  );
} finally {
  await bench.remove();
}

function printRows(lines: string[][]) {
  const widths = lines[0].map((_, i) => Math.max(...lines.map((line) => line[i].length)));
  const row = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
  console.log(`\n${row(lines[0])}\n| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`);
  for (const line of lines.slice(1)) console.log(row(line));
}
