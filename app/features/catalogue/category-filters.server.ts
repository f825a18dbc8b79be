import type { Db } from "~/db/database.server";
import { productPublished } from "~/features/publishing/visibility.server";
import type { Wording } from "~/features/i18n/wording";
import { parseSpecifications } from "./product-text";
import { productCard, PRODUCTS_PER_PAGE } from "./products.server";
import { monthName } from "./trade-terms/display";
import { CURRENCIES, type Currency, type QuantityUnit } from "./trade-terms/vocabulary";
import {
  FILTERS,
  type Filter,
  type FilterChoice,
  type OfferedFilter,
  type OfferedValue,
  type Sort,
} from "./category-filters";

export { filterChoiceOf, filterQuery, SORT_PARAM } from "./category-filters";

/**
 * A value's slug: what the address holds (`55-mm-plus`, `mesh-bag-25-kg`, `maharashtra-nashik`). Dashes of every
 * kind are one hyphen and "+" says "plus", so "25–40 mm" and "2540 mm", or "55 mm" and "55 mm+", stay apart; letters
 * of any script are kept.
 */
export function valueSlug(text: string): string {
  let slug = slugs.get(text);
  if (slug === undefined) {
    slug = slugOf(text);
    if (slugs.size >= MAX_SLUGS) slugs.clear();
    slugs.set(text, slug);
  }
  return slug;
}
/** Slugs already made: the same few grades and bags repeat across a category's products (a Unicode regex is slow). */
const slugs = new Map<string, string>();
const MAX_SLUGS = 10_000;

function slugOf(text: string): string {
  return text
    .normalize("NFKC")
    .toLocaleLowerCase("en")
    .replace(/\+/g, " plus ")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
}

/**
 * Certificates a product names: a specification of that name set to Yes (`Organic: true`), or a "Certificates" /
 * "Certification" specification whose text mentions it. Their names are the schemes' own, except Organic.
 */
const CERTIFICATES: readonly { slug: string; name: string; match: RegExp }[] = [
  { slug: "organic", name: "Organic", match: /\borganic\b/i },
  { slug: "globalgap", name: "GlobalG.A.P.", match: /\bglobal\s*\.?\s*g\.?\s*a\.?\s*p\b/i },
  { slug: "brcgs", name: "BRCGS", match: /\bbrc(?:gs)?\b/i },
  { slug: "haccp", name: "HACCP", match: /\bhaccp\b/i },
  { slug: "iso-22000", name: "ISO 22000", match: /\biso\s*22000\b/i },
  { slug: "fssc-22000", name: "FSSC 22000", match: /\bfssc\s*22000\b/i },
  { slug: "fairtrade", name: "Fairtrade", match: /\bfair\s*trade\b/i },
  { slug: "rainforest-alliance", name: "Rainforest Alliance", match: /\brainforest\s+alliance\b/i },
  { slug: "halal", name: "Halal", match: /\bhalal\b/i },
  { slug: "kosher", name: "Kosher", match: /\bkosher\b/i },
];
const CERTIFICATE_LIST_KEY = /^certifi(?:cates?|cations?)$/i;

/** The certificates a product's specifications name, by slug. */
export function certificatesOf(specificationsJson: string | null | undefined): string[] {
  const found = new Set<string>();
  for (const [key, value] of parseSpecifications(specificationsJson)) {
    for (const cert of CERTIFICATES) {
      const named =
        value === true
          ? cert.match.test(key)
          : typeof value === "string" && CERTIFICATE_LIST_KEY.test(key.trim()) && cert.match.test(value);
      if (named) found.add(cert.slug);
    }
  }
  return CERTIFICATES.filter((c) => found.has(c.slug)).map((c) => c.slug);
}

/** Tonnes in one unit, to put minimum orders and prices per unit side by side; cartons weigh what their product says. */
const TONNES: Partial<Record<QuantityUnit, number>> = { MT: 1, kg: 0.001 };
/** A container's load when the product does not say (a reefer of onions: 26–29 MT). */
const DEFAULT_LOAD: Record<"20 ft container" | "40 ft container", number> = {
  "20 ft container": 25,
  "40 ft container": 28,
};

