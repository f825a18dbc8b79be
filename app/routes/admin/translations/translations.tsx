import { Download, FileUp } from "lucide-react";
import { Form, Link } from "react-router";
import { AdminPageHeader } from "~/components/admin/page-header";
import { AdminTable } from "~/components/admin/admin-table";
import { Card } from "~/components/admin/card";
import { TranslationStatusBadge } from "~/components/admin/translation-status-badge";
import { inputClass } from "~/components/forms/index";
import { Button, ButtonLink } from "~/components/ui/button";
import { listEnabledLanguages } from "~/features/translations/languages.server";
import { isTranslatableEntity, loadTranslationGrid } from "~/features/translations/overview.server";
import { TRANSLATABLE } from "~/features/translations/registry.server";
import { isTranslationStatus, TRANSLATION_STATUSES } from "~/features/translations/status";
import { LANGUAGE_INFO } from "~/lib/i18n/languages";
import { getServices } from "~/services.server";
import type { Route } from "./+types/translations";

export const meta = () => [{ title: "Translations" }];

/** Beyond this many rows the grid asks for a filter: a page of thousands of links helps nobody. */
const MAX_ROWS = 300;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const params = new URL(request.url).searchParams;
  const kind = isTranslatableEntity(params.get("kind")) ? params.get("kind")! : "";
  const status = isTranslationStatus(params.get("status")) ? params.get("status")! : "";
  const langs = await listEnabledLanguages(db);
  const grid = langs.length
    ? await loadTranslationGrid(db, langs, {
        kind: isTranslatableEntity(kind) ? kind : undefined,
        status: isTranslationStatus(status) ? status : undefined,
      })
    : { rows: [], progress: [] };
  return {
    languages: langs.map((code) => ({ code, name: LANGUAGE_INFO[code].englishName })),
    kinds: Object.values(TRANSLATABLE).map(({ entity, label }) => ({ entity, label })),
    filter: { kind, status },
    rows: grid.rows.slice(0, MAX_ROWS),
    total: grid.rows.length,
    progress: grid.progress,
  };
}

const percent = (done: number, total: number) => (total === 0 ? 100 : Math.floor((done / total) * 100));

