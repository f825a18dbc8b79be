import type { Language } from "~/lib/i18n/languages";
import { english, type MessageKey } from "./catalogue";
import { catalogueOf } from "./catalogues.server";

export interface CatalogueProblem {
  key: MessageKey;
  problem: string;
}

const placeholders = (text: string) => [...new Set(text.match(/\{\w+\}/g) ?? [])].sort().join(" ");

/**
 * What a language's interface texts lack: missing keys, plurals without a form the language needs
 * (`Intl.PluralRules`), and texts whose `{placeholders}` differ from English's. Empty when complete: only then may
 * the language be enabled (`/admin/languages`), and `npm run i18n:check` fails for an enabled one that is not.
 */
export function catalogueProblems(lang: Language): CatalogueProblem[] {
  if (lang === "en") return [];
  const catalogue = catalogueOf(lang);
  const needed = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
  const problems: CatalogueProblem[] = [];
  for (const key of Object.keys(english) as MessageKey[]) {
    const source = english[key] as string | Record<string, string>;
    const text = catalogue[key];
    if (text === undefined || text === "") {
      problems.push({ key, problem: "missing" });
      continue;
    }
    if (typeof source === "string") {
      if (typeof text !== "string") problems.push({ key, problem: "a plural where English has one text" });
      else if (placeholders(text) !== placeholders(source))
        problems.push({
          key,
          problem: `placeholders ${placeholders(text) || "none"}, English has ${placeholders(source)}`,
        });
      continue;
    }
    if (typeof text === "string") {
      problems.push({ key, problem: "one text where English has a plural" });
      continue;
    }
    const lacking = needed.filter((form) => !(text as Record<string, string | undefined>)[form]);
    if (lacking.length) problems.push({ key, problem: `plural forms missing: ${lacking.join(", ")}` });
  }
  return problems;
}
