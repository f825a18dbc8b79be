import { Form } from "react-router";
import { AdminPageHeader } from "~/components/admin/page-header";
import { Card } from "~/components/admin/card";
import { Button } from "~/components/ui/button";
import { useToastOnChange } from "~/components/ui/toast";
import { catalogueProblems } from "~/features/i18n/completeness.server";
import { enabledLanguages, setLanguageEnabled } from "~/features/i18n/enabled-languages.server";
import { getAdminUser } from "~/features/auth/guard.server";
import { readFormData } from "~/lib/form-data.server";
import { errorToast, formFailure, redirectBack, successToast } from "~/lib/forms/respond.server";
import type { FormFailure } from "~/lib/forms/submission";
import { isShippedLanguage, LANGUAGE_INFO, SHIPPED_LANGUAGES } from "~/lib/i18n/languages";
import { getServices } from "~/services.server";
import type { Route } from "./+types/languages";

export const meta = () => [{ title: "Languages" }, { name: "robots", content: "noindex" }];

/** Problems named on the page for a language that cannot be enabled yet: enough to start, not a wall of keys. */
const PROBLEMS_SHOWN = 5;

export async function loader({ context }: Route.LoaderArgs) {
  const enabled = new Set<string>(await enabledLanguages(getServices(context).db));
  return {
    languages: SHIPPED_LANGUAGES.map((code) => {
      const problems = catalogueProblems(code);
      return {
        code,
        name: LANGUAGE_INFO[code].englishName,
        ownName: LANGUAGE_INFO[code].name,
        enabled: enabled.has(code),
        missing: problems.length,
        examples: problems.slice(0, PROBLEMS_SHOWN).map((p) => `${p.key}: ${p.problem}`),
      };
    }),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const code = String(form.get("code") ?? "");
  const enable = form.get("intent") === "enable";
  if (!isShippedLanguage(code)) return formFailure({}, errorToast("Error", "Unknown language."), 404);
  const name = LANGUAGE_INFO[code].englishName;
  // Any write under /admin refreshes every cached page: each page's switcher and hreflang links name the languages.
  const result = await setLanguageEnabled(getServices(context).db, code, enable, undefined, getAdminUser(context));
  if (!result.ok) {
    const count = result.problems.length;
    return formFailure(
      { form: code },
      errorToast(
        `${name} cannot be enabled`,
        `${count} of its interface texts ${count === 1 ? "is" : "are"} missing or incomplete. Run npm run i18n:check to list them.`,
      ),
    );
  }
  return redirectBack(
    request,
    successToast(
      enable ? `${name} enabled` : `${name} disabled`,
      enable ? `The site is now published under /${code}.` : `Pages under /${code} now answer 404.`,
    ),
  );
}

export default function Languages({ loaderData, actionData }: Route.ComponentProps) {
  useToastOnChange((actionData as FormFailure | undefined)?.toast);
  return (
    <div className="max-w-4xl space-y-6">
      <AdminPageHeader title="Languages" back={{ to: "/admin/dashboard", label: "Back to Dashboard" }} />
      <p className="text-muted">
        English is always published at the site&apos;s own addresses. Each language enabled here is published under its
        prefix (<code>/ar</code>, <code>/bn</code>…), appears in the language switcher and in the sitemap. A language
        can be enabled only when all its interface texts are complete. The buttons, labels and messages of Malay,
        Indonesian, Vietnamese, Russian, Spanish and French were drafted by machine: have a native speaker read the site
        in that language before you enable it. Your own content (products, posts, page texts) is translated on the{" "}
        <a href="/admin/translations" className="font-semibold text-brand-700 underline">
          Translations
        </a>{" "}
        page.
      </p>
      <Card>
        <ul className="divide-y divide-slate-100">
          {loaderData.languages.map((language) => (
            <li key={language.code} className="flex flex-wrap items-center gap-3 py-4">
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-brand-900">
                  {language.name}{" "}
                  <span lang={language.code} className="font-normal text-muted">
                    {language.ownName}
                  </span>{" "}
                  <code className="text-sm text-muted">/{language.code}</code>
                </p>
                <p className="text-sm text-muted">
                  {language.enabled
                    ? "Enabled"
                    : language.missing
                      ? `Not enabled: ${language.missing} interface ${language.missing === 1 ? "text is" : "texts are"} missing or incomplete`
                      : "Not enabled"}
                </p>
                {!language.enabled && language.examples.length ? (
                  <details className="mt-1 text-xs text-muted">
                    <summary>What is missing</summary>
                    <ul className="mt-1 font-mono">
                      {language.examples.map((example) => (
                        <li key={example}>{example}</li>
                      ))}
                      {language.missing > language.examples.length ? <li>…</li> : null}
                    </ul>
                  </details>
                ) : null}
              </div>
              <Form method="post">
                <input type="hidden" name="code" value={language.code} />
                <Button
                  type="submit"
                  name="intent"
                  value={language.enabled ? "disable" : "enable"}
                  variant={language.enabled ? "outline" : "primary"}
                  size="sm"
                  aria-label={`${language.enabled ? "Disable" : "Enable"} ${language.name}`}
                >
                  {language.enabled ? "Disable" : "Enable"}
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