/** One product as the filters see it: its values per filter (slug → label) and what the sorts compare. */
interface ProductFacts {
  id: string;
  values: Record<Filter, Map<string, string>>;
  /** The minimum order in tonnes; null when none or in cartons. */
  moqTonnes: number | null;
  /** The lowest indicative price per tonne, its currency and last day; null when none. */
  price: { currency: Currency; perTonne: number; validUntil: string | null } | null;
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string" && v.trim() !== "") : [];
const positive = (value: unknown): number | null =>
  typeof value === "number" && Number.isFinite(value) && value > 0 ? value : null;

function tonnesOf(unit: unknown, terms: Record<string, unknown>): number | null {
  if (unit === "20 ft container" || unit === "40 ft container") {
    const load = positive(terms[unit === "20 ft container" ? "container_20ft_mt" : "container_40ft_mt"]);
    return load ?? DEFAULT_LOAD[unit];
  }
  return TONNES[unit as QuantityUnit] ?? null;
}

/**
 * A product's facts from its stored JSON. Read directly rather than through `parseTradeTerms` (which checks each
 * field with the form's rules and remembers 2,000 texts): a 10,000-product category reads every row on an uncached
 * page, and only these few fields matter here; anything of the wrong shape reads as not given.
 */
export function productFacts(row: {
  id: string;
  trade_terms: string | null;
  specifications: string | null;
}): ProductFacts {
  let terms: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(row.trade_terms || "{}");
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) terms = parsed as Record<string, unknown>;
  } catch {
    // not given
  }
  const labelled = (texts: string[]) => {
    const map = new Map<string, string>();
    for (const text of texts) {
      const slug = valueSlug(text);
      if (slug && !map.has(slug)) map.set(slug, text.trim());
    }
    return map;
  };
  const origin = typeof terms.origin === "string" ? terms.origin.split(/[,;/]/) : [];
  const months = Array.isArray(terms.availability_months)
    ? terms.availability_months.filter((m): m is number => Number.isInteger(m) && m >= 1 && m <= 12)
    : [];
  const certs = certificatesOf(row.specifications);
  const moq = positive(terms.min_order_quantity);
  const moqUnit = moq === null ? null : tonnesOf(terms.min_order_unit, terms);
  const priceMin = positive(terms.price_min);
  const priceUnit = priceMin === null ? null : tonnesOf(terms.price_unit, terms);
  const currency = CURRENCIES.find((c) => c === terms.price_currency);
  const validUntil = typeof terms.price_valid_until === "string" ? terms.price_valid_until : null;
  const priced = priceMin !== null && priceUnit !== null && currency;
  return {
    id: row.id,
    values: {
      size: labelled(strings(terms.grades)),
      packaging: labelled(strings(terms.packaging)),
      origin: labelled(origin.filter((o) => o.trim() !== "")),
      month: new Map(months.map((m) => [String(m), String(m)])),
      cert: new Map(certs.map((slug) => [slug, slug])),
    },
    moqTonnes: moq !== null && moqUnit !== null ? moq * moqUnit : null,
    price: priced ? { currency, perTonne: priceMin / priceUnit, validUntil } : null,
  };
}

const byText = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

/** Nulls last; then the lower first; equal ones keep their order (by name). */
const ascendingNullsLast = (a: number | null, b: number | null) =>
  a === null ? (b === null ? 0 : 1) : b === null ? -1 : a - b;

/**
 * Sorts by minimum order or indicative price keep name order among equals. Prices in different currencies cannot
 * be compared without rates: the commonest currency's come first, then each other currency's, then the unpriced.
 */
function sortFacts(facts: ProductFacts[], sort: Sort, today: string): ProductFacts[] {
  if (sort === "name") return facts;
  const order = new Map(facts.map((f, i) => [f.id, i]));
  const stable = (a: ProductFacts, b: ProductFacts) => order.get(a.id)! - order.get(b.id)!;
  if (sort === "moq") return [...facts].sort((a, b) => ascendingNullsLast(a.moqTonnes, b.moqTonnes) || stable(a, b));
  // An expired price is not shown (`indicativePrice`), so it does not count either.
  const priceOf = (f: ProductFacts) =>
    f.price && (!f.price.validUntil || f.price.validUntil >= today) ? f.price : null;
  const uses = new Map<string, number>();
  for (const f of facts) {
    const price = priceOf(f);
    if (price) uses.set(price.currency, (uses.get(price.currency) ?? 0) + 1);
  }
  const rank = (f: ProductFacts) => {
    const price = priceOf(f);
    return price ? -(uses.get(price.currency) ?? 0) * 100 + CURRENCIES.indexOf(price.currency) : Infinity;
  };
  return [...facts].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      ascendingNullsLast(priceOf(a)?.perTonne ?? null, priceOf(b)?.perTonne ?? null) ||
      stable(a, b),
  );
}

const LIMIT = PRODUCTS_PER_PAGE;

