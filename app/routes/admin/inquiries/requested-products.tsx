import { Link } from "react-router";
import type { InquiryDetailData } from "~/features/inquiries/inquiry-detail.server";
import { lineQuantity } from "~/features/inquiries/quote-text";

/** The products a quote request asks for; a product that still exists links to its edit page. */
export function RequestedProducts({ lines }: { lines: InquiryDetailData["lines"] }) {
  return (
    <>
      <h3 className="mt-6 text-sm font-medium text-slate-600">Products requested</h3>
      {lines.length ? (
        <div className="mt-2 overflow-x-auto rounded-md ring-1 ring-slate-200">
          <table className="w-full text-left text-sm" data-testid="quote-lines">
            <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
              <tr>
                <th className="px-3 py-2">Product</th>
                <th className="px-3 py-2">Quantity</th>
                <th className="hidden px-3 py-2 sm:table-cell">Grade</th>
                <th className="hidden px-3 py-2 sm:table-cell">Packaging</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {lines.map((line) => (
                <tr key={line.id}>
                  <td className="px-3 py-2 font-medium">
                    {line.product_id ? (
                      <Link
                        to={`/admin/manage-products/edit/${line.product_id}`}
                        className="text-brand-700 hover:underline"
                      >
                        {line.product_name}
                      </Link>
                    ) : (
                      line.product_name
                    )}
                    {/* On a phone grade and packaging stand under the product. */}
                    {line.grade || line.packaging ? (
                      <span className="block text-xs font-normal text-muted sm:hidden">
                        {[line.grade, line.packaging].filter(Boolean).join(" · ")}
                      </span>
                    ) : null}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">{lineQuantity(line)}</td>
                  <td className="hidden px-3 py-2 sm:table-cell">{line.grade || "—"}</td>
                  <td className="hidden px-3 py-2 sm:table-cell">{line.packaging || "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="mt-1 text-sm text-muted">No products listed.</p>
      )}
    </>
  );
}
