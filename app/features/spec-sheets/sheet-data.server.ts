import sharp from "sharp";
import { siteOrigin, type AppConfig } from "~/config.server";
import type { Db } from "~/db/database.server";
import type { Product } from "~/db/schema";
import { listCurrentCertificates } from "~/features/certificates/certificates.server";
import { parseImageList, parseSpecifications } from "~/features/catalogue/product-text";
import {
  availabilityStrip,
  indicativePrice,
  specificationsBesides,
  specValueText,
  tradeTermRows,
  type IndicativePrice,
} from "~/features/catalogue/trade-terms/display";
import { parseTradeTerms } from "~/features/catalogue/trade-terms/storage.server";
import { getPageContent } from "~/features/content/content.server";
import { variantPath } from "~/features/images/images.server";
import { isMissingObject, MEDIA_PREFIX, objectPathFromUrl, type Storage } from "~/lib/storage/storage.server";
import { getPublicSettings } from "~/features/settings/settings.server";
import { COMPANY_NAME } from "~/features/settings/settings.schema";
import { safeImageSrc } from "~/lib/web/safe-url";
import { pageTag } from "~/lib/web/page-tags";
import { log } from "~/lib/log.server";
import { utcDate } from "~/lib/time";
import { catalogueOf } from "~/features/i18n/catalogues.server";
import { makeTranslator, type Translate } from "~/features/i18n/translate";
import { DEFAULT_LANGUAGE, localePath, type Language } from "~/lib/i18n/languages";
import { codesIsolatedIn } from "~/lib/i18n/bidi";
import type { Row } from "./pdf-layout.server";
import { fieldsOf, readSheetTranslations, type TranslatedFields } from "./sheet-translations.server";
import { productPath } from "~/lib/web/public-paths";
import { localizeTradeTerms } from "~/features/translations/catalogue.server";
import type { TranslationPick } from "~/features/translations/read.server";

/**
 * Whether a document was built from every read it needed: a picture the storage could not give (S3 away, not a
 * missing file) leaves it `incomplete`, and an incomplete document is sent but never cached (issue 22: a catalogue
 * made during an S3 outage was cached without its pictures until the next edit).
 */
export interface Reads {
  incomplete: boolean;
}

/** A PDF's bytes, and whether every read it needed succeeded (else it must not be cached). */
export interface BuiltPdf {
  bytes: Buffer;
  complete: boolean;
}

/** What every page of a spec sheet or the catalogue shows about the company. */
export interface SheetContext {
  company: string;
  tagline: string;
  /** PNG bytes of the site's logo, when one is set and readable (see `logoImage` for drawing it). */
  logo: Buffer | null;
  website: string;
  email: string;
  phone: string;
  address: string;
  /** Who issued each, its number and its last day (YYYY-MM-DD), so a buyer can check it with the issuer. */
  certificates: Array<{ name: string; authority: string | null; number: string | null; validUntil: string | null }>;
  /** YYYY-MM-DD (UTC): the date printed, and the day indicative prices are checked against. */
  day: string;
  /** The language the document is in (issue 26), and its PDF texts. */
  lang: Language;
  t: Translate;
}

export interface SheetProduct {
  name: string;
  slug: string;
  category: string;
  description: string;
  exportInfo: string;
  specifications: Row[];
  tradeTerms: Row[];
  months: ReturnType<typeof availabilityStrip>;
  hasAvailability: boolean;
  price: IndicativePrice | null;
  /** JPEG bytes of the main photo (a mid-size copy), when it is one of our stored images. */
  photo: Buffer | null;
  url: string;
}

/** What `loadSheetContext` reads: the settings (logo, contact), the home texts (the tagline), the certificates. */
export const SHEET_CONTEXT_SHOWS = [pageTag.settings, pageTag.pageTexts("home"), pageTag.certificates];

export async function loadSheetContext(
  db: Db,
  storage: Storage,
  config: Pick<AppConfig, "publicUrl" | "port">,
  now: Date,
  reads: Reads,
  lang: Language = DEFAULT_LANGUAGE,
): Promise<SheetContext> {
  const day = utcDate(now.getTime());
  const [settings, home, certificates, [tagline], [address]] = await Promise.all([
    getPublicSettings(db),
    getPageContent(db, "home"),
    // Only certificates a buyer may see today: an expired one is never printed (issue 15).
    listCurrentCertificates(db, day),
    // The translated tagline and address, when there are (tagged like their English: page texts, settings).
    translatedField(db, "page_content", "home/hero_main_title", "content", lang),
    translatedField(db, "setting", "contact_address", "value", lang),
  ]);
  const certificateTexts = await readSheetTranslations(
    db,
    "certificate",
    certificates.map((c) => c.id),
    lang,
  );
  const logoPath = storedObjectPath(storage, settings.header_logo_url);
  return {
    company: COMPANY_NAME,
    tagline: tagline ?? home.hero_main_title ?? "",
    logo: logoPath ? await pictureBytes(storage, [logoPath], "logo", reads) : null,
    // The site's own origin, never the request's Host header: the bytes are cached for every visitor (ADR 0018).
    website: siteOrigin(config),
    email: settings.contact_email,
    phone: settings.contact_phone,
    // A cleared address is hidden in every language (ADR 0035).
    address: settings.contact_address ? codesIsolatedIn(lang, address ?? settings.contact_address) : "",
    certificates: certificates.map((c) => ({
      name: c.name,
      authority: (fieldsOf(certificateTexts, c.id).get("authority") ?? c.authority)?.trim() || null,
      number: c.certificate_number?.trim() || null,
      validUntil: c.valid_until,
    })),
    day,
    lang,
    t: makeTranslator(lang, catalogueOf(lang)),
  };
}