/**
 * One page of a category filtered and sorted, how many products match, and the filters it offers. Counting the
 * values needs every public product's terms (`categoryFacts`), and the same pass filters and sorts; only the page's
 * 24 cards are then read in full.
 */
export async function listFilteredProducts(
  db: Db,
  categoryId: string,
  choice: FilterChoice,
  page: number,
  today: string,
  wording: Wording,
) {
  const all = await categoryFacts(db, categoryId);
  const chosen = FILTERS.filter((name) => choice.values[name] !== undefined);
  const matches = (f: ProductFacts, except?: Filter) =>
    chosen.every((name) => name === except || f.values[name].has(choice.values[name]!));

  const filters: OfferedFilter[] = FILTERS.map((name) => {
    const counts = new Map<string, OfferedValue>();
    for (const f of all) {
      if (!matches(f, name)) continue;
      for (const [value, label] of f.values[name]) {
        const seen = counts.get(value);
        if (seen) seen.count++;
        else counts.set(value, { value, label, count: 1 });
      }
    }
    return { name, chosen: choice.values[name], values: orderValues(name, [...counts.values()], wording) };
  });
  const matching = sortFacts(
    all.filter((f) => matches(f)),
    choice.sort,
    today,
  );
  const pageIds = matching.slice((page - 1) * LIMIT, page * LIMIT).map((f) => f.id);
  const cardRows = pageIds.length
    ? await db
        .selectFrom("products")
        .select(["id", "name", "slug", "description", "image_url", "trade_terms"])
        .where("id", "in", pageIds)
        .execute()
    : [];
  const byId = new Map(cardRows.map((row) => [row.id, row]));
  const cards = pageIds.flatMap((id) => {
    const row = byId.get(id);
    return row ? [productCard(row, wording)] : [];
  });
  return { cards, total: matching.length, filters };
}

/** Categories whose facts were read, by id: the most recently used few, each with the fingerprint it was read at. */
const remembered = new Map<string, { fingerprint: string; facts: ProductFacts[] }>();
const MAX_REMEMBERED_CATEGORIES = 16;

/**
 * The facts of a category's public products, in name order. Reading and parsing 10,000 products' terms takes a few
 * hundred milliseconds, so they are kept per category and read again only when its public products change: how
 * many there are and the latest `updated_at` (every write to a product sets it: an edit, a publication, a move, a
 * restore; a deletion changes the count). The check is one aggregate over the category's rows, and every instance
 * makes its own, so none serves another's old facts.
 */
async function categoryFacts(db: Db, categoryId: string): Promise<ProductFacts[]> {
  const mark = await db
    .selectFrom("products")
    .select((eb) => [eb.fn.countAll<string | number>().as("n"), eb.fn.max("updated_at").as("latest")])
    .where("category_id", "=", categoryId)
    .where(productPublished)
    .executeTakeFirstOrThrow();
  const fingerprint = `${Number(mark.n)}|${String(mark.latest ?? "")}`;
  const known = remembered.get(categoryId);
  remembered.delete(categoryId); // kept again below as the most recently used
  if (known?.fingerprint === fingerprint) {
    remembered.set(categoryId, known);
    return known.facts;
  }
  const rows = await db
    .selectFrom("products")
    .select(["id", "trade_terms", "specifications"])
    .where("category_id", "=", categoryId)
    .where(productPublished)
    .orderBy("name", "asc")
    .orderBy("id", "asc")
    .execute();
  const facts = rows.map(productFacts);
  if (remembered.size >= MAX_REMEMBERED_CATEGORIES) remembered.delete(remembered.keys().next().value!);
  remembered.set(categoryId, { fingerprint, facts });
  return facts;
}

/** Values in the order a buyer reads them: months by the calendar, certificates as listed, the rest by text. */
function orderValues(name: Filter, values: OfferedValue[], wording: Wording): OfferedValue[] {
  if (name === "month") {
    return values
      .sort((a, b) => Number(a.value) - Number(b.value))
      .map((v) => ({ ...v, label: monthName(Number(v.value), wording.lang) }));
  }
  if (name === "cert") {
    const index = (slug: string) => CERTIFICATES.findIndex((c) => c.slug === slug);
    return values
      .sort((a, b) => index(a.value) - index(b.value))
      .map((v) => {
        const cert = CERTIFICATES[index(v.value)];
        return { ...v, label: cert.slug === "organic" ? wording.t("filters.organic") : cert.name };
      });
  }
  return values.sort((a, b) => byText.compare(a.label, b.label));
}
