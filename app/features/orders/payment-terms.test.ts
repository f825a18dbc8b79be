import { describe, expect, it } from "vitest";
import { constraintsOf, parseSubmission } from "~/lib/forms/submission";
import { addDays } from "~/lib/time";
import {
  describePaymentTerms,
  letterOfCreditWarnings,
  parsePaymentTerms,
  paymentSchedule,
  paymentTermsForm,
  paymentTermsValues,
  whatIsDue,
  type Payment,
  type PaymentTerms,
} from "./payment-terms";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
};
const parse = (entries: Record<string, string>) => parsePaymentTerms(form(entries));
const errorsOf = (entries: Record<string, string>) => {
  const result = parse(entries);
  if (result.ok) throw new Error(`accepted: ${JSON.stringify(result.value)}`);
  return result.errors;
};

const lcFields = {
  balance_terms: "lc-sight",
  lc_number: " LC123 ",
  lc_issuing_bank: "Emirates NBD",
  lc_expiry_date: "2027-02-10",
  lc_latest_shipment_date: "2027-01-20",
};

const documents: PaymentTerms = {
  advancePercent: 30,
  advanceDueDate: "2026-12-05",
  balance: "documents",
  balanceDueDate: null,
  lc: null,
};
const lc = { number: "LC123", issuingBank: "Emirates NBD", expiryDate: "2027-02-10", latestShipmentDate: "2027-01-20" };
const atSight: PaymentTerms = {
  ...documents,
  advancePercent: 0,
  advanceDueDate: null,
  balance: "lc-sight",
  lc: { ...lc, usanceDays: null },
};
const usance: PaymentTerms = { ...atSight, balance: "lc-usance", lc: { ...lc, usanceDays: 90 } };

/** Intl writes a no-break space between the currency's code and the amount. */
const plain = (text: string) => text.replace(/\u00a0/g, " ");

