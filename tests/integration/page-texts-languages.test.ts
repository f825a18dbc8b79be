import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, utcDate } from "~/lib/time";
import { createTestApp } from "../support/test-app";
import { createTestDatabase, engineName, insertCategory, insertProduct, type TestDatabase } from "../support/test-db";
import { enableLanguages } from "../support/translations";

// Issue 26: the public pages' own texts (headings, labels, buttons) and their numbers, dates and months in the
// page's language; English pages as they were.

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
const PAGE = "/products/onions/nashik-red-onion";

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestApp(t.db, t.dataDir);
  // A language answers only when enabled (/admin/languages); a new site enables the demo's two.
  await enableLanguages(t.db, "ar", "bn");
  const onions = await insertCategory(t.db, { name: "Onions", slug: "onions" });
  await insertProduct(t.db, {
    name: "Nashik Red Onion",
    slug: "nashik-red-onion",
    category_id: onions,
    description: "Deep red onions.",
    specifications: '{"Size":"55 mm+"}',
    trade_terms: JSON.stringify({
      hs_code: "0703.10.19",
      min_order_quantity: 1,
      min_order_unit: "40 ft container",
      supply_capacity: 1500,
      supply_capacity_unit: "MT",
      container_40ft_mt: 29,
      container_type: "reefer",
      lead_time_days: 14,
      availability_months: [1, 2, 11, 12],
      price_min: 330,
      price_max: 380,
      price_currency: "USD",
      price_unit: "MT",
      price_incoterm: "FOB",
      price_valid_until: addDays(utcDate(Date.now()), 30),
    }),
  });
});
afterAll(() => t.cleanup());

async function page(path: string) {
  const response = await app.request(path);
  expect(response.status).toBe(200);
  // React's markers between adjacent texts are no part of what a reader sees.
  return (await response.text()).replaceAll("<!-- -->", "");
}
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe(`the product page's texts in each language on ${engineName}`, () => {
  it("keeps the English page as it was", async () => {
    const html = await page(PAGE);
    expect(html).toContain('<html lang="en" dir="ltr"');
    expect(title(html)).toBe("Nashik Red Onion | Onions | Ganga Agro Exports");
    for (const text of [
      ">Specifications<",
      ">Trade Terms<",
      ">Indicative price<",
      "Indicative price:",
      "USD 330–380 per MT, FOB",
      "Final price on quotation, by quantity, grade and port.",
      ">Minimum order<",
      "1 × 40 ft container",
      "1,500 MT per month",
      "40 ft: 29 MT (reefer)",
      "14 days",
      ">Availability<",
      ">Jan<",
      "January: available",
      "March: not available",
      "Back to Onions",
      "Download Spec Sheet (PDF)",
      "Inquire About This Product",
      "Add to Quote",
      'href="/products/onions"',
    ])
      expect(html).toContain(text);
  });

  it("shows the Arabic page's headings, labels, months and prices in Arabic", async () => {
    const html = await page(`/ar${PAGE}`);
    expect(html).toContain('<html lang="ar" dir="rtl"');
    expect(title(html)).toBe("Nashik Red Onion | Onions | Ganga Agro Exports");
    for (const text of [
      ">المواصفات<",
      ">الشروط التجارية<",
      ">السعر الاسترشادي<",
      "\u2066330–380\u00a0US$\u2069 لكل طن متري، FOB",
      ">الحد الأدنى للطلب<",
      "1 × حاوية 40 قدمًا",
      "1,500 طن متري شهريًا",
      "14 يومًا",
      ">مدة التجهيز<",
      ">رمز النظام المنسّق (HS)<",
      ">التوفّر<",
      "يناير: متوفّر",
      "مارس: غير متوفّر",
      "العودة إلى Onions",
      "تنزيل ورقة المواصفات (PDF)",
      "استفسر عن هذا المنتج",
      "أضف إلى عرض السعر",
      'href="/ar/products/onions"',
      'href="/ar/products/onions/nashik-red-onion/spec-sheet.pdf"',
    ])
      expect(html).toContain(text);
    for (const english of [">Trade Terms<", ">Specifications<", "Indicative price", ">Availability<", "per month"])
      expect(html).not.toContain(english);
  });

  it("shows the Bengali page's headings, labels, months and numbers in Bengali", async () => {
    const html = await page(`/bn${PAGE}`);
    expect(html).toContain('<html lang="bn" dir="ltr"');
    for (const text of [
      ">স্পেসিফিকেশন<",
      ">বাণিজ্যিক শর্তাবলি<",
      ">আনুমানিক দাম<",
      "প্রতি মেট্রিক টন ৩৩০–৩৮০\u00a0US$, FOB",
      "প্রতি মাসে ১,৫০০ মেট্রিক টন",
      "১৪ দিন",
      ">প্রাপ্যতা<",
      ">জানু<",
      "জানুয়ারি: পাওয়া যায়",
      "Onions-এ ফিরে যান",
      "কোটেশনে যোগ করুন",
      'href="/bn/products/onions"',
    ])
      expect(html).toContain(text);
    for (const english of [">Trade Terms<", ">Specifications<", "Indicative price", ">Availability<"])
      expect(html).not.toContain(english);
  });

  it("translates the other public pages' own texts too", async () => {
    const category = await page("/ar/products/onions");
    expect(category).toContain("عرض التفاصيل");
    expect(category).toContain("العودة إلى جميع الفئات");
    expect(title(category)).toBe("مُصدِّر Onions من الهند | Ganga Agro Exports");
    const products = await page("/bn/our-products");
    expect(products).toContain(">আমাদের পণ্য<");
    expect(title(products)).toBe("আমাদের পণ্য | Ganga Agro Exports");
    const about = await page("/ar/about-us");
    expect(about).toContain(">قيمنا الأساسية<");
    const blog = await page("/bn/blog");
    expect(blog).toContain("এখনো কোনো ব্লগ পোস্ট নেই।");
    const gallery = await page("/ar/gallery");
    expect(gallery).toContain(">معرض صورنا<");
    const certificates = await page("/bn/certificates-memberships");
    expect(certificates).toContain(">সনদ ও সদস্যপদ<");
    expect(await page("/about-us")).toContain(">Our Core Values<");
  });
});
