import { lineQuantity, type QuoteLine } from "./quote-text";

/** A sample request as the team's notification words it (issue 28): the product, its kilograms and where it goes. */
interface SampleFacts {
  company: string | null;
  country: string | null;
  courier_address: string | null;
}

/** The plain-text block of the team's notification for a sample request: its line, the buyer's company, the address. */
export function sampleEmailBlock(
  inquiry: SampleFacts,
  lines: Array<Pick<QuoteLine, "product_name" | "quantity" | "unit">>,
) {
  const line = lines[0];
  const address = (inquiry.courier_address ?? "").split(/\r?\n/).map((part) => part.trim());
  return [
    "SAMPLE REQUEST",
    `Product: ${line?.product_name ?? "-"}`,
    `Quantity: ${line ? lineQuantity(line) : "-"}`,
    "",
    `Company: ${inquiry.company || "-"}`,
    `Country: ${inquiry.country || "-"}`,
    "Courier address:",
    ...(address.some(Boolean) ? address.filter(Boolean).map((part) => `  ${part}`) : ["  -"]),
  ];
}
