import { Search } from "lucide-react";
import { Form, Link, useSearchParams } from "react-router";
import { inputClass } from "~/components/forms";

/** `keep`: other filters of the list (by name) that a new search keeps. */
export function SearchBox({ placeholder, keep = [] }: { placeholder: string; keep?: string[] }) {
  const [params] = useSearchParams();
  return (
    <Form method="get" role="search" className="flex w-full max-w-md gap-2">
      {keep.map((name) =>
        params.get(name) ? <input key={name} type="hidden" name={name} value={params.get(name)!} /> : null,
      )}
      <label htmlFor="q" className="sr-only">
        Search
      </label>
      <input
        id="q"
        name="q"
        type="search"
        defaultValue={params.get("q") ?? ""}
        placeholder={placeholder}
        className={inputClass}
        maxLength={100}
      />
      <button
        type="submit"
        className="flex items-center gap-1 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium hover:bg-slate-50"
      >
        <Search className="size-4" aria-hidden /> Search
      </button>
    </Form>
  );
}

/** Previous / next links that keep the search; the page count comes from the total the loader counted. */
export function Pagination({ page, total, pageSize }: { page: number; total: number; pageSize: number }) {
  const [params] = useSearchParams();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const href = (p: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(p));
    return `?${next}`;
  };
  const link = "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50";
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm text-muted">
      <span>
        {total} {total === 1 ? "item" : "items"} · page {Math.min(page, pages)} of {pages}
      </span>
      <span className="flex gap-2">
        {page > 1 ? (
          <Link className={link} to={href(page - 1)}>
            Previous
          </Link>
        ) : null}
        {page < pages ? (
          <Link className={link} to={href(page + 1)}>
            Next
          </Link>
        ) : null}
      </span>
    </nav>
  );
}