describe("the payment terms form", () => {
  it("reads an advance and a balance against documents into the terms the order stores", () => {
    expect(
      parse({
        advance_percent: " 30 ",
        advance_due_date: "2026-12-05",
        balance_terms: "documents",
        balance_due_date: "",
      }),
    ).toMatchObject({
      ok: true,
      value: { advancePercent: 30, advanceDueDate: "2026-12-05", balance: "documents", balanceDueDate: null, lc: null },
    });
    expect(
      parse({
        advance_percent: "20%",
        advance_due_date: "2026-12-05",
        balance_terms: "cad",
        balance_due_date: "2027-01-31",
      }),
    ).toMatchObject({ ok: true, value: { advancePercent: 20, balance: "cad", balanceDueDate: "2027-01-31" } });
  });

  it("takes a blank percentage as no advance, and then ignores the advance's date", () => {
    expect(parse({ advance_percent: "", advance_due_date: "not a day", balance_terms: "documents" })).toMatchObject({
      ok: true,
      value: { advancePercent: 0, advanceDueDate: null },
    });
    expect(parse({ balance_terms: "documents" })).toMatchObject({ ok: true, value: { advancePercent: 0 } });
  });

  it("refuses an advance that is not a whole percentage from 0 to 100", () => {
    for (const typed of ["101", "-5", "30.5", "thirty", "1000"])
      expect(errorsOf({ advance_percent: typed, advance_due_date: "2026-12-05", balance_terms: "documents" })).toEqual({
        advance_percent: ["Enter the advance as a whole percentage from 0 to 100."],
      });
    expect(parse({ advance_percent: "100", advance_due_date: "2026-12-05", balance_terms: "documents" }).ok).toBe(true);
  });

  it("asks when the advance is due once there is one, and refuses a day that is not real", () => {
    expect(errorsOf({ advance_percent: "30", advance_due_date: " ", balance_terms: "documents" })).toEqual({
      advance_due_date: ["Enter when the advance is due."],
    });
    expect(errorsOf({ advance_percent: "30", advance_due_date: "2026-02-30", balance_terms: "documents" })).toEqual({
      advance_due_date: ["Advance due date must be a real date (YYYY-MM-DD)."],
    });
  });

  it("asks how the balance is paid", () => {
    expect(errorsOf({ advance_percent: "0" })).toEqual({ balance_terms: ["Choose how the balance is paid."] });
    expect(errorsOf({ advance_percent: "0", balance_terms: "barter" })).toEqual({
      balance_terms: ["Choose how the balance is paid."],
    });
  });

  it("refuses a balance due date that is not a real day against documents, and ignores it under an LC", () => {
    expect(errorsOf({ balance_terms: "documents", balance_due_date: "31/01/2027" })).toEqual({
      balance_due_date: ["Balance due date must be a real date (YYYY-MM-DD)."],
    });
    expect(parse({ ...lcFields, balance_due_date: "31/01/2027" })).toMatchObject({
      ok: true,
      value: { balanceDueDate: null },
    });
  });

  it("reads a letter of credit at sight, its usance left aside", () => {
    expect(parse({ advance_percent: "0", ...lcFields, lc_usance_days: "0" })).toMatchObject({
      ok: true,
      value: {
        advancePercent: 0,
        advanceDueDate: null,
        balance: "lc-sight",
        balanceDueDate: null,
        lc: {
          number: "LC123",
          issuingBank: "Emirates NBD",
          expiryDate: "2027-02-10",
          latestShipmentDate: "2027-01-20",
          usanceDays: null,
        },
      },
    });
  });

  it("asks for each fact of a letter of credit, on the field it concerns", () => {
    expect(errorsOf({ balance_terms: "lc-sight" })).toEqual({
      lc_number: ["Enter the letter of credit's number."],
      lc_issuing_bank: ["Enter the bank that issued the letter of credit."],
      lc_expiry_date: ["Enter the letter of credit's expiry date."],
      lc_latest_shipment_date: ["Enter the latest shipment date under the letter of credit."],
    });
    expect(errorsOf({ ...lcFields, lc_number: "X".repeat(36), lc_expiry_date: "2027-13-01" })).toEqual({
      lc_number: ["The letter of credit's number is too long (at most 35 characters)."],
      lc_expiry_date: ["The letter of credit's expiry date must be a real date (YYYY-MM-DD)."],
    });
  });

  it("wants the latest shipment on or before the expiry", () => {
    expect(errorsOf({ ...lcFields, lc_latest_shipment_date: "2027-02-11" })).toEqual({
      lc_latest_shipment_date: ["The latest shipment date must be on or before the letter of credit's expiry."],
    });
    expect(parse({ ...lcFields, lc_latest_shipment_date: "2027-02-10" }).ok).toBe(true);
  });

  it("wants a usance LC's days from 1 to 360", () => {
    for (const typed of ["", "0", "361", "ninety"])
      expect(errorsOf({ ...lcFields, balance_terms: "lc-usance", lc_usance_days: typed })).toEqual({
        lc_usance_days: ["Enter the usance in days, from 1 to 360."],
      });
    expect(parse({ ...lcFields, balance_terms: "lc-usance", lc_usance_days: "90" })).toMatchObject({
      ok: true,
      value: { balance: "lc-usance", lc: { usanceDays: 90 } },
    });
    expect(parse({ ...lcFields, balance_terms: "lc-usance", lc_usance_days: "360" }).ok).toBe(true);
    expect(parse({ ...lcFields, balance_terms: "lc-usance", lc_usance_days: "1" }).ok).toBe(true);
  });

  it("ignores whatever is left in the LC's fields when the balance is not by LC", () => {
    expect(
      parse({
        balance_terms: "documents",
        lc_number: "X".repeat(50),
        lc_expiry_date: "soon",
        lc_latest_shipment_date: "2030-01-01",
        lc_usance_days: "999",
      }),
    ).toMatchObject({ ok: true, value: { balance: "documents", lc: null } });
  });

  it("gives the inputs their types and limits", () => {
    expect(constraintsOf(paymentTermsForm.schema)).toMatchObject({
      advance_percent: { type: "number", min: 0, max: 100, step: 1 },
      advance_due_date: { type: "date" },
      lc_number: { maxLength: 35 },
      lc_expiry_date: { type: "date" },
      lc_usance_days: { type: "number", min: 1, max: 360, step: 1 },
    });
  });

  it("opens on stored terms as they were saved", () => {
    for (const terms of [documents, atSight, usance]) {
      const values = paymentTermsValues(terms);
      expect(parse(values as Record<string, string>)).toMatchObject({ ok: true, value: terms });
    }
  });

  it("titles its toast after the form", () => {
    const result = parseSubmission(form({ balance_terms: "lc-sight" }), paymentTermsForm.schema);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(paymentTermsForm.invalidToast(result.errors)).toMatchObject({
        title: "Payment Terms Not Saved",
        description: "Enter the letter of credit's number.",
      });
  });
});

