import type { Db } from "~/db/database.server";
import type { Actor } from "~/lib/actor";
import { log } from "~/lib/log.server";
import { recordActivity } from "~/features/history/record.server";
import { nowIso } from "~/lib/time";
import {
  DEFAULT_LANGUAGE,
  isShippedLanguage,
  LANGUAGE_INFO,
  type Language,
  SHIPPED_LANGUAGES,
  type ShippedLanguage,
} from "~/lib/i18n/languages";
import { type CatalogueProblem, catalogueProblems } from "./completeness.server";

/**
 * The shipped languages an administrator has enabled (`/admin/languages`), in the shipped order. A language not
 * enabled answers 404 under its prefix and is in no switcher, hreflang set or sitemap.
 */
export async function enabledLanguages(db: Db): Promise<ShippedLanguage[]> {
  const rows = await db.selectFrom("languages").select("code").where("enabled", "=", 1).execute();
  const codes = new Set(rows.map((row) => row.code));
  return SHIPPED_LANGUAGES.filter((lang) => codes.has(lang));
}

/** Whether a language's pages, PDFs and forms are served: English always, another while it is enabled. */
export async function isLanguageEnabled(db: Db, lang: Language): Promise<boolean> {
  if (lang === DEFAULT_LANGUAGE) return true;
  const row = await db.selectFrom("languages").select("enabled").where("code", "=", lang).executeTakeFirst();
  return Number(row?.enabled) === 1;
}

/**
 * The site's languages: English first, then the enabled ones. When the database fails, English alone (logged, and
 * `onFallback` marks the page incomplete, so it is not cached): the page still shows, as with the settings.
 */
export async function siteLanguages(db: Db, onFallback?: () => void): Promise<Language[]> {
  try {
    return [DEFAULT_LANGUAGE, ...(await enabledLanguages(db))];
  } catch (error) {
    log.error("[languages] could not load the enabled languages", error);
    onFallback?.();
    return [DEFAULT_LANGUAGE];
  }
}

export type EnableResult = { ok: true } | { ok: false; problems: CatalogueProblem[] };

/**
 * Turns a shipped language on or off. Turning one on is refused while its interface texts are incomplete
 * (`catalogueProblems`): a visitor would otherwise read English buttons in an Arabic page. With an `actor` (the
 * back office), a change of state is logged in the same transaction (ADR 0032).
 */
export async function setLanguageEnabled(
  db: Db,
  lang: string,
  enabled: boolean,
  problemsOf: (lang: ShippedLanguage) => CatalogueProblem[] = catalogueProblems,
  actor: Actor | null = null,
): Promise<EnableResult> {
  if (!isShippedLanguage(lang)) return { ok: false, problems: [] };
  if (enabled) {
    const problems = problemsOf(lang);
    if (problems.length) return { ok: false, problems };
  }
  const flag = enabled ? 1 : 0;
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("languages").select("enabled").where("code", "=", lang).executeTakeFirst();
    await trx
      .insertInto("languages")
      .values({ code: lang, enabled: flag, updated_at: nowIso() })
      .onConflict((oc) => oc.column("code").doUpdateSet({ enabled: flag, updated_at: nowIso() }))
      .execute();
    if (actor && Number(before?.enabled ?? 0) !== flag)
      await recordActivity(trx, actor, {
        action: "update",
        entity: "language",
        entityId: lang,
        label: LANGUAGE_INFO[lang].englishName,
        summary: `${LANGUAGE_INFO[lang].englishName} ${enabled ? "enabled" : "disabled"}`,
        details: { enabled },
      });
  });
  return { ok: true };
}