async function translatedField(
  db: Db,
  entity: "page_content" | "setting",
  id: string,
  field: string,
  lang: Language,
): Promise<[string | undefined]> {
  return [fieldsOf(await readSheetTranslations(db, entity, [id], lang), id).get(field)];
}

/**
 * A product as its PDF pages show it, in the context's language: each field translated where a translation exists
 * (`fields`, the product's; `category.fields`, its category's), else English.
 */
export async function loadSheetProduct(
  storage: Storage,
  product: Pick<
    Product,
    "name" | "slug" | "description" | "export_info" | "specifications" | "trade_terms" | "image_url" | "gallery_images"
  >,
  category: { name: string; slug: string; fields?: TranslatedFields },
  context: Pick<SheetContext, "day" | "website" | "lang" | "t">,
  reads: Reads,
  fields: TranslatedFields = new Map(),
): Promise<SheetProduct> {
  const { t } = context;
  // The page's words for the same product (app/routes/site/product.tsx): its translated free-text terms, then the
  // rows, the price and the Yes/No in the interface catalogue's words, so the page and its PDF say the same.
  const wording = { lang: context.lang, t };
  const pick = ((field: string, english: string | null) => fields.get(field) ?? english) as TranslationPick;
  const stored = parseTradeTerms(product.trade_terms);
  const terms = localizeTradeTerms(pick, stored);
  const englishTerms = tradeTermRows(stored);
  const months = availabilityStrip(terms);
  const main = safeImageSrc(product.image_url) ?? parseImageList(product.gallery_images)[0] ?? null;
  const objectPath = storedObjectPath(storage, main);
  const english = context.lang === DEFAULT_LANGUAGE;
  const rows = tradeTermRows(terms, wording);
  const tradeTerms = english ? rows : rows.map((row) => ({ label: t(`pdf.term.${row.label}`), value: row.value }));
  const slug = fields.get("slug") ?? product.slug;
  const categorySlug = category.fields?.get("slug") ?? category.slug;
  return {
    name: fields.get("name") ?? product.name,
    slug,
    category: category.fields?.get("name") ?? category.name,
    description: (fields.get("description") ?? product.description)?.trim() ?? "",
    exportInfo: (fields.get("export_info") ?? product.export_info)?.trim() ?? "",
    // A specification that repeats a trade term is left out by its English name, then translated.
    specifications: specificationsBesides(
      parseSpecifications(product.specifications),
      englishTerms,
      ([key]) => key,
    ).map(([key, value]) => ({
      label: fields.get(`spec:${key}:name`) ?? key,
      value: (typeof value === "string" && fields.get(`spec:${key}:value`)) || specValueText(value, wording),
    })),
    tradeTerms,
    months,
    hasAvailability: months.some((m) => m.available),
    // Never an expired one: indicativePrice drops it from the day after its last valid day.
    price: indicativePrice(terms, context.day, wording),
    photo: objectPath ? await pictureBytes(storage, [variantPath(objectPath, 800), objectPath], "photo", reads) : null,
    url: `${context.website}${localePath(context.lang, productPath(categorySlug, slug))}`,
  };
}

/**
 * The stored path of an image URL that is ours (served here or from the bucket's public URL); null for outside
 * URLs, which the server never fetches (an address typed into the back office must not make it call anywhere).
 */
function storedObjectPath(storage: Storage, url: string | null | undefined): string | null {
  const src = safeImageSrc(url);
  const objectPath = objectPathFromUrl(src);
  if (!src || !objectPath) return null;
  return src.startsWith(MEDIA_PREFIX) || storage.publicUrl(objectPath) === src ? objectPath : null;
}

/**
 * Pictures converted for PDFs, by stored path and use. A stored file is never rewritten in place (a replaced picture
 * gets a new name), so what was converted stays right; the oldest go first past MAX_CONVERTED_BYTES.
 */
const converted = new Map<string, Buffer>();
let convertedBytes = 0;
const MAX_CONVERTED_BYTES = 32 * 1024 * 1024;

function remember(key: string, bytes: Buffer) {
  converted.set(key, bytes);
  convertedBytes += bytes.byteLength;
  for (const [oldKey, old] of converted) {
    if (convertedBytes <= MAX_CONVERTED_BYTES) break;
    converted.delete(oldKey);
    convertedBytes -= old.byteLength;
  }
}

/**
 * The first of `paths` that can be read, converted to what a PDF can embed: a photo as a JPEG cropped to 4:3 at
 * 640 px (enough for 8 cm at 200 dpi), the logo as a PNG (keeps transparency). WebP and AVIF cannot be embedded.
 */
async function pictureBytes(
  storage: Storage,
  paths: string[],
  kind: "photo" | "logo",
  reads: Reads,
): Promise<Buffer | null> {
  for (const objectPath of paths) {
    const key = `${kind}:${objectPath}`;
    const known = converted.get(key);
    if (known) return known;
    let bytes: Buffer;
    try {
      bytes = Buffer.from(await new Response(storage.read(objectPath)).arrayBuffer());
    } catch (error) {
      // Missing (a variant never made, a file removed): try the next. Unreachable: go without, and say so.
      if (!isMissingObject(error)) {
        log.error(`[spec-sheets] could not read ${objectPath}`, error);
        reads.incomplete = true;
      }
      continue;
    }
    try {
      const image = sharp(bytes, { limitInputPixels: 50_000_000 }).rotate();
      const result =
        kind === "photo"
          ? await image
              .resize(640, 480, { fit: "cover" })
              .flatten({ background: "#ffffff" })
              .jpeg({ quality: 78 })
              .toBuffer()
          : await image.resize({ height: 160, withoutEnlargement: true }).png().toBuffer();
      remember(key, result);
      return result;
    } catch {
      // Not a picture sharp can read: try the next, or go without one.
    }
  }
  return null;
}