describe("the payment schedule", () => {
  it("rounds the advance half up to the minor unit, and the balance makes up the total exactly", () => {
    // 33% of USD 1,000.01 = 330.0033 → 330.00; the balance 670.01.
    expect(paymentSchedule(100_001, { ...documents, advancePercent: 33 })).toEqual([
      { part: "advance", amountMinor: 33_000, dueDate: "2026-12-05" },
      { part: "balance", amountMinor: 67_001, dueDate: null },
    ]);
    // 50% of 0.01 is 0.005: half up, 0.01; 50% of 0.03 is 0.015 → 0.02, the balance 0.01.
    expect(paymentSchedule(1, { ...documents, advancePercent: 50 }).map((p) => p.amountMinor)).toEqual([1, 0]);
    expect(paymentSchedule(3, { ...documents, advancePercent: 50 }).map((p) => p.amountMinor)).toEqual([2, 1]);
    // 30% of 0.05 is 0.015 → 0.02 (0.0149… would be 0.01).
    expect(paymentSchedule(5, { ...documents, advancePercent: 30 })[0]!.amountMinor).toBe(2);
    expect(paymentSchedule(4, { ...documents, advancePercent: 37 })[0]!.amountMinor).toBe(1);
  });

  it("always sums to the total", () => {
    for (const total of [0, 1, 7, 99, 100_001, 123_456_789, 9_007_199_254_740])
      for (let percent = 0; percent <= 100; percent++) {
        const parts = paymentSchedule(total, { ...documents, advancePercent: percent });
        expect(parts.reduce((sum, p) => sum + p.amountMinor, 0)).toBe(total);
      }
  });

  it("has no advance part at 0 % and no balance part at 100 %", () => {
    expect(paymentSchedule(1_300_000, { ...documents, advancePercent: 0, advanceDueDate: null })).toEqual([
      { part: "balance", amountMinor: 1_300_000, dueDate: null },
    ]);
    expect(paymentSchedule(1_300_000, { ...documents, advancePercent: 100 })).toEqual([
      { part: "advance", amountMinor: 1_300_000, dueDate: "2026-12-05" },
    ]);
  });

  it("dates the balance against documents when the terms say, and never under a letter of credit", () => {
    const dated = { ...documents, balanceDueDate: "2027-01-31" };
    expect(paymentSchedule(1000, dated)[1]!.dueDate).toBe("2027-01-31");
    expect(paymentSchedule(1000, { ...dated, balance: "cad" })[1]!.dueDate).toBe("2027-01-31");
    expect(paymentSchedule(1000, { ...atSight, balanceDueDate: "2027-01-31" })[0]!.dueDate).toBeNull();
    expect(paymentSchedule(1000, { ...usance, balanceDueDate: "2027-01-31" })[0]!.dueDate).toBeNull();
  });

  it("refuses a total or percentage that is not whole", () => {
    expect(() => paymentSchedule(10.5, documents)).toThrow();
    expect(() => paymentSchedule(1000, { ...documents, advancePercent: 30.5 })).toThrow();
    expect(() => paymentSchedule(1000, { ...documents, advancePercent: 101 })).toThrow();
  });
});

