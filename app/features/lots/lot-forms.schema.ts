import { z } from "zod";
import { checkbox, defineForm, optionalDate, optionalFile, text } from "~/lib/forms/submission";

// A lot's facts as the shipment page's forms and the lots sheet give them (issue 45): one rule for both.

/** The files a test report may be, by their sniffed type: the lab's PDF or a scan of it. */
export const REPORT_FILE_TYPES: Record<string, string> = {
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
};

const factFields = {
  origin: text.required("Origin", 200),
  farm_registration: text.optional("Farm registration", 80),
  harvest_date: optionalDate("Harvest date"),
  packing_date: optionalDate("Packing date"),
  test_lab: text.optional("Test lab", 120),
  test_result: text.optional("Test result", 300),
  phyto_number: text.optional("Phyto number", 60),
};
const packedAfterHarvest: [
  (v: { harvest_date: string; packing_date: string }) => boolean,
  { message: string; path: string[] },
] = [
  (v) => !v.harvest_date || !v.packing_date || v.packing_date >= v.harvest_date,
  { message: "Packing date cannot be before the harvest date.", path: ["packing_date"] },
];

/** A lot's own facts (everything but its report): what a form and a sheet's row both carry. */
export const lotFacts = z.object(factFields).refine(...packedAfterHarvest);
export type LotFacts = z.output<typeof lotFacts>;

/**
 * 'Add Lot' and a lot's 'Save Lot': its facts, and the test report (a new file replaces the one kept; 'Remove the
 * report' drops it). `seen` is the lot's `updated_at` when the edit form was shown: a save on an outdated form is
 * refused.
 */
export const lotForm = defineForm(
  z
    .object({
      ...factFields,
      /** 'Add Lot': the container line (a container and a product of the order) it is on. */
      container_line_id: z
        .string()
        .max(64)
        .optional()
        .transform((v) => v ?? ""),
      /** 'Save Lot': the lot. */
      lot_id: z
        .string()
        .max(64)
        .optional()
        .transform((v) => v ?? ""),
      seen: z
        .string()
        .max(40)
        .optional()
        .transform((v) => v ?? ""),
      report: optionalFile(),
      report_public: checkbox(),
      remove_report: checkbox(),
    })
    .refine(...packedAfterHarvest),
);
export type LotValues = z.output<typeof lotForm.schema>;

/** 'Import Lots': a CSV or XLSX sheet, one lot a row. */
export const lotImportForm = defineForm(
  z.object({
    sheet: optionalFile().refine((file) => file !== null, "Choose the lots sheet (CSV or XLSX)."),
  }),
);

/** The type a report really is, from its first bytes (never from its name or the browser's word). */
export function sniffReportType(bytes: Uint8Array): string | null {
  const starts = (...prefix: number[]) => prefix.every((byte, i) => bytes[i] === byte);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return "application/pdf";
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  return null;
}
