// Apart from the schema, so the page's script (which keeps the quote form's draft) names the fields without zod.

/** A product line's field in the quote form: `quantity_0`, `unit_0`… */
export const lineField = (name: "product_id" | "quantity" | "unit" | "grade" | "packaging", i: number) =>
  `${name}_${i}` as const;
