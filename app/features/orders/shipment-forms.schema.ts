import { z } from "zod";
import { defineForm, integer, list, optionalDate, optionalFile, text } from "~/lib/forms/submission";
import { checkContainerNumber } from "./container-number";
import { normalizeDecimal } from "./documents-agree";
import { CONTAINER_TYPES, SHIPMENT_STATUSES, UPLOADED_DOCUMENTS, type UploadedDocumentKind } from "./shipping";

const SHORT = 120;
/** A container holds at most a few lines of an order; more rows than an order has lines is garbage. */
export const CONTAINER_ROWS_MAX = 50;
/** The files a document may be: what certificates arrive as (a scan or the issuer's PDF). */
export const DOCUMENT_FILE_TYPES: Record<string, string> = {
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
};

const version = integer("Version", { min: 1, max: 1_000_000_000 }).pipe(z.number({ error: "Reload the shipment." }));

/** A decimal of kg or a quantity as typed ("13,770.5"): kept as written once it is one. */
const decimal = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(24, `${label} is too long.`)
    .refine((v) => normalizeDecimal(v) !== null, `${label} must be a number, e.g. 13770.5.`)
    .transform((v) => normalizeDecimal(v)!);
const optionalDecimal = (label: string) =>
  z
    .string()
    .trim()
    .max(24, `${label} is too long.`)
    .optional()
    .refine((v) => !v || normalizeDecimal(v) !== null, `${label} must be a number, e.g. 13770.5.`)
    .transform((v) => (v ? normalizeDecimal(v)! : ""));

/** 'Add Shipment' and its details: the voyage as the shipping line gives it, each part optional until known. */
export const shipmentForm = defineForm(
  z
    .object({
      version: version.optional(),
      shipping_line: text.optional("Shipping line", SHORT),
      vessel: text.optional("Vessel", SHORT),
      voyage: text.optional("Voyage", 40),
      port_of_loading: text.optional("Port of loading", SHORT),
      port_of_discharge: text.optional("Port of discharge", SHORT),
      etd: optionalDate("ETD"),
      eta: optionalDate("ETA"),
      bl_number: text.optional("Bill of lading number", 40),
      bl_date: optionalDate("Bill of lading date"),
    })
    .refine((v) => !v.etd || !v.eta || v.eta >= v.etd, { message: "ETA cannot be before ETD.", path: ["eta"] }),
);
export type ShipmentValues = z.output<typeof shipmentForm.schema>;

/**
 * 'Add Container': the container and, per order line it carries, the quantity, packages and weights (one row per
 * order line; a row left without a quantity is not in this container).
 */
export const containerForm = defineForm(
  z
    .object({
      number: z
        .string({ error: "Container number is required." })
        .max(20, "Container number is too long.")
        .transform((v, ctx) => {
          const checked = checkContainerNumber(v);
          if (!checked.ok) {
            ctx.addIssue({ code: "custom", message: checked.message });
            return z.NEVER;
          }
          return checked.number;
        }),
      seal: text.optional("Seal", 40),
      container_type: z.enum(CONTAINER_TYPES, { error: "Choose the container's type." }),
      set_temperature: z
        .string()
        .trim()
        .max(8)
        .optional()
        .transform((v) => v ?? "")
        .refine((v) => !v || /^-?\d{1,2}(\.\d)?$/.test(v), "Set temperature must be in °C, e.g. 2 or -1.5."),
      line_id: list(z.string().max(64), CONTAINER_ROWS_MAX, "Too many rows."),
      quantity: list(z.string().max(24), CONTAINER_ROWS_MAX, "Too many rows."),
      packages: list(z.string().max(12), CONTAINER_ROWS_MAX, "Too many rows."),
      package_kind: list(z.string().max(SHORT), CONTAINER_ROWS_MAX, "Too many rows."),
      net_kg: list(z.string().max(24), CONTAINER_ROWS_MAX, "Too many rows."),
      gross_kg: list(z.string().max(24), CONTAINER_ROWS_MAX, "Too many rows."),
    })
    .refine((v) => v.container_type !== "reefer" || v.set_temperature !== "", {
      message: "A reefer needs its set temperature.",
      path: ["set_temperature"],
    }),
);

