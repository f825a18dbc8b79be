import { Search } from "lucide-react";
import { Form, Link } from "react-router";
import { AdminPageHeader } from "~/components/admin/page-header";
import { searchBackOffice } from "~/features/search/back-office-search.server";
import { MAX_QUERY_CHARS } from "~/features/search/search-results";
import { getServices } from "~/services.server";
import type { Route } from "./+types/search";

// The back office's one search box (issue 43): products, categories, posts, inquiries, quotes and accounts at once.
export const meta = () => [{ title: "Search" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  return searchBackOffice(db, new URL(request.url).searchParams.get("q") ?? "");
}

export default function BackOfficeSearch({ loaderData }: Route.ComponentProps) {
  const { query, groups } = loaderData;
  const found = groups.filter((group) => group.total > 0);
  return (
    <div>
      <AdminPageHeader title="Search" back={{ to: "/admin/dashboard", label: "Back to Dashboard" }} />
      <Form method="get" role="search" className="mb-6 flex max-w-xl gap-2">
        <label htmlFor="admin-search-page" className="sr-only">
          Search products, categories, posts, inquiries, quotes and accounts
        </label>
        <input
          id="admin-search-page"
          type="search"
          name="q"
          defaultValue={query}
          maxLength={MAX_QUERY_CHARS}
          placeholder="Name, email, company, reference, quote number…"
          className="min-h-11 flex-1 rounded-md border border-slate-300 px-3"
        />
        <button
          type="submit"
          className="inline-flex min-h-11 items-center gap-1 rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
        >
          <Search className="size-4" aria-hidden /> Search
        </button>
      </Form>
      {!query ? (
        <p className="text-muted">Type a name, an email, a company, an inquiry reference or a quote number.</p>
      ) : found.length === 0 ? (
        <p className="text-muted" data-testid="admin-search-empty">
          Nothing matches &ldquo;{query}&rdquo;.
        </p>
      ) : (
        <div className="grid gap-6 md:grid-cols-2">
          {found.map((group) => (
            <section
              key={group.kind}
              aria-labelledby={`found-${group.kind}`}
              className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
              data-testid={`admin-search-${group.kind}`}
            >
              <h2 id={`found-${group.kind}`} className="text-lg font-semibold text-brand-900">
                {group.title} <span className="text-sm font-normal text-muted">({group.total})</span>
              </h2>
              <ul className="mt-3 divide-y divide-slate-100">
                {group.hits.map((hit) => (
                  <li key={hit.href} className="py-2">
                    <Link to={hit.href} className="font-medium text-brand-800 hover:underline">
                      {hit.label}
                    </Link>
                    {hit.detail ? <span className="ms-2 text-sm text-muted">{hit.detail}</span> : null}
                  </li>
                ))}
              </ul>
              {group.more && group.total > group.hits.length ? (
                <Link
                  to={group.more}
                  className="mt-2 inline-block text-sm font-semibold text-brand-700 hover:underline"
                >
                  All {group.total} {group.title.toLowerCase()}
                </Link>
              ) : group.total > group.hits.length ? (
                <p className="mt-2 text-sm text-muted">More match: add a word to narrow it down.</p>
              ) : null}
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
