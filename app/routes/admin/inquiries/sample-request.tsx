import { lineQuantity } from "~/features/inquiries/quote-text";

interface SampleRequestProps {
  inquiry: { company: string | null; country: string | null; courier_address: string | null };
  /** The request's one line: the product and its kilograms. */
  lines: Array<{ product_name: string; quantity: string; unit: string }>;
}

/**
 * A sample request on its inquiry page (issue 28): what to send and where, as the buyer typed it (shown as text).
 * The product is also the inquiry's own 'Product'; the buyer's company and country are asked for by the form.
 */
export function SampleRequest({ inquiry, lines }: SampleRequestProps) {
  const line = lines[0];
  const rows: Array<[string, string]> = [
    ["Company", inquiry.company || "—"],
    ["Country", inquiry.country || "—"],
    ["Sample", line ? `${line.product_name}, ${lineQuantity(line)}` : "—"],
  ];
  return (
    <section aria-labelledby="sample-request" className="mt-6" data-testid="sample-request">
      <h3 id="sample-request" className="text-sm font-medium text-slate-600">
        Sample request
      </h3>
      <dl className="mt-2 space-y-3 rounded-md bg-amber-50/60 p-4 ring-1 ring-amber-200">
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-1 sm:grid-cols-[9rem_1fr] sm:gap-4">
            <dt className="text-sm font-medium text-slate-600">{label}</dt>
            <dd className="min-w-0 break-words" data-testid={label === "Sample" ? "sample-line" : undefined}>
              {value}
            </dd>
          </div>
        ))}
        <div className="grid gap-1 sm:grid-cols-[9rem_1fr] sm:gap-4">
          <dt className="text-sm font-medium text-slate-600">Courier address</dt>
          <dd className="min-w-0 break-words whitespace-pre-wrap" data-testid="courier-address">
            {inquiry.courier_address || "—"}
          </dd>
        </div>
      </dl>
    </section>
  );
}