export interface ContainerRow {
  orderLineId: string;
  quantity: string;
  packages: number;
  packageKind: string;
  netKg: string;
  grossKg: string;
}

const rowSchema = z
  .object({
    quantity: decimal("Quantity"),
    packages: integer("Packages", { min: 1, max: 1_000_000 }).pipe(z.number({ error: "Packages is required." })),
    package_kind: text.required("Kind of package", SHORT),
    net_kg: decimal("Net weight"),
    gross_kg: decimal("Gross weight"),
  })
  .refine((v) => Number(v.gross_kg) >= Number(v.net_kg), {
    message: "Gross weight cannot be less than net weight.",
    path: ["gross_kg"],
  });

/**
 * The container's rows read from the parallel lists: a row with a quantity is in the container and must be whole;
 * the message names the product (`names`: order line id → product name). At least one row.
 */
export function containerRows(
  values: z.output<typeof containerForm.schema>,
  names: ReadonlyMap<string, string>,
): { ok: true; rows: ContainerRow[] } | { ok: false; message: string } {
  const rows: ContainerRow[] = [];
  const seen = new Set<string>();
  for (const [i, id] of values.line_id.entries()) {
    const name = names.get(id);
    if (!name || seen.has(id)) return { ok: false, message: "The order's lines changed: reload the shipment." };
    seen.add(id);
    const entered = [values.quantity, values.packages, values.package_kind, values.net_kg, values.gross_kg].map(
      (column) => column[i]?.trim() ?? "",
    );
    if (entered.every((value) => !value)) continue;
    const row = rowSchema.safeParse({
      quantity: entered[0],
      packages: entered[1],
      package_kind: entered[2],
      net_kg: entered[3],
      gross_kg: entered[4],
    });
    if (!row.success) return { ok: false, message: `${name}: ${row.error.issues[0].message}` };
    rows.push({
      orderLineId: id,
      quantity: row.data.quantity,
      packages: row.data.packages,
      packageKind: row.data.package_kind,
      netKg: row.data.net_kg,
      grossKg: row.data.gross_kg,
    });
  }
  if (!rows.length) return { ok: false, message: "Enter what the container carries of at least one product." };
  return { ok: true, rows };
}

export const shipmentStatusForm = defineForm(
  z.object({ version, to: z.enum(SHIPMENT_STATUSES, { error: "Unknown status." }) }),
);

const UPLOADED_KINDS = Object.keys(UPLOADED_DOCUMENTS) as [UploadedDocumentKind, ...UploadedDocumentKind[]];

/**
 * 'Upload Document': a document another issued (phytosanitary certificate, bill of lading, ...), its number and
 * date, the file, and the facts it states that 'Documents agree' compares (each optional: not stated, not compared).
 */
export const uploadDocumentForm = defineForm(
  z.object({
    kind: z.enum(UPLOADED_KINDS, { error: "Choose which document this is." }),
    document_number: text.required("Document number", 60),
    issued_on: z.iso.date("Date of issue must be a real date (YYYY-MM-DD)."),
    file: optionalFile().refine((file) => file !== null, "Choose the document's file (PDF, JPEG or PNG)."),
    consignee: text.optional("Consignee", 600),
    net_kg: optionalDecimal("Net weight"),
    gross_kg: optionalDecimal("Gross weight"),
  }),
);

/** 'Accept Differences' on one document, for the differences the page showed (a new one is flagged again). */
export const acceptDifferencesForm = defineForm(
  z.object({
    document_id: z.string().min(1).max(64),
    seen: z
      .string()
      .max(64)
      .optional()
      .transform((v) => v ?? ""),
  }),
);
