import type { Db } from "~/db/database.server";
import { findProduct, findProductInCategory } from "~/features/catalogue/products.server";
import { shortDescription } from "~/features/catalogue/product-text";
import type { TradeTerms } from "~/features/catalogue/trade-terms/vocabulary";
import { specValueText } from "~/features/catalogue/trade-terms/display";
import { wordingOf } from "~/features/i18n/catalogues.server";
import { DEFAULT_LANGUAGE, type Language } from "~/lib/i18n/languages";
import {
  alternatesOf,
  enabledLanguages,
  fieldPicker,
  readTranslations,
  readVersions,
  type TranslatedFields,
} from "./read.server";
import {
  findProductSlugs,
  findProductSlugsInAnyLanguage,
  findSlugInAnyLanguage,
  findTranslatedSlug,
} from "./slugs.server";
import { publicCategory } from "~/features/publishing/visibility.server";
import { categoryPath, productPath } from "~/lib/web/public-paths";

// The catalogue's pages in a language (ADR 0030): found by translated or English slugs, shown field by field in the
// language or in English, with the path of every available version.

/** A list kept as one translated text, items separated by ";" (the registry's `trade:` fields). */
const listOf = (text: string) =>
  text
    .split(";")
    .map((item) => item.trim())
    .filter(Boolean);

/** The free-text trade terms in a language; the numbers, codes and ports stay as they are. */
export function localizeTradeTerms(pick: ReturnType<typeof fieldPicker>["pick"], terms: TradeTerms): TradeTerms {
  return {
    ...terms,
    grades: listOf(pick("trade:grades", terms.grades.join("; "))),
    packaging: listOf(pick("trade:packaging", terms.packaging.join("; "))),
    payment_terms: listOf(pick("trade:payment_terms", terms.payment_terms.join("; "))),
    shelf_life: pick("trade:shelf_life", terms.shelf_life),
    origin: pick("trade:origin", terms.origin),
  };
}

type FoundProduct = NonNullable<Awaited<ReturnType<typeof findProductInCategory>>>;

/** A product's own fields in a language; each specification keeps its English name for matching (`englishKey`). */
export function localizeProduct(
  lang: Language,
  product: FoundProduct["product"],
  fields: TranslatedFields | undefined,
) {
  const { pick, inEnglish } = fieldPicker(lang, fields);
  const name = pick("name", product.name);
  const description = pick("description", product.description);
  return {
    product: {
      ...product,
      name,
      description,
      exportInfo: pick("export_info", product.exportInfo),
      specifications: product.specifications.map((spec) => ({
        key: pick(`spec:${spec.key}:name`, spec.key),
        value:
          typeof spec.stored === "boolean"
            ? specValueText(spec.stored, wordingOf(lang))
            : pick(`spec:${spec.key}:value`, spec.value),
        englishKey: spec.key,
      })),
      summary: lang === DEFAULT_LANGUAGE ? product.summary : shortDescription(description, name),
      tradeTerms: localizeTradeTerms(pick, product.tradeTerms),
    },
    inEnglish,
  };
}

/**
 * A product page in a language: the product and its category found by their slugs in that language (a translated
 * slug, else the English one), in the language field by field, whether its main text is translated (`available`),
 * the path of each available version, and `canonical`: this language's own path, which a page reached by another
 * slug answers 301 to. Null when nothing answers to the slugs.
 */
export async function findProductPage(
  db: Db,
  lang: Language,
  categorySlug: string,
  productSlug: string,
  /** Find drafts too (a preview link, checked by the caller against `live` and the product's id). */
  drafts = false,
) {
  let found: FoundProduct | null;
  if (lang === DEFAULT_LANGUAGE) found = await findProductInCategory(db, categorySlug, productSlug, drafts);
  else {
    const byIds = (slugs: { categoryId: string; productId: string | null } | null) =>
      slugs &&
      findProduct(
        db,
        { id: slugs.categoryId },
        slugs.productId ? { id: slugs.productId } : { slug: productSlug },
        drafts,
      );
    found = await byIds(await findProductSlugs(db, lang, categorySlug, productSlug));
    // Another language's slugs: found, then answered 301 to this language's address (the canonical check).
    found ??= await byIds(await findProductSlugsInAnyLanguage(db, categorySlug, productSlug));
  }
  if (!found) return null;
  const { category, product, live } = found;
  const [versions, languages] = await Promise.all([
    readVersions(
      db,
      [
        { entity: "product", id: product.id },
        { entity: "category", id: category.id },
      ],
      lang,
    ),
    enabledLanguages(db),
  ]);
  const english = { name: product.name, description: product.description };
  const pathIn = (l: Language) =>
    productPath(
      versions.slug("category", category.id, l) ?? category.slug,
      versions.slug("product", product.id, l) ?? product.slug,
    );
  const localized = localizeProduct(lang, product, versions.fields("product", product.id));
  const categoryFields = fieldPicker(lang, versions.fields("category", category.id));
  const categoryName = categoryFields.pick("name", category.name);
  return {
    category: { ...category, name: categoryName, slug: versions.slug("category", category.id, lang) ?? category.slug },
    product: { ...localized.product, slug: versions.slug("product", product.id, lang) ?? product.slug },
    inEnglish: [...localized.inEnglish, ...categoryFields.inEnglish.map((field) => `category:${field}`)],
    available: versions.isAvailable("product", product.id, lang, english),
    alternates: alternatesOf(
      languages.filter((l) => versions.isAvailable("product", product.id, l, english)),
      pathIn,
    ),
    canonical: pathIn(lang),
    live,
  };
}

