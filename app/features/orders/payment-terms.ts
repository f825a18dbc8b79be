/**
 * An order's payment terms as data (issue 44): how much is paid in advance and by when, how the balance is paid
 * (against documents, cash against documents, or a letter of credit at sight or usance), and from them what is due,
 * what is overdue and which dates of the letter of credit are near. Pure: the caller reads the order and its
 * payments and passes "today" as the site's day (`siteToday`). Money is in integer minor units (ADR 0037), days are
 * `YYYY-MM-DD`.
 */

import type { BalanceTerms } from "~/db/schema";
import { z } from "zod";
import { daysLeft } from "~/features/certificates/validity";
import {
  defineForm,
  firstError,
  integer,
  optionalDate,
  parseSubmission,
  text,
  type FormValues,
  type Submission,
} from "~/lib/forms/submission";
import { formatMoney } from "~/lib/money";
import { formatDay } from "~/lib/site-time";

/** Balance against documents; cash against documents; letter of credit at sight; letter of credit at usance. */
export const BALANCE_TERMS = ["documents", "cad", "lc-sight", "lc-usance"] as const satisfies readonly BalanceTerms[];
export type { BalanceTerms };

export interface LetterOfCredit {
  number: string;
  issuingBank: string;
  expiryDate: string;
  latestShipmentDate: string;
  /** Days after sight for a usance LC (1–360); null at sight. */
  usanceDays: number | null;
}

export interface PaymentTerms {
  /** 0–100, a whole number. */
  advancePercent: number;
  /** Required when advancePercent > 0; null at 0 %. */
  advanceDueDate: string | null;
  balance: BalanceTerms;
  /** When the balance is due against documents or CAD (optional); null for a letter of credit. */
  balanceDueDate: string | null;
  /** Required for a letter of credit; null otherwise. */
  lc: LetterOfCredit | null;
}

export type PaymentPart = "advance" | "balance";

export interface Payment {
  part: PaymentPart;
  amountMinor: number;
  receivedOn: string;
}

export const isLetterOfCredit = (balance: BalanceTerms) => balance === "lc-sight" || balance === "lc-usance";

/** The balance terms as a select shows them. */
export const BALANCE_TERMS_LABELS: Record<BalanceTerms, string> = {
  documents: "Against documents",
  cad: "Cash against documents (CAD)",
  "lc-sight": "Letter of credit at sight",
  "lc-usance": "Letter of credit at usance",
};

/** The longest LC number and issuing bank: an MT700's fields are 16 and 4 × 35 characters; room to spare. */
export const LC_NUMBER_MAX = 35;
export const LC_ISSUING_BANK_MAX = 140;
export const USANCE_DAYS = { min: 1, max: 360 };

export const PAYMENT_TERMS_MESSAGES = {
  advancePercent: "Enter the advance as a whole percentage from 0 to 100.",
  advanceDueDate: "Enter when the advance is due.",
  balanceTerms: "Choose how the balance is paid.",
  lcNumber: "Enter the letter of credit's number.",
  lcIssuingBank: "Enter the bank that issued the letter of credit.",
  lcExpiryDate: "Enter the letter of credit's expiry date.",
  lcLatestShipmentDate: "Enter the latest shipment date under the letter of credit.",
  lcShipmentAfterExpiry: "The latest shipment date must be on or before the letter of credit's expiry.",
  lcUsanceDays: `Enter the usance in days, from ${USANCE_DAYS.min} to ${USANCE_DAYS.max}.`,
} as const;
const M = PAYMENT_TERMS_MESSAGES;

const LABELS = {
  advance_due_date: "Advance due date",
  balance_due_date: "Balance due date",
  lc_number: "The letter of credit's number",
  lc_issuing_bank: "The issuing bank",
  lc_expiry_date: "The letter of credit's expiry date",
  lc_latest_shipment_date: "The latest shipment date",
} as const;

const isDay = (value: string) => z.iso.date().safeParse(value).success;

