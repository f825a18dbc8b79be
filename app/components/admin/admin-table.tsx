import type { ReactNode } from "react";

/**
 * The back office's table: a header row of `columns` (`th` cells), and `empty` in one wide cell when there are no
 * rows. Wide tables scroll sideways on a phone; secondary columns hide themselves with `hidden sm:table-cell`.
 */
export function AdminTable({
  columns,
  count,
  empty,
  wide,
  children,
}: {
  columns: ReactNode;
  count: number;
  empty: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className={`w-full text-left text-sm ${wide ? "sm:min-w-[640px]" : ""}`}>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
          <tr>{columns}</tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {count === 0 ? (
            <tr>
              <td colSpan={99} className="px-4 py-10 text-center text-muted">
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
