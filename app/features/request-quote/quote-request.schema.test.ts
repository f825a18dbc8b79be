import { describe, expect, it } from "vitest";
import { parseSubmission } from "~/lib/forms/submission";
import { quoteForm, quoteRequestOf, quoteSubject } from "./quote-request.schema";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
};

const BUYER = { company: "Gulf Fresh", full_name: "Ahmed", email: "a@example.ae", country: "UAE" };

describe("quote request schema", () => {
  it("reads the lines in their order, with the quantity as decimal text", () => {
    const parsed = parseSubmission(
      form({
        ...BUYER,
        product_id_0: "p1",
        quantity_0: "2.50",
        unit_0: "MT",
        grade_0: "",
        product_id_1: "p2",
        quantity_1: "1",
        unit_1: "40 ft container",
        packaging_1: "Carton",
      }),
      quoteForm.schema,
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(quoteRequestOf(parsed.value).lines).toEqual([
      { index: 0, productId: "p1", quantity: "2.5", unit: "MT", grade: null, packaging: null },
      { index: 1, productId: "p2", quantity: "1", unit: "40 ft container", grade: null, packaging: "Carton" },
    ]);
  });

  it("names the field of each problem at once, the products' included", () => {
    // As a browser sends it: every field, empty when not filled in.
    const empty = { company: "", full_name: "", email: "", phone: "", country: "", destination_port: "", message: "" };
    const parsed = parseSubmission(
      form({ ...empty, product_id_0: "p1", quantity_0: "0", unit_0: "barrels", delivery_month: "2001-01" }),
      quoteForm.schema,
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toMatchObject({
      company: ["Company is required."],
      country: ["Country is required."],
      quantity_0: ["Quantity must be more than 0."],
      unit_0: [expect.stringContaining("Choose a unit")],
      delivery_month: ["Target Delivery Month must not be in the past."],
    });
    expect(quoteForm.invalidToast(parsed.errors).title).toBe("Missing Fields");
  });

  it("asks for at least one product", () => {
    const parsed = parseSubmission(form(BUYER), quoteForm.schema);
    expect(!parsed.ok && parsed.errors[""]).toEqual(["Add at least one product to your quote list."]);
  });

  it("makes a subject of the products' names within 200 characters", () => {
    expect(quoteSubject(["Red Onion", "Garlic"])).toBe("Quote request: Red Onion, Garlic");
    const many = quoteSubject(Array.from({ length: 20 }, (_, i) => `Product number ${i} with a longish name`));
    expect(many.length).toBeLessThanOrEqual(200);
    expect(many).toMatch(/^Quote request: Product number 0 with a longish name, .* and 16 more$/);
    expect(quoteSubject(["x".repeat(300)]).length).toBeLessThanOrEqual(200);
  });
});