/**
 * A field that counts only in some cases (the advance's date at 0 %, the LC's fields when the balance is not by LC):
 * its schema still gives the input its type and limits, but a value it refuses is kept as typed instead of refusing
 * the form, so a value left in a hidden field never blocks saving; the whole form's check refuses it when it counts.
 */
const dayWhenInPlay = (label: string) =>
  optionalDate(label).catch(({ value }) => (typeof value === "string" ? value.trim() : ""));
const textWhenInPlay = (label: string, max: number) =>
  text.optional(label, max).catch(({ value }) => (typeof value === "string" ? value.trim() : ""));
/** NaN stands for a usance that is not a whole number from 1 to 360, refused only for a usance LC. */
const usanceWhenInPlay = () => integer("Usance", USANCE_DAYS).catch(Number.NaN);

/** "30", " 30 ", "30%" → 30; blank → 0 (no advance); anything else (30.5, 101, "thirty") is refused. */
const advancePercent = () =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null) return 0;
      if (typeof v !== "string") return v;
      const typed = v.trim().replace(/\s*%$/, "");
      if (!typed) return 0;
      return /^\d{1,3}$/.test(typed) ? Number(typed) : Number.NaN;
    },
    z.number({ error: M.advancePercent }).int(M.advancePercent).min(0, M.advancePercent).max(100, M.advancePercent),
  );

/**
 * The payment terms of an order (issue 44). The advance's date is required with an advance (a blank percentage is
 * no advance); the balance's date is optional against documents or CAD; a letter of credit needs its number,
 * issuing bank, expiry and latest shipment date (on or before the expiry), and a usance LC its days. Fields that do
 * not count for the terms chosen are ignored: `paymentTermsOf` (or `parsePaymentTerms`) stores them as null.
 */
export const paymentTermsForm = defineForm(
  z
    .object({
      advance_percent: advancePercent(),
      advance_due_date: dayWhenInPlay(LABELS.advance_due_date),
      balance_terms: z.enum(BALANCE_TERMS, { error: M.balanceTerms }),
      balance_due_date: dayWhenInPlay(LABELS.balance_due_date),
      lc_number: textWhenInPlay(LABELS.lc_number, LC_NUMBER_MAX),
      lc_issuing_bank: textWhenInPlay(LABELS.lc_issuing_bank, LC_ISSUING_BANK_MAX),
      lc_expiry_date: dayWhenInPlay(LABELS.lc_expiry_date),
      lc_latest_shipment_date: dayWhenInPlay(LABELS.lc_latest_shipment_date),
      lc_usance_days: usanceWhenInPlay(),
    })
    .superRefine((v, ctx) => {
      const refuse = (field: string, message: string) => ctx.addIssue({ code: "custom", path: [field], message });
      const badDay = (field: keyof typeof LABELS) => `${LABELS[field]} must be a real date (YYYY-MM-DD).`;
      const tooLong = (field: keyof typeof LABELS, max: number) =>
        `${LABELS[field]} is too long (at most ${max} characters).`;
      // A day that counts: required ones must be there, any one must be a real day.
      const checkDay = (field: keyof typeof LABELS, required: string | null) => {
        const value = v[field];
        if (!value) {
          if (required) refuse(field, required);
        } else if (!isDay(value)) refuse(field, badDay(field));
      };
      const checkText = (field: "lc_number" | "lc_issuing_bank", max: number, required: string) => {
        if (!v[field]) refuse(field, required);
        else if (v[field].length > max) refuse(field, tooLong(field, max));
      };

      if (typeof v.advance_percent === "number" && v.advance_percent > 0)
        checkDay("advance_due_date", M.advanceDueDate);
      if (v.balance_terms === "documents" || v.balance_terms === "cad") checkDay("balance_due_date", null);
      if (v.balance_terms === "lc-sight" || v.balance_terms === "lc-usance") {
        checkText("lc_number", LC_NUMBER_MAX, M.lcNumber);
        checkText("lc_issuing_bank", LC_ISSUING_BANK_MAX, M.lcIssuingBank);
        checkDay("lc_expiry_date", M.lcExpiryDate);
        checkDay("lc_latest_shipment_date", M.lcLatestShipmentDate);
        // Two real days compare as strings (YYYY-MM-DD sorts as the days do).
        if (isDay(v.lc_expiry_date) && isDay(v.lc_latest_shipment_date) && v.lc_latest_shipment_date > v.lc_expiry_date)
          refuse("lc_latest_shipment_date", M.lcShipmentAfterExpiry);
      }
      if (v.balance_terms === "lc-usance" && !Number.isInteger(v.lc_usance_days))
        refuse("lc_usance_days", M.lcUsanceDays);
    }),
  (errors) => ({ title: "Payment Terms Not Saved", description: firstError(errors), variant: "destructive" }),
);

