import { z } from "zod";
import { defineForm, integer, text } from "~/lib/forms/submission";

/** The longest consignee or notify party (a name and an address of a few lines). */
export const PARTY_MAX = 600;
export const PAYMENT_REFERENCE_MAX = 120;

/** The version an edit form was opened on (ADR 0049): a save from an older page is refused. */
const version = integer("Version", { min: 1, max: 1_000_000_000 }).pipe(z.number({ error: "Reload the order." }));

/** The order's consignee and notify party, as the documents print them. */
export const orderPartiesForm = defineForm(
  z.object({
    version,
    consignee: text.required("Consignee", PARTY_MAX),
    notify_party: text.optional("Notify party", PARTY_MAX),
  }),
);

/** 'Record Payment': how much arrived, when, against which part, with the bank's reference. */
export const recordPaymentForm = defineForm(
  z.object({
    key: z.string().trim().min(8, "Reload the order.").max(64, "Reload the order."),
    part: z.enum(["advance", "balance"], { error: "Choose whether this pays the advance or the balance." }),
    amount: text.required("Amount", 24),
    received_on: z.iso.date("Received on must be a real date (YYYY-MM-DD)."),
    reference: text.optional("Reference", PAYMENT_REFERENCE_MAX),
  }),
);

/** A change of status, from the buttons the order's page shows for its state. */
export const orderStatusForm = defineForm(
  z.object({
    version,
    to: z.enum(["confirmed", "in_production", "shipped", "completed", "cancelled"], { error: "Unknown status." }),
  }),
);
