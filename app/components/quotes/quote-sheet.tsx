import type { QuoteDocument } from "~/features/quotes/quote-document";

/**
 * A quote as the buyer reads it, in its language: the facts, the terms, the priced lines and the total. The same
 * words as its PDF and email (`quoteDocument`); the lines are a table on a wide screen and cards on a phone.
 */
export function QuoteSheet({ document }: { document: QuoteDocument }) {
  const { columns } = document;
  return (
    <div className="space-y-6">
      <dl className="grid gap-x-6 gap-y-2 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2">
        {[...document.facts, ...document.terms].map((row) => (
          <div key={row.label} className="min-w-0">
            <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{row.label}</dt>
            <dd className="break-words text-slate-900">{row.value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="quote-products">
        <h2 id="quote-products" className="mb-2 text-lg font-semibold text-brand-900">
          {document.headings.products}
        </h2>
        <table className="w-full border-collapse text-sm" data-testid="quote-lines">
          <thead className="hidden bg-brand-700 text-white sm:table-header-group">
            <tr>
              <th scope="col" className="px-3 py-2 text-start">
                {columns.product}
              </th>
              <th scope="col" className="px-3 py-2 text-end">
                {columns.quantity}
              </th>
              <th scope="col" className="px-3 py-2 text-end">
                {columns.unitPrice}
              </th>
              <th scope="col" className="px-3 py-2 text-end">
                {columns.amount}
              </th>
            </tr>
          </thead>
          <tbody>
            {document.lines.map((line, i) => (
              <tr
                key={i}
                className="grid grid-cols-2 gap-1 border-b border-slate-200 px-1 py-3 sm:table-row sm:px-0 sm:py-0 sm:even:bg-brand-50"
              >
                <td className="col-span-2 sm:px-3 sm:py-2">
                  <span className="font-semibold">{line.product}</span>
                  {line.details ? <span className="block text-xs text-slate-600">{line.details}</span> : null}
                </td>
                <td className="sm:px-3 sm:py-2 sm:text-end">
                  <span className="text-xs text-slate-600 sm:hidden">{columns.quantity}: </span>
                  {line.quantity}
                </td>
                <td className="text-end sm:px-3 sm:py-2">
                  <span className="text-xs text-slate-600 sm:hidden">{columns.unitPrice}: </span>
                  {line.unitPrice}
                </td>
                <td className="col-span-2 text-end font-semibold sm:px-3 sm:py-2">
                  <span className="text-xs font-normal text-slate-600 sm:hidden">{columns.amount}: </span>
                  {line.amount}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="bg-accent-50 grid grid-cols-2 sm:table-row">
              <th scope="row" colSpan={3} className="px-3 py-3 text-start font-semibold text-brand-900">
                {`${columns.total} (${document.termsText})`}
              </th>
              <td className="px-3 py-3 text-end text-base font-bold text-brand-900" data-testid="quote-total">
                {document.total}
              </td>
            </tr>
          </tfoot>
        </table>
      </section>
      <p className="font-medium text-slate-800">{document.validity}</p>
      {document.notes ? (
        <section aria-labelledby="quote-notes">
          <h2 id="quote-notes" className="mb-1 text-lg font-semibold text-brand-900">
            {document.headings.notes}
          </h2>
          <p dir="auto" className="break-words whitespace-pre-line text-slate-800">
            {document.notes}
          </p>
        </section>
      ) : null}
    </div>
  );
}
