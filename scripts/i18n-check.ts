/**
 * `npm run i18n:check`: lists, for every shipped language, the interface texts it lacks (missing keys, plural
 * forms, placeholders that differ from English). Exits 1 when any is incomplete: every shipped language can be
 * enabled on a site (and stays enabled while the English grows), so each must have every text. `--enabled ar,bn`
 * is accepted for scripts that name a site's languages; they are checked like the rest.
 */
import { catalogueProblems } from "../app/features/i18n/completeness.server";
import { english } from "../app/features/i18n/catalogue";
import { isShippedLanguage, LANGUAGE_INFO, SHIPPED_LANGUAGES } from "../app/lib/i18n/languages";

const flag = process.argv.indexOf("--enabled");
const named = flag === -1 ? [] : (process.argv[flag + 1] ?? "").split(",").filter(Boolean);
const unknown = named.filter((code) => !isShippedLanguage(code));
if (unknown.length) {
  console.error(`Unknown language code: ${unknown.join(", ")}. Shipped: ${SHIPPED_LANGUAGES.join(", ")}.`);
  process.exit(2);
}
const required = new Set<string>([...SHIPPED_LANGUAGES, ...named]);
const total = Object.keys(english).length;
let failed = false;
for (const lang of SHIPPED_LANGUAGES) {
  const problems = catalogueProblems(lang);
  const must = required.has(lang);
  const state = problems.length === 0 ? "complete" : `${problems.length} of ${total} keys need work`;
  console.log(`${lang} (${LANGUAGE_INFO[lang].englishName})${must ? ", must be complete" : ""}: ${state}`);
  for (const { key, problem } of problems.slice(0, must ? undefined : 10)) console.log(`  ${key}: ${problem}`);
  if (!must && problems.length > 10) console.log(`  … and ${problems.length - 10} more`);
  if (must && problems.length) failed = true;
}
if (failed) {
  console.error("i18n:check failed: a shipped language lacks interface texts (listed above).");
  process.exit(1);
}