describe("what is due", () => {
  // USD 13,000.00: an advance of 3,900.00 by 5 Dec 2026, the balance of 9,100.00 by 31 Jan 2027.
  const terms: PaymentTerms = { ...documents, balanceDueDate: "2027-01-31" };
  const total = 1_300_000;
  const pay = (part: Payment["part"], amountMinor: number): Payment => ({
    part,
    amountMinor,
    receivedOn: "2026-12-01",
  });

  it("is the whole schedule before anything is paid, the advance next", () => {
    expect(whatIsDue(total, terms, [], "2026-11-20")).toEqual({
      parts: [
        {
          part: "advance",
          amountMinor: 390_000,
          paidMinor: 0,
          outstandingMinor: 390_000,
          dueDate: "2026-12-05",
          overdue: false,
        },
        {
          part: "balance",
          amountMinor: 910_000,
          paidMinor: 0,
          outstandingMinor: 910_000,
          dueDate: "2027-01-31",
          overdue: false,
        },
      ],
      outstandingMinor: 1_300_000,
      overdueMinor: 0,
      overpaidMinor: 0,
      next: { part: "advance", amountMinor: 390_000, dueDate: "2026-12-05" },
    });
  });

  it("is not overdue on the due day, and is the day after", () => {
    expect(whatIsDue(total, terms, [], "2026-12-05")).toMatchObject({
      overdueMinor: 0,
      parts: [{ overdue: false }, {}],
    });
    expect(whatIsDue(total, terms, [], "2026-12-06")).toMatchObject({
      overdueMinor: 390_000,
      parts: [{ overdue: true }, { overdue: false }],
    });
    expect(whatIsDue(total, terms, [], "2027-02-01")).toMatchObject({
      overdueMinor: 1_300_000,
      parts: [{ overdue: true }, { overdue: true }],
    });
  });

  it("counts a part paid in part: what is left of it is next, and overdue after its day", () => {
    const due = whatIsDue(total, terms, [pay("advance", 100_000), pay("advance", 90_000)], "2026-12-10");
    expect(due.parts[0]).toMatchObject({ paidMinor: 190_000, outstandingMinor: 200_000, overdue: true });
    expect(due).toMatchObject({
      outstandingMinor: 1_110_000,
      overdueMinor: 200_000,
      next: { part: "advance", amountMinor: 200_000, dueDate: "2026-12-05" },
    });
  });

  it("is not overdue once a part is wholly paid, whatever the day; the balance is then next", () => {
    const due = whatIsDue(total, terms, [pay("advance", 390_000)], "2027-01-01");
    expect(due.parts[0]).toMatchObject({ outstandingMinor: 0, overdue: false });
    expect(due).toMatchObject({
      overdueMinor: 0,
      next: { part: "balance", amountMinor: 910_000, dueDate: "2027-01-31" },
    });
  });

  it("counts an advance overpaid towards the balance", () => {
    const due = whatIsDue(total, terms, [pay("advance", 500_000)], "2026-12-10");
    expect(due.parts).toMatchObject([
      { part: "advance", paidMinor: 390_000, outstandingMinor: 0 },
      { part: "balance", paidMinor: 110_000, outstandingMinor: 800_000 },
    ]);
    expect(due).toMatchObject({
      outstandingMinor: 800_000,
      overpaidMinor: 0,
      next: { part: "balance", amountMinor: 800_000 },
    });
  });

  it("counts the whole total recorded against the balance towards the advance still short", () => {
    const due = whatIsDue(total, terms, [pay("balance", 1_300_000)], "2026-12-10");
    expect(due).toMatchObject({ outstandingMinor: 0, overdueMinor: 0, overpaidMinor: 0, next: null });
    expect(due.parts.map((p) => p.paidMinor)).toEqual([390_000, 910_000]);
  });

  it("keeps what was paid beyond the total as overpaid", () => {
    expect(whatIsDue(total, terms, [pay("advance", 400_000), pay("balance", 910_000)], "2026-12-10")).toMatchObject({
      outstandingMinor: 0,
      overpaidMinor: 10_000,
      next: null,
    });
  });

  it("at 0 % counts an advance paid towards the balance, and at 100 % a balance paid towards the advance", () => {
    const noAdvance = { ...terms, advancePercent: 0, advanceDueDate: null };
    expect(whatIsDue(total, noAdvance, [pay("advance", 300_000)], "2026-12-10")).toMatchObject({
      parts: [{ part: "balance", paidMinor: 300_000, outstandingMinor: 1_000_000 }],
      outstandingMinor: 1_000_000,
    });
    const allAdvance = { ...terms, advancePercent: 100 };
    expect(whatIsDue(total, allAdvance, [pay("balance", 300_000)], "2026-12-10")).toMatchObject({
      parts: [{ part: "advance", paidMinor: 300_000, outstandingMinor: 1_000_000, overdue: true }],
      overdueMinor: 1_000_000,
    });
  });

  it("never calls a balance under a letter of credit overdue: it has no due date", () => {
    expect(whatIsDue(total, atSight, [], "2030-01-01")).toMatchObject({
      overdueMinor: 0,
      next: { part: "balance", amountMinor: 1_300_000, dueDate: null },
    });
  });
});

