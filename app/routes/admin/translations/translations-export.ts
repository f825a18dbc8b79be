import { data } from "react-router";
import { writeTranslationCsv } from "~/features/translations/exchange/csv";
import { isExchangeFormat } from "~/features/translations/exchange/limits";
import { exportFileName, exportUnits } from "~/features/translations/exchange/units.server";
import { writeXliff } from "~/features/translations/exchange/xliff";
import { listEnabledLanguages } from "~/features/translations/languages.server";
import { isTranslatableEntity } from "~/features/translations/overview.server";
import { getAdminUser } from "~/features/auth/guard.server";
import { recordExport } from "~/features/history/record-export.server";
import { getServices } from "~/services.server";
import type { Route } from "./+types/translations-export";

/** One language's missing and outdated fields for a translator, as XLIFF 2.0 or CSV (issue 26). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const params = new URL(request.url).searchParams;
  const lang = (await listEnabledLanguages(db)).find((code) => code === params.get("lang"));
  if (!lang) throw data("Choose a language that is enabled.", { status: 400 });
  const format = params.get("format") ?? "xliff";
  if (!isExchangeFormat(format)) throw data("Choose the format XLIFF or CSV.", { status: 400 });
  const kind = params.get("kind");
  const units = await exportUnits(db, lang, isTranslatableEntity(kind) ? [kind] : undefined);
  const [body, type, extension] =
    format === "csv"
      ? [writeTranslationCsv(lang, units), "text/csv", "csv"]
      : [writeXliff(lang, units), "application/xliff+xml", "xlf"];
  await recordExport(db, getAdminUser(context), {
    what: `translations (${lang}, ${format === "csv" ? "CSV" : "XLIFF"})`,
    rows: units.length,
    filter: { lang, format, kind },
  });
  return new Response(body, {
    headers: {
      "Content-Type": `${type}; charset=utf-8`,
      "Content-Disposition": `attachment; filename="${exportFileName(lang, extension)}"`,
      "Cache-Control": "no-store",
    },
  });
}