export type PaymentTermsValues = z.output<typeof paymentTermsForm.schema>;

/** The form's values, once accepted, as the order stores them: fields that do not count for the terms are null. */
export function paymentTermsOf(v: PaymentTermsValues): PaymentTerms {
  return {
    advancePercent: v.advance_percent,
    advanceDueDate: v.advance_percent > 0 ? v.advance_due_date : null,
    balance: v.balance_terms,
    balanceDueDate: isLetterOfCredit(v.balance_terms) ? null : v.balance_due_date || null,
    lc: isLetterOfCredit(v.balance_terms)
      ? {
          number: v.lc_number,
          issuingBank: v.lc_issuing_bank,
          expiryDate: v.lc_expiry_date,
          latestShipmentDate: v.lc_latest_shipment_date,
          usanceDays: v.balance_terms === "lc-usance" ? (v.lc_usance_days ?? null) : null,
        }
      : null,
  };
}

/** A submitted form read against `paymentTermsForm` straight into the terms the order stores. */
export function parsePaymentTerms(form: FormData): Submission<PaymentTerms> {
  const submission = parseSubmission(form, paymentTermsForm.schema);
  return submission.ok ? { ...submission, value: paymentTermsOf(submission.value) } : submission;
}

/** Stored terms as the form's values, for an edit form opened on them. */
export function paymentTermsValues(terms: PaymentTerms): FormValues {
  return {
    advance_percent: String(terms.advancePercent),
    advance_due_date: terms.advanceDueDate ?? "",
    balance_terms: terms.balance,
    balance_due_date: terms.balanceDueDate ?? "",
    lc_number: terms.lc?.number ?? "",
    lc_issuing_bank: terms.lc?.issuingBank ?? "",
    lc_expiry_date: terms.lc?.expiryDate ?? "",
    lc_latest_shipment_date: terms.lc?.latestShipmentDate ?? "",
    lc_usance_days: terms.lc?.usanceDays != null ? String(terms.lc.usanceDays) : "",
  };
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "Letter of credit at 90 days' sight, no. LC123 (Emirates NBD), latest shipment 20 Jan 2027, expiry 10 Feb 2027" */
function letterOfCreditWords(terms: PaymentTerms): string {
  const lc = terms.lc;
  const days = terms.balance === "lc-usance" ? (lc?.usanceDays ?? 0) : 0;
  // "90 days' sight", "1 day's sight".
  const kind = `letter of credit at ${days ? `${days} ${days === 1 ? "day's" : "days'"} ` : ""}sight`;
  if (!lc) return kind;
  const bank = lc.issuingBank ? ` (${lc.issuingBank})` : "";
  return `${kind}, no. ${lc.number}${bank}, latest shipment ${formatDay(lc.latestShipmentDate)}, expiry ${formatDay(lc.expiryDate)}`;
}

/**
 * The terms in one English line, for lists and documents: "30% advance (USD 3,900.00) by 5 Dec 2026; balance
 * against documents". Without an advance the balance's words begin the line; at 100 % there is no balance.
 */
export function describePaymentTerms(terms: PaymentTerms, currency: string, totalMinor: number): string {
  const parts: string[] = [];
  const [advance] = paymentSchedule(totalMinor, terms).filter((p) => p.part === "advance");
  if (advance) {
    const by = advance.dueDate ? ` by ${formatDay(advance.dueDate)}` : "";
    parts.push(`${terms.advancePercent}% advance (${formatMoney(advance.amountMinor, currency)})${by}`);
  }
  if (terms.advancePercent < 100) {
    const by = terms.balanceDueDate && !isLetterOfCredit(terms.balance) ? ` by ${formatDay(terms.balanceDueDate)}` : "";
    // After an advance the words say it is the balance; alone they are the whole payment's.
    const words = {
      documents: advance ? `balance against documents${by}` : `payment against documents${by}`,
      cad: `${advance ? "balance " : ""}cash against documents (CAD)${by}`,
      "lc-sight": `${advance ? "balance by " : ""}${letterOfCreditWords(terms)}`,
      "lc-usance": `${advance ? "balance by " : ""}${letterOfCreditWords(terms)}`,
    };
    parts.push(words[terms.balance]);
  }
  return capitalise(parts.join("; "));
}

export interface ScheduledPart {
  part: PaymentPart;
  amountMinor: number;
  /** Null for a balance by letter of credit: the bank pays on presentation (sight) or at a maturity it fixes. */
  dueDate: string | null;
}

function assertMinor(amount: number, what: string) {
  if (!Number.isSafeInteger(amount)) throw new Error(`${what} must be a whole number of minor units: ${amount}`);
}

/**
 * The parts an order's total is paid in: the advance (the total × percent ÷ 100, rounded half up to the minor unit,
 * in integers) and the balance (the rest, so the parts always sum to the total). No advance part at 0 %, no balance
 * part at 100 %. A letter of credit's balance has no due date: at sight it is paid when the documents are presented,
 * and a usance LC's maturity runs from sight or the bill of lading, which the terms do not know.
 */
export function paymentSchedule(totalMinor: number, terms: PaymentTerms): ScheduledPart[] {
  assertMinor(totalMinor, "The total");
  const percent = terms.advancePercent;
  if (!Number.isInteger(percent) || percent < 0 || percent > 100)
    throw new Error(`The advance must be a whole percentage from 0 to 100: ${percent}`);
  // BigInt, so a large total × percent stays exact; + 50 before ÷ 100 rounds half up (the total is not negative).
  const advance = Number((BigInt(totalMinor) * BigInt(percent) + 50n) / 100n);
  const parts: ScheduledPart[] = [];
  if (percent > 0) parts.push({ part: "advance", amountMinor: advance, dueDate: terms.advanceDueDate });
  const balanceDue = isLetterOfCredit(terms.balance) ? null : terms.balanceDueDate;
  if (percent < 100) parts.push({ part: "balance", amountMinor: totalMinor - advance, dueDate: balanceDue });
  return parts;
}

export interface PartDue extends ScheduledPart {
  paidMinor: number;
  outstandingMinor: number;
  /** Today is after the due date and something of the part is still outstanding (due today is not overdue). */
  overdue: boolean;
}

export interface WhatIsDue {
  parts: PartDue[];
  /** What is still to be paid on the whole order. */
  outstandingMinor: number;
  /** The outstanding amounts of the overdue parts. */
  overdueMinor: number;
  /** What was paid beyond the order's total (to refund or carry over). */
  overpaidMinor: number;
  /** The earliest part not yet wholly paid, with what is left of it; null once everything is paid. */
  next: { part: PaymentPart; amountMinor: number; dueDate: string | null } | null;
}

/**
 * What is paid, outstanding and overdue per part and for the whole order. Payments count towards the part they were
 * recorded against; what is paid beyond a part's amount counts towards the next part (an advance overpaid reduces
 * the balance), and what is left after the last part fills earlier parts still short, then is overpaid. A payment
 * against a part the terms do not have (a balance at 100 % advance) counts towards the part there is.
 */
export function whatIsDue(totalMinor: number, terms: PaymentTerms, payments: Payment[], today: string): WhatIsDue {
  const schedule = paymentSchedule(totalMinor, terms);
  const received = new Map<PaymentPart, number>(schedule.map((p) => [p.part, 0]));
  for (const payment of payments) {
    assertMinor(payment.amountMinor, "A payment");
    const part = received.has(payment.part) ? payment.part : schedule[0]!.part;
    received.set(part, received.get(part)! + payment.amountMinor);
  }

  // Forward: each part takes what was paid against it and what the part before did not need.
  let carry = 0;
  const paid = schedule.map((p) => {
    const available = carry + received.get(p.part)!;
    const taken = Math.max(0, Math.min(p.amountMinor, available));
    carry = available - taken;
    return taken;
  });
  // Backward: what is left over fills a part before that is still short (the whole total recorded as the balance).
  for (let i = schedule.length - 1; i >= 0 && carry > 0; i--) {
    const taken = Math.min(schedule[i]!.amountMinor - paid[i]!, carry);
    paid[i]! += taken;
    carry -= taken;
  }

  const parts = schedule.map((p, i): PartDue => {
    const outstandingMinor = p.amountMinor - paid[i]!;
    const overdue = outstandingMinor > 0 && p.dueDate !== null && today > p.dueDate;
    return { ...p, paidMinor: paid[i]!, outstandingMinor, overdue };
  });
  const first = parts.find((p) => p.outstandingMinor > 0);
  return {
    parts,
    outstandingMinor: parts.reduce((sum, p) => sum + p.outstandingMinor, 0),
    overdueMinor: parts.reduce((sum, p) => sum + (p.overdue ? p.outstandingMinor : 0), 0),
    overpaidMinor: Math.max(0, carry),
    next: first ? { part: first.part, amountMinor: first.outstandingMinor, dueDate: first.dueDate } : null,
  };
}

/** The LC's dates are warned this many days ahead, and again (more urgently) this few. */
export const LC_WARNING_DAYS = { first: 14, urgent: 3 } as const;

export interface LetterOfCreditWarning {
  fact: "expiry" | "latest-shipment";
  date: string;
  /** 0 on the day itself, negative once it has passed. */
  daysLeft: number;
  level: "14-days" | "3-days" | "passed";
  message: string;
}

/** "expires in 3 days (4 Jan 2027)", "expires today (…)", "expired 2 days ago (…)". */
function when(left: number, date: string, [future, past]: readonly [string, string]): string {
  const day = formatDay(date);
  if (left > 1) return `${future} in ${left} days (${day})`;
  if (left >= 0) return `${future} ${left === 1 ? "tomorrow" : "today"} (${day})`;
  return `${past} ${left === -1 ? "yesterday" : `${-left} days ago`} (${day})`;
}

/**
 * Warnings for the letter of credit's expiry and, until the goods are shipped, its latest shipment date: from 14
 * days ahead ("14-days"), at 3 days or fewer ("3-days", the day itself included: the LC still holds on it), and once
 * the day has passed ("passed"). None for terms without an LC; the soonest first.
 */
export function letterOfCreditWarnings(terms: PaymentTerms, today: string, shipped: boolean): LetterOfCreditWarning[] {
  const lc = terms.lc;
  if (!lc || !isLetterOfCredit(terms.balance)) return [];
  const facts = [
    {
      fact: "latest-shipment",
      date: lc.latestShipmentDate,
      says: "Latest shipment date under LC",
      verbs: ["is", "passed"],
    },
    { fact: "expiry", date: lc.expiryDate, says: "The letter of credit", verbs: ["expires", "expired"] },
  ] as const;
  return facts
    .filter((f) => !(shipped && f.fact === "latest-shipment") && isDay(f.date))
    .map((f) => ({ ...f, left: daysLeft(f.date, today) }))
    .filter((f) => f.left <= LC_WARNING_DAYS.first)
    .sort((a, b) => a.left - b.left)
    .map((f): LetterOfCreditWarning => ({
      fact: f.fact,
      date: f.date,
      daysLeft: f.left,
      level: f.left < 0 ? "passed" : f.left <= LC_WARNING_DAYS.urgent ? "3-days" : "14-days",
      message: `${f.says} ${lc.number} ${when(f.left, f.date, f.verbs)}.`,
    }));
}