/**
 * A category page in a language, as `findProductPage`: found by its translated slug, else its English one; its
 * fields in the language or English; available when its name is translated; the path of each version.
 */
export async function findCategoryPage(db: Db, lang: Language, slug: string, drafts = false) {
  const translatedId = lang === DEFAULT_LANGUAGE ? null : await findTranslatedSlug(db, "category", lang, slug);
  const categoryBy = (id: string | null) =>
    db
      .selectFrom("product_categories")
      .select(["id", "name", "slug", "description", "image_url", "updated_at", "status"])
      .where((eb) => (id ? eb("id", "=", id) : eb("slug", "=", slug)))
      // A draft category is absent (ADR 0033), unless asked for a preview link the caller checks.
      .$if(!drafts, (q) => q.where(publicCategory))
      .executeTakeFirst();
  let category = await categoryBy(translatedId);
  // Another language's slug: found, then answered 301 to this language's address (the canonical check).
  if (!category && lang !== DEFAULT_LANGUAGE) {
    const other = await findSlugInAnyLanguage(db, "category", slug);
    if (other) category = await categoryBy(other);
  }
  if (!category) return null;
  const [versions, languages] = await Promise.all([
    readVersions(db, [{ entity: "category", id: category.id }], lang),
    enabledLanguages(db),
  ]);
  const { pick, inEnglish } = fieldPicker(lang, versions.fields("category", category.id));
  const english = { name: category.name, description: category.description };
  const pathIn = (l: Language) => categoryPath(versions.slug("category", category.id, l) ?? category.slug);
  return {
    category: {
      ...category,
      name: pick("name", category.name),
      description: pick("description", category.description),
      slug: versions.slug("category", category.id, lang) ?? category.slug,
    },
    inEnglish,
    available: versions.isAvailable("category", category.id, lang, english),
    alternates: alternatesOf(
      languages.filter((l) => versions.isAvailable("category", category.id, l, english)),
      pathIn,
    ),
    canonical: pathIn(lang),
  };
}

/** Cards or list items of products in a language: name and summary translated, fallen-back fields listed. */
export async function localizeProductCards<
  T extends { id: string; name: string; slug: string; summary: string; description?: string | null },
>(db: Db, lang: Language, cards: T[]) {
  const translations = await readTranslations(
    db,
    "product",
    cards.map((card) => card.id),
    lang,
  );
  return cards.map((card) => {
    const fields = translations.get(card.id);
    const { pick, inEnglish } = fieldPicker(lang, fields);
    const name = pick("name", card.name);
    const description = fields?.description;
    return {
      ...card,
      name,
      slug: fields?.slug || card.slug,
      summary: description?.trim() ? shortDescription(description, name) : card.summary,
      inEnglish: description?.trim() || lang === DEFAULT_LANGUAGE ? inEnglish : [...inEnglish, "summary"],
    };
  });
}

/** Categories in a language (the home page's range, our products): name, slug and description, with fallback. */
export async function localizeCategories<
  T extends { id: string; name: string; slug: string; description: string | null },
>(db: Db, lang: Language, categories: T[]) {
  const translations = await readTranslations(
    db,
    "category",
    categories.map((category) => category.id),
    lang,
  );
  return categories.map((category) => {
    const fields = translations.get(category.id);
    const { pick, inEnglish } = fieldPicker(lang, fields);
    return {
      ...category,
      name: pick("name", category.name),
      slug: fields?.slug || category.slug,
      description: pick("description", category.description),
      inEnglish,
    };
  });
}

/** Products' names in a language (the quote list), each falling back to English on its own. */
export async function localizeProductNames<T extends { id: string; name: string }>(
  db: Db,
  lang: Language,
  items: T[],
): Promise<T[]> {
  if (lang === DEFAULT_LANGUAGE || items.length === 0) return items;
  const translations = await readTranslations(
    db,
    "product",
    items.map((item) => item.id),
    lang,
  );
  return items.map((item) => ({ ...item, name: translations.get(item.id)?.name?.trim() || item.name }));
}
