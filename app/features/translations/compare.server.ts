import type { Db } from "~/db/database.server";
import type { Storage } from "~/lib/storage/storage.server";
import type { Wording } from "~/features/i18n/wording";
import { picturesWithAlt } from "~/features/images/images.server";
import { publicProduct } from "~/features/publishing/visibility.server";
import { localizeProduct, localizeProductNames } from "./catalogue.server";
import { fieldPicker, readVersions } from "./read.server";
import type { Language } from "~/lib/i18n/languages";
import { productPath } from "~/lib/web/public-paths";
import { COMPARE_MAX } from "~/features/catalogue/compare-ids";
import { findProduct } from "~/features/catalogue/products.server";
import {
  indicativePrice,
  specificationsBesides,
  tradeTermLabel,
  tradeTermRows,
  type TradeTermLabel,
} from "~/features/catalogue/trade-terms/display";

// 'Compare' (issue 43): up to four public products side by side in a language, every specification and trade term
// a row. Here beside the catalogue's other pages in a language (catalogue.server.ts).

/** One row of the table: a label, each product's value (null: it has none), and whether the values differ. */
export interface CompareRow {
  key: string;
  label: string;
  values: (string | null)[];
  differs: boolean;
}

const differ = (values: readonly (string | null)[]) =>
  values.length > 1 && new Set(values.map((v) => v?.trim().toLowerCase() ?? "")).size > 1;

/**
 * Labels of several products' rows in one order: each product's rows follow the same master order (the trade terms'
 * reading order, a product's own specification order), so each label missing so far goes after the one before it.
 */
function mergedOrder(lists: readonly string[][]): string[] {
  const order: string[] = [];
  for (const list of lists) {
    let after = -1;
    for (const key of list) {
      const at = order.indexOf(key);
      if (at >= 0) after = at;
      else order.splice(++after, 0, key);
    }
  }
  return order;
}

/**
 * The comparison of `requested` ids in a language: the public products among them (drafts and unknown ids are
 * ignored, never told apart), the first COMPARE_MAX of them in the order asked, and `more` when there were more.
 * Rows: the indicative price (while valid), then the union of the specifications, then of the trade terms; a
 * product without one shows nothing there. `others`: the public products of the same categories not compared yet,
 * which the page offers to add (none once full).
 */
export async function compareProducts(
  db: Db,
  storage: Storage,
  lang: Language,
  requested: readonly string[],
  { today, wording }: { today: string; wording: Wording },
) {
  const found = requested.length
    ? await db
        .selectFrom("products")
        .innerJoin("product_categories", "product_categories.id", "products.category_id")
        .select(["products.id", "products.category_id"])
        .where("products.id", "in", [...requested])
        .where(publicProduct)
        .execute()
    : [];
  const publicIds = requested.filter((id) => found.some((row) => row.id === id));
  const shown = publicIds.slice(0, COMPARE_MAX);
  const categoryOf = new Map(found.map((row) => [row.id, row.category_id]));
  const details = (await Promise.all(shown.map((id) => findProduct(db, { id: categoryOf.get(id)! }, { id })))).filter(
    (detail) => detail !== null,
  );
  const ids = details.map((d) => d.product.id);

  const versions = await readVersions(
    db,
    details.flatMap((d) => [
      { entity: "product" as const, id: d.product.id },
      { entity: "category" as const, id: d.category.id },
    ]),
    lang,
  );
  const pictureOf = await picturesWithAlt(
    db,
    storage,
    lang,
    details.map((d) => d.product.images[0] ?? null),
  );
  const products = details.map(({ product: english, category }) => {
    const { product } = localizeProduct(lang, english, versions.fields("product", english.id));
    const categoryName = fieldPicker(lang, versions.fields("category", category.id)).pick("name", category.name);
    const trade = tradeTermRows(product.tradeTerms, wording);
    const price = indicativePrice(product.tradeTerms, today, wording);
    return {
      id: product.id,
      name: product.name,
      path: productPath(
        versions.slug("category", category.id, lang) ?? category.slug,
        versions.slug("product", product.id, lang) ?? product.slug,
      ),
      category: { id: category.id, name: categoryName },
      image: product.images[0] ? (pictureOf(product.images[0]) ?? { src: product.images[0] }) : null,
      price: price?.text ?? null,
      trade,
      // Shelf Life as a specification and as a trade term is shown once, as the trade term (as on its page).
      specifications: specificationsBesides(product.specifications, trade, (s) => s.englishKey),
    };
  });

  const rows: { specifications: CompareRow[]; trade: CompareRow[]; price: CompareRow | null } = {
    price: null,
    specifications: [],
    trade: [],
  };
  if (products.some((p) => p.price)) {
    const values = products.map((p) => p.price);
    rows.price = { key: "price", label: wording.t("compare.row.price"), values, differs: differ(values) };
  }
  // A specification is matched on its English name, any case: "Moisture" and "moisture" are one row.
  const specKey = (englishKey: string) => englishKey.trim().toLowerCase();
  for (const key of mergedOrder(products.map((p) => p.specifications.map((s) => specKey(s.englishKey))))) {
    const values = products.map((p) => p.specifications.find((s) => specKey(s.englishKey) === key)?.value ?? null);
    const label = products.flatMap((p) => p.specifications).find((s) => specKey(s.englishKey) === key)!.key;
    rows.specifications.push({ key: `spec:${key}`, label, values, differs: differ(values) });
  }
  for (const label of mergedOrder(products.map((p) => p.trade.map((row) => row.label)))) {
    const values = products.map((p) => p.trade.find((row) => row.label === label)?.value ?? null);
    rows.trade.push({
      key: `trade:${label}`,
      label: tradeTermLabel(label as TradeTermLabel, wording),
      values,
      differs: differ(values),
    });
  }

  const others =
    ids.length && ids.length < COMPARE_MAX
      ? await db
          .selectFrom("products")
          .innerJoin("product_categories", "product_categories.id", "products.category_id")
          .select(["products.id", "products.name"])
          .where("products.category_id", "in", [...new Set(products.map((p) => p.category.id))])
          .where("products.id", "not in", ids)
          .where(publicProduct)
          .orderBy("products.name")
          .orderBy("products.id")
          .limit(100)
          .execute()
      : [];

  return {
    products: products.map(({ id, name, path, category, image }) => ({ id, name, path, category, image })),
    rows,
    more: publicIds.length > COMPARE_MAX,
    others: (await localizeProductNames(db, lang, others)).sort((a, b) => a.name.localeCompare(b.name, lang)),
  };
}
