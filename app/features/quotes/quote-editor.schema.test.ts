import { describe, expect, it } from "vitest";
import { lineTotalMinor, parsePriceMinor } from "~/lib/money";
import {
  amountsOf as amountsTyped,
  BLANK_LINE,
  rowsAsValues,
  rowsEdited,
  rowsOf,
  type TypedLine,
} from "./quote-editor.schema";

const line = (quantity: string, price: string, name = "Nashik Red Onion"): TypedLine => ({
  ...BLANK_LINE,
  name,
  unit: "MT",
  quantity,
  price,
});

/** Intl writes a no-break space between the code and the amount. */
const amountsOf = (rows: TypedLine[], currency: string) => {
  const { amounts, total } = amountsTyped(rows, currency);
  const plain = (text: string) => text.replace(/\u00a0/g, " ");
  return { amounts: amounts.map((amount) => amount && plain(amount)), total: plain(total) };
};

describe("the quote editor's amounts as typed", () => {
  it("works each amount and the total out exactly, in minor units, as the server stores them", () => {
    const rows = [line("33.333", "1,250.50"), line("2.5", "0.01"), line("25", "320.5")];
    const { amounts, total } = amountsOf(rows, "USD");
    // 33.333 × 1,250.50 = 41,682.92 (41,682.91665 rounded half away from zero); 2.5 × 0.01 = 0.03 (0.025 up).
    expect(amounts).toEqual(["USD 41,682.92", "USD 0.03", "USD 8,012.50"]);
    const stored = rows.reduce(
      (sum, row) => sum + lineTotalMinor(row.quantity.replace(/,/g, ""), parsePriceMinor(row.price, "USD")!),
      0,
    );
    expect(stored).toBe(4_969_545);
    expect(total).toBe("USD 49,695.45");
  });

  it("leaves a row without a valid quantity or price out, and follows the currency's digits", () => {
    const rows = [line("", "10"), line("0", "10"), line("5", "12,5x"), line("5", ""), line("1,200", "1.5")];
    expect(amountsOf(rows, "USD")).toEqual({
      amounts: [null, null, null, null, "USD 1,800.00"],
      total: "USD 1,800.00",
    });
    // Kuwaiti dinars have three digits after the point; rupiah none.
    expect(amountsOf([line("2", "1.125")], "KWD").total).toBe("KWD 2.250");
    expect(amountsOf([line("2", "1.5")], "IDR")).toEqual({ amounts: [null], total: "IDR 0" });
  });
});

describe("the editor's rows", () => {
  it("reads the form's columns into rows, blank rows included, and back", () => {
    const rows = [line("25", "320"), BLANK_LINE];
    expect(rowsOf(rowsAsValues(rows))).toEqual(rows);
    // One line arrives as single values, not lists.
    expect(rowsOf({ line_name: "Garlic", line_quantity: "5", line_unit: "MT" })).toEqual([
      { ...BLANK_LINE, name: "Garlic", quantity: "5", unit: "MT" },
    ]);
  });

  it("adds a blank row and removes one by its place (never the last row), and ignores other intents", () => {
    const rows = [line("1", "1", "A"), line("2", "2", "B")];
    expect(rowsEdited("add-line", rows)).toEqual([...rows, BLANK_LINE]);
    expect(rowsEdited("remove-line:0", rows)).toEqual([rows[1]]);
    expect(rowsEdited("remove-line:0", [rows[0]])).toEqual([BLANK_LINE]);
    expect(rowsEdited("remove-line:9", rows)).toEqual(rows);
    expect(rowsEdited("remove-line:x", rows)).toBeNull();
    expect(rowsEdited("save", rows)).toBeNull();
  });
});
