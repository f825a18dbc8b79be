import type { Db } from "~/db/database.server";
import { PAGE_SECTIONS, type PageSlug } from "~/features/content/home-content";
import { DEFAULT_LANGUAGE, type Language } from "~/lib/i18n/languages";
import {
  alternatesOf,
  enabledLanguages,
  fieldPicker,
  readTranslations,
  readVersions,
  NO_VERSIONS,
  type Alternates,
  type TranslatedFields,
} from "./read.server";
import type { TranslatableEntity } from "./registry.server";
import { log } from "~/lib/log.server";

/**
 * The sections whose translation makes the home or about page available in a language (its main text); a section
 * whose English is empty asks for nothing. The other sections fall back on their own.
 */
export const PAGE_MAIN_SECTIONS: Record<PageSlug, string[]> = {
  home: ["hero_main_title", "hero_subtitle", "about_title", "about_description"],
  "about-us": ["about_main_heading", "about_intro_p1", "leadership_ceo_quote"],
};

/** The home or about page's texts in a language (pictures and links stay), and where each version lives. */
export async function localizePageContent(
  services: Tolerant,
  lang: Language,
  page: PageSlug,
  content: Record<string, string>,
  path: string,
) {
  const texts = PAGE_SECTIONS[page].filter((section) => section.type === "text" || section.type === "textarea");
  const idOf = (key: string) => `${page}/${key}`;
  const [versions, languages] = await tolerantly(
    services,
    () =>
      Promise.all([
        readVersions(
          services.db,
          texts.map((section) => ({ entity: "page_content" as const, id: idOf(section.key) })),
          lang,
        ),
        enabledLanguages(services.db),
      ]),
    [NO_VERSIONS, [DEFAULT_LANGUAGE] as Language[]] as const,
  );
  const localized: Record<string, string> = { ...content };
  const inEnglish: string[] = [];
  for (const section of texts) {
    const { pick, inEnglish: fellBack } = fieldPicker(lang, versions.fields("page_content", idOf(section.key)));
    localized[section.key] = pick("content", content[section.key] ?? "");
    if (fellBack.length) inEnglish.push(section.key);
  }
  const availableIn = (l: Language) =>
    PAGE_MAIN_SECTIONS[page].every((key) =>
      versions.isAvailable("page_content", idOf(key), l, { content: content[key] ?? "" }),
    );
  return {
    content: localized,
    inEnglish,
    available: availableIn(lang),
    alternates: alternatesOf(languages.filter(availableIn), () => path),
  };
}

/**
 * A list page (our products, certificates, gallery, blog, contact): its own texts are the interface's, complete in
 * every enabled language, so it is available in each; its items fall back field by field.
 */
export async function listPageVersions(
  services: Tolerant,
  path: string,
): Promise<{ available: true; alternates: Alternates }> {
  const languages = await tolerantly<Language[]>(services, () => enabledLanguages(services.db), [DEFAULT_LANGUAGE]);
  return { available: true, alternates: alternatesOf(languages, () => path) };
}

/** What a page that shows its error toast rather than break (spec §4) passes: the database, and the no-cache mark. */
interface Tolerant {
  db: Db;
  markIncomplete(): void;
}

/** A read whose failure leaves the page in English rather than breaking it: logged, and the page is not cached. */
async function tolerantly<T>(services: Tolerant, read: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await read();
  } catch (error) {
    log.error("[site] translations", error);
    services.markIncomplete();
    return fallback;
  }
}

/**
 * Items of one kind in a language, field by field: `fields` maps each stored field name to the item's key holding
 * its English; each item gains `inEnglish`, the fields that fell back.
 */
export async function localizeItems<T extends { id: string }>(
  db: Db,
  lang: Language,
  entity: TranslatableEntity,
  items: T[],
  fields: Partial<Record<string, keyof T & string>>,
): Promise<Array<T & { inEnglish: string[] }>> {
  if (lang === DEFAULT_LANGUAGE) return items.map((item) => ({ ...item, inEnglish: [] }));
  const translations = await readTranslations(
    db,
    entity,
    items.map((item) => item.id),
    lang,
  );
  return items.map((item) => localizeItem(lang, item, translations.get(item.id), fields));
}

function localizeItem<T extends { id: string }>(
  lang: Language,
  item: T,
  translated: TranslatedFields | undefined,
  fields: Partial<Record<string, keyof T & string>>,
): T & { inEnglish: string[] } {
  const { pick, inEnglish } = fieldPicker(lang, translated);
  const localized: Record<string, unknown> = { ...item };
  for (const [field, key] of Object.entries(fields)) {
    if (!key) continue;
    const english = item[key];
    if (typeof english === "string" || english === null) localized[key] = pick(field, english as string | null);
  }
  return { ...(localized as T), inEnglish };
}

/**
 * The contact address in a language, and whether it fell back to English. A cleared address is hidden in every
 * language (ADR 0035): its translations are not shown without it.
 */
export async function localizeAddress(services: Tolerant, lang: Language, english: string) {
  if (!english) return { address: "", addressInEnglish: false };
  const translations = await tolerantly(
    services,
    () => readTranslations(services.db, "setting", ["contact_address"], lang),
    new Map<string, TranslatedFields>(),
  );
  const { pick, inEnglish } = fieldPicker(lang, translations.get("contact_address"));
  return { address: pick("value", english), addressInEnglish: inEnglish.length > 0 };
}
