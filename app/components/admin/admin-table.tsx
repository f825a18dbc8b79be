import type { ReactNode } from "react";

/**
 * A list's row as a card on a phone (AdminTable's `cards`): the picture at the left over two lines, the name over its
 * status, the actions at the right, all on the screen (issue 41: the products' Edit and Delete were off it). A row
 * without a picture leaves that column empty; cells hidden on a phone (`hidden sm:table-cell`) take no place.
 */
export const CARD = {
  row: "max-sm:grid max-sm:grid-cols-[auto_minmax(0,1fr)_auto] max-sm:items-center max-sm:gap-y-1 max-sm:px-4 max-sm:py-3",
  picture: "max-sm:row-span-2 max-sm:mr-3 max-sm:p-0",
  name: "max-sm:col-start-2 max-sm:p-0",
  status: "max-sm:col-start-2 max-sm:p-0",
  actions: "max-sm:col-start-3 max-sm:row-span-2 max-sm:row-start-1 max-sm:ml-2 max-sm:p-0",
} as const;

/**
 * The back office's table: a header row of `columns` (`th` cells), and `empty` in one wide cell when there are no
 * rows. Secondary columns hide themselves on a phone with `hidden sm:table-cell`. With `cards` every row is a card on
 * a phone (its cells placed with CARD, or classes of the page's own), the header row read by screen readers only;
 * without, a table wider than the phone (Demand's numbers) scrolls sideways inside its box, never the page.
 */
export function AdminTable({
  columns,
  count,
  empty,
  wide,
  cards,
  children,
}: {
  columns: ReactNode;
  count: number;
  empty: string;
  wide?: boolean;
  cards?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className={`w-full text-left text-sm ${wide ? "sm:min-w-[640px]" : ""} ${cards ? "max-sm:block" : ""}`}>
        <thead
          className={`border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase ${cards ? "max-sm:sr-only" : ""}`}
        >
          <tr>{columns}</tr>
        </thead>
        <tbody className={`divide-y divide-slate-100 ${cards ? "max-sm:block" : ""}`}>
          {count === 0 ? (
            <tr className={cards ? "max-sm:block" : undefined}>
              <td colSpan={99} className={`px-4 py-10 text-center text-muted ${cards ? "max-sm:block" : ""}`}>
                {empty}
              </td>
            </tr>
          ) : (
            children
          )}
        </tbody>
      </table>
    </div>
  );
}