describe("the terms in words", () => {
  const words = (terms: PaymentTerms, currency = "USD", total = 1_300_000) =>
    plain(describePaymentTerms(terms, currency, total));

  it("says the advance with its amount and day, then how the balance is paid", () => {
    expect(words(documents)).toBe("30% advance (USD 3,900.00) by 5 Dec 2026; balance against documents");
    expect(words({ ...documents, balanceDueDate: "2027-01-31" })).toBe(
      "30% advance (USD 3,900.00) by 5 Dec 2026; balance against documents by 31 Jan 2027",
    );
    expect(words({ ...documents, balance: "cad" }, "KWD", 1_234_567)).toBe(
      "30% advance (KWD 370.370) by 5 Dec 2026; balance cash against documents (CAD)",
    );
    expect(words({ ...usance, advancePercent: 20, advanceDueDate: "2026-12-05" })).toBe(
      "20% advance (USD 2,600.00) by 5 Dec 2026; balance by letter of credit at 90 days' sight, no. LC123 (Emirates NBD), latest shipment 20 Jan 2027, expiry 10 Feb 2027",
    );
  });

  it("begins with the balance's words without an advance, and stops at the advance at 100 %", () => {
    expect(words(usance)).toBe(
      "Letter of credit at 90 days' sight, no. LC123 (Emirates NBD), latest shipment 20 Jan 2027, expiry 10 Feb 2027",
    );
    expect(words(atSight)).toBe(
      "Letter of credit at sight, no. LC123 (Emirates NBD), latest shipment 20 Jan 2027, expiry 10 Feb 2027",
    );
    expect(words({ ...usance, lc: { ...lc, usanceDays: 1 } })).toMatch(/^Letter of credit at 1 day's sight,/);
    expect(words({ ...documents, advancePercent: 0, advanceDueDate: null })).toBe("Payment against documents");
    expect(
      words({ ...documents, advancePercent: 0, advanceDueDate: null, balance: "cad", balanceDueDate: "2027-01-31" }),
    ).toBe("Cash against documents (CAD) by 31 Jan 2027");
    expect(words({ ...documents, advancePercent: 100 })).toBe("100% advance (USD 13,000.00) by 5 Dec 2026");
  });
});

describe("the letter of credit's warnings", () => {
  const today = "2027-01-01";
  /** Terms whose expiry and latest shipment fall `expiryIn` and `shipmentIn` days from today. */
  const lcIn = (expiryIn: number, shipmentIn = expiryIn): PaymentTerms => ({
    ...atSight,
    lc: {
      ...lc,
      usanceDays: null,
      expiryDate: addDays(today, expiryIn),
      latestShipmentDate: addDays(today, shipmentIn),
    },
  });
  const expiry = (days: number) => letterOfCreditWarnings(lcIn(days, 100), today, false);
  const shipment = (days: number) => letterOfCreditWarnings(lcIn(100, days), today, false);

  it("are none more than 14 days ahead", () => {
    expect(expiry(15)).toEqual([]);
    expect(shipment(15)).toEqual([]);
  });

  it("warn from 14 days ahead down to 4", () => {
    expect(expiry(14)).toEqual([
      {
        fact: "expiry",
        date: "2027-01-15",
        daysLeft: 14,
        level: "14-days",
        message: "The letter of credit LC123 expires in 14 days (15 Jan 2027).",
      },
    ]);
    expect(expiry(4)).toMatchObject([{ daysLeft: 4, level: "14-days" }]);
    expect(shipment(14)).toEqual([
      {
        fact: "latest-shipment",
        date: "2027-01-15",
        daysLeft: 14,
        level: "14-days",
        message: "Latest shipment date under LC LC123 is in 14 days (15 Jan 2027).",
      },
    ]);
    expect(shipment(4)).toMatchObject([{ daysLeft: 4, level: "14-days" }]);
  });

  it("warn urgently at 3 days and fewer, the day itself included", () => {
    expect(expiry(3)).toMatchObject([
      { level: "3-days", daysLeft: 3, message: "The letter of credit LC123 expires in 3 days (4 Jan 2027)." },
    ]);
    expect(expiry(1)).toMatchObject([
      { level: "3-days", message: "The letter of credit LC123 expires tomorrow (2 Jan 2027)." },
    ]);
    expect(expiry(0)).toMatchObject([
      { level: "3-days", daysLeft: 0, message: "The letter of credit LC123 expires today (1 Jan 2027)." },
    ]);
    expect(shipment(3)).toMatchObject([{ level: "3-days", daysLeft: 3 }]);
    expect(shipment(0)).toMatchObject([
      { level: "3-days", message: "Latest shipment date under LC LC123 is today (1 Jan 2027)." },
    ]);
  });

  it("say when the day has passed", () => {
    expect(expiry(-1)).toMatchObject([
      { level: "passed", daysLeft: -1, message: "The letter of credit LC123 expired yesterday (31 Dec 2026)." },
    ]);
    expect(expiry(-2)).toMatchObject([{ message: "The letter of credit LC123 expired 2 days ago (30 Dec 2026)." }]);
    expect(shipment(-1)).toMatchObject([{ level: "passed", daysLeft: -1 }]);
    expect(shipment(-2)).toMatchObject([
      { level: "passed", message: "Latest shipment date under LC LC123 passed 2 days ago (30 Dec 2026)." },
    ]);
  });

  it("leave the latest shipment date aside once shipped, the soonest first otherwise", () => {
    expect(letterOfCreditWarnings(lcIn(10, 2), today, false).map((w) => w.fact)).toEqual(["latest-shipment", "expiry"]);
    expect(letterOfCreditWarnings(lcIn(10, 2), today, true).map((w) => w.fact)).toEqual(["expiry"]);
    expect(letterOfCreditWarnings(lcIn(20, -5), today, true)).toEqual([]);
  });

  it("are none for terms without a letter of credit", () => {
    expect(letterOfCreditWarnings(documents, today, false)).toEqual([]);
    // An LC left on terms now against documents is not the order's any more.
    expect(letterOfCreditWarnings({ ...lcIn(0), balance: "documents" }, today, false)).toEqual([]);
  });
});
