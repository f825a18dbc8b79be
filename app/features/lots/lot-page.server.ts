import type { Db } from "~/db/database.server";
import { formatLongDate } from "~/features/blog/dates";
import { listCurrentCertificates } from "~/features/certificates/certificates.server";
import { localizeProductNames } from "~/features/translations/catalogue.server";
import { localizeItems } from "~/features/translations/pages.server";
import type { Language } from "~/lib/i18n/languages";
import { type PageTag, pageTag } from "~/lib/web/page-tags";
import { safeHttpUrl } from "~/lib/web/safe-url";
import { isLotCode, lotPath } from "./lot-code";

// The public page of a lot (`/lots/{code}`, issue 45): what a buyer or an inspector who scanned a bag's QR code may
// read. Only the lot's own facts and the exporter's certificates: never the buyer, the order, the shipment, prices
// or quantities, which this module does not even select.

/** A lot by its code, with only the columns a stranger may read. */
const publicLotRow = (db: Db, code: string) =>
  db
    .selectFrom("shipment_lots")
    .innerJoin("container_lines", "container_lines.id", "shipment_lots.container_line_id")
    .innerJoin("order_lines", "order_lines.id", "container_lines.order_line_id")
    .select([
      "shipment_lots.code",
      "shipment_lots.origin",
      "shipment_lots.farm_registration",
      "shipment_lots.harvest_date",
      "shipment_lots.packing_date",
      "shipment_lots.test_lab",
      "shipment_lots.test_result",
      "shipment_lots.phyto_number",
      "shipment_lots.report_path",
      "shipment_lots.report_public",
      "order_lines.product_id",
      "order_lines.product_name",
      "order_lines.grade",
    ])
    .where("shipment_lots.code", "=", code)
    .executeTakeFirst();

/**
 * What the lot page shows, in the page's language (the product's translated name where it has one, dates through
 * Intl), and the content it shows (`shows`, for the page cache). Undefined: no lot has this code, or it is not one.
 */
export async function publicLotPage(db: Db, code: string, lang: Language, today: string) {
  if (!isLotCode(code)) return undefined;
  const lot = await publicLotRow(db, code);
  if (!lot) return undefined;
  const product = lot.product_id
    ? (await localizeProductNames(db, lang, [{ id: lot.product_id, name: lot.product_name }]))[0]!.name
    : lot.product_name;
  const certificates = await listCurrentCertificates(db, today);
  const localized = await localizeItems(db, lang, "certificate", certificates, { authority: "authority" });
  const shows: PageTag[] = [pageTag.lot(code), pageTag.certificates];
  if (lot.product_id) shows.push(pageTag.product(lot.product_id));
  return {
    code: lot.code,
    product,
    grade: lot.grade ?? "",
    origin: lot.origin,
    farmRegistration: lot.farm_registration,
    harvested: formatLongDate(lot.harvest_date, lang),
    packed: formatLongDate(lot.packing_date, lang),
    phytoNumber: lot.phyto_number,
    test: lot.test_lab || lot.test_result ? { lab: lot.test_lab, result: lot.test_result } : null,
    report: lot.report_path && lot.report_public ? `${lotPath(lot.code)}/report` : null,
    certificates: localized.map((certificate) => ({
      id: certificate.id,
      name: certificate.name,
      authority: certificate.authority,
      inEnglish: certificate.inEnglish,
      number: certificate.certificate_number,
      validUntil: certificate.valid_until ? formatLongDate(certificate.valid_until, lang) : null,
      verifyUrl: safeHttpUrl(certificate.verify_url),
    })),
    shows,
  };
}
export type PublicLotPage = NonNullable<Awaited<ReturnType<typeof publicLotPage>>>;

/** A lot's report as the public may download it: only when the exporter marked it public. */
export async function publicLotReport(db: Db, code: string) {
  if (!isLotCode(code)) return undefined;
  const lot = await db
    .selectFrom("shipment_lots")
    .select(["code", "report_path", "report_name", "report_type", "report_public"])
    .where("code", "=", code)
    .executeTakeFirst();
  if (!lot?.report_path || !lot.report_public) return undefined;
  return { path: lot.report_path, name: lot.report_name ?? `${lot.code}`, type: lot.report_type ?? "application/pdf" };
}