export default function Translations({ loaderData }: Route.ComponentProps) {
  const { languages, kinds, filter, rows, total, progress } = loaderData;
  const kindLabel = Object.fromEntries(kinds.map(({ entity, label }) => [entity, label]));
  if (languages.length === 0)
    return (
      <div className="space-y-6">
        <AdminPageHeader title="Translations" />
        <Card>
          <p data-testid="no-languages">
            No language besides English is enabled yet, so there is nothing to translate. Enable a language on the{" "}
            <Link to="/admin/languages" className="font-semibold text-brand-700 underline">
              Languages
            </Link>{" "}
            screen first.
          </p>
        </Card>
      </div>
    );
  return (
    <div className="space-y-6">
      <AdminPageHeader title="Translations">
        <ButtonLink to="/admin/translations/import" variant="outline">
          <FileUp className="size-4" aria-hidden /> Import translations
        </ButtonLink>
      </AdminPageHeader>

      <section aria-label="Progress per language" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {progress.map((language) => {
          const name = LANGUAGE_INFO[language.lang].englishName;
          const share = percent(language.done, language.total);
          return (
            <Card key={language.lang}>
              <h2 className="font-semibold text-brand-900" id={`progress-${language.lang}`}>
                {`${name}: ${share}% done`}
              </h2>
              <progress
                className="mt-2 h-2 w-full accent-brand-600"
                max={language.total || 1}
                value={language.total ? language.done : 1}
                aria-labelledby={`progress-${language.lang}`}
              />
              <p className="mt-2 text-sm text-muted" data-testid={`progress-${language.lang}`}>
                {`${language.done} of ${language.total} fields done, ${language.outdated} outdated, ${language.missing} missing.`}
              </p>
            </Card>
          );
        })}
      </section>

      <Card>
        <div className="flex flex-col gap-6 lg:flex-row lg:items-end lg:justify-between">
          <Form method="get" className="flex flex-wrap items-end gap-3">
            <div>
              <label htmlFor="filter-kind" className="block text-sm font-medium text-slate-700">
                Kind
              </label>
              <select id="filter-kind" name="kind" defaultValue={filter.kind} className={`${inputClass} mt-1`}>
                <option value="">All kinds</option>
                {kinds.map(({ entity, label }) => (
                  <option key={entity} value={entity}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="filter-status" className="block text-sm font-medium text-slate-700">
                Status
              </label>
              <select id="filter-status" name="status" defaultValue={filter.status} className={`${inputClass} mt-1`}>
                <option value="">Any status</option>
                {TRANSLATION_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {status[0].toUpperCase() + status.slice(1)} in some language
                  </option>
                ))}
              </select>
            </div>
            <Button type="submit" variant="outline">
              Filter
            </Button>
          </Form>
          {/* A download: a plain GET form, so it works without JavaScript and never posts. */}
          <Form
            method="get"
            action="/admin/translations/export"
            reloadDocument
            className="flex flex-wrap items-end gap-3"
          >
            {filter.kind ? <input type="hidden" name="kind" value={filter.kind} /> : null}
            <div>
              <label htmlFor="export-lang" className="block text-sm font-medium text-slate-700">
                Language
              </label>
              <select id="export-lang" name="lang" className={`${inputClass} mt-1`}>
                {languages.map(({ code, name }) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="export-format" className="block text-sm font-medium text-slate-700">
                Format
              </label>
              <select id="export-format" name="format" className={`${inputClass} mt-1`}>
                <option value="xliff">XLIFF 2.0</option>
                <option value="csv">CSV</option>
              </select>
            </div>
            <Button type="submit" variant="outline">
              <Download className="size-4" aria-hidden /> Export missing and outdated
            </Button>
          </Form>
        </div>
      </Card>

      {total > rows.length ? (
        <p className="text-sm text-muted">
          Showing the first {rows.length} of {total} items: narrow the list with the filter.
        </p>
      ) : null}
      <AdminTable
        wide
        cards
        count={rows.length}
        empty="No items match the filter."
        columns={
          <>
            <th className="px-4 py-3">Item</th>
            <th className="hidden px-4 py-3 sm:table-cell">Kind</th>
            {languages.map(({ code, name }) => (
              <th key={code} className="px-4 py-3">
                {name}
              </th>
            ))}
          </>
        }
      >
        {rows.map((row) => (
          // On a phone a card: the item, then each language's state under it, named.
          <tr
            key={`${row.entity}/${row.id}`}
            data-testid={`translation-row-${row.entity}/${row.id}`}
            className="max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-x-4 max-sm:gap-y-2 max-sm:px-4 max-sm:py-3"
          >
            <td className="px-4 py-3 font-medium text-slate-900 max-sm:basis-full max-sm:p-0">{row.title}</td>
            <td className="hidden px-4 py-3 text-muted sm:table-cell">{kindLabel[row.entity]}</td>
            {languages.map(({ code, name }) => {
              const cell = row.cells[code]!;
              return (
                <td key={code} className="px-4 py-3 max-sm:p-0" data-lang={code}>
                  <span className="mr-1.5 text-xs text-muted sm:hidden" aria-hidden>
                    {name}
                  </span>
                  {/* Named by what it shows ("Done 17/17"), the item and language before it for a screen reader. */}
                  <Link
                    to={`/admin/translations/${code}/${row.entity}/${row.id}`}
                    className="relative inline-block hover:underline"
                  >
                    <span className="sr-only">{`${row.title} in ${name}: `}</span>
                    <TranslationStatusBadge status={cell.status}>
                      {" "}
                      <span className="font-normal">
                        {cell.done}/{cell.total}
                        <span className="sr-only"> fields</span>
                      </span>
                    </TranslationStatusBadge>
                  </Link>
                </td>
              );
            })}
          </tr>
        ))}
      </AdminTable>
    </div>
  );
}
