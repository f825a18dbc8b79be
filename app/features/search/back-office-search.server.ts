import type { Db } from "~/db/database.server";
import { containsText } from "~/db/text-search";
import { matchingInquiries } from "~/features/inquiries/inquiry-list.server";
import { isPublic } from "~/features/publishing/visibility";
import { productsNamed } from "./search.server";
import { MAX_QUERY_CHARS } from "./search-results";

// The back office's one search box (issue 43): what an administrator may be looking for, grouped by kind, a few of
// each with where to open it. Drafts, spam and disabled accounts included: this is the team's own view.

/** Results shown per kind; a kind with more says how many and links to its own list searched, where it has one. */
export const PER_KIND = 8;

export interface BackOfficeHit {
  label: string;
  detail: string | null;
  href: string;
}

export interface BackOfficeGroup {
  kind: "products" | "categories" | "posts" | "inquiries" | "quotes" | "accounts";
  title: string;
  hits: BackOfficeHit[];
  total: number;
  /** The kind's own list with this search, when it has one. */
  more: string | null;
}

/** Every inquiry, of every status, kind, assignee, country, product, language and buyer, that `q` matches. */
const anyInquiry = (q: string) => ({
  q,
  status: null,
  kind: null,
  assignee: null,
  country: null,
  product: null,
  lang: null,
  buyer: null,
});

const countOf = (rows: { n: string | number }[]) => Number(rows[0]?.n ?? 0);

/** Every kind's matches for `raw` (trimmed, at most 100 characters); no groups for an empty query. */
export async function searchBackOffice(db: Db, raw: string): Promise<{ query: string; groups: BackOfficeGroup[] }> {
  const q = [...raw.trim()].slice(0, MAX_QUERY_CHARS).join("");
  if (!q) return { query: "", groups: [] };
  const search = encodeURIComponent(q);
  const named = await productsNamed(db, q);
  const [products, productCount, categories, posts, inquiries, inquiryCount, quotes, accounts] = await Promise.all([
    db
      .selectFrom("products")
      .select(["id", "name", "status"])
      .where("id", "in", named)
      .orderBy("name")
      .limit(PER_KIND)
      .execute(),
    db
      .selectFrom("products")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where("id", "in", named)
      .execute(),
    db
      .selectFrom("product_categories")
      .select(["id", "name", "status"])
      .where((eb) => eb.or([containsText("name", q), containsText("slug", q)]))
      .orderBy("name")
      .limit(PER_KIND + 1)
      .execute(),
    db
      .selectFrom("blog_posts")
      .select(["id", "title", "status"])
      .where((eb) => eb.or([containsText("title", q), containsText("slug", q)]))
      .orderBy("created_at", "desc")
      .limit(PER_KIND + 1)
      .execute(),
    matchingInquiries(db, anyInquiry(q))
      .select(["inquiries.id", "inquiries.full_name", "inquiries.email", "inquiries.company", "inquiries.status"])
      .orderBy("inquiries.created_at", "desc")
      .limit(PER_KIND)
      .execute(),
    matchingInquiries(db, anyInquiry(q))
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .execute(),
    db
      .selectFrom("quotes")
      .select(["id", "number", "revision", "buyer_name", "status"])
      .where((eb) => eb.or([containsText("number", q), containsText("buyer_name", q), containsText("buyer_email", q)]))
      .orderBy("number", "desc")
      .orderBy("revision", "desc")
      .limit(PER_KIND + 1)
      .execute(),
    db
      .selectFrom("users")
      .innerJoin("profiles", "profiles.id", "users.id")
      .select(["users.id", "users.email", "profiles.full_name", "profiles.role"])
      .where((eb) => eb.or([containsText("profiles.full_name", q), containsText("users.email", q)]))
      .orderBy("users.email")
      .limit(PER_KIND + 1)
      .execute(),
  ]);
  // Kinds without a list search of their own: read one past PER_KIND, they show PER_KIND and say when there are more.
  const unlisted = <T>(
    kind: BackOfficeGroup["kind"],
    title: string,
    rows: T[],
    hit: (row: T) => BackOfficeHit,
  ): BackOfficeGroup => ({ kind, title, hits: rows.slice(0, PER_KIND).map(hit), total: rows.length, more: null });
  const groups: BackOfficeGroup[] = [
    {
      kind: "products",
      title: "Products",
      hits: products.map((p) => ({
        label: p.name,
        detail: isPublic(p) ? null : "Draft",
        href: `/admin/manage-products/edit/${p.id}`,
      })),
      total: countOf(productCount),
      more: `/admin/manage-products?q=${search}`,
    },
    unlisted("categories", "Categories", categories, (c) => ({
      label: c.name,
      detail: isPublic(c) ? null : "Draft",
      href: `/admin/manage-categories/edit/${c.id}`,
    })),
    unlisted("posts", "Blog posts", posts, (p) => ({
      label: p.title,
      // Not public: "Draft" or "Archived", as the post list says.
      detail: isPublic(p) ? null : p.status.charAt(0).toUpperCase() + p.status.slice(1),
      href: `/admin/manage-blog/edit/${p.id}`,
    })),
    {
      kind: "inquiries",
      title: "Inquiries",
      hits: inquiries.map((i) => ({
        label: i.full_name,
        detail: [i.company, i.email].filter(Boolean).join(" · ") || null,
        href: `/admin/inquiries/${i.id}`,
      })),
      total: countOf(inquiryCount),
      more: `/admin/inquiries?q=${search}`,
    },
    unlisted("quotes", "Quotes", quotes, (row) => ({
      label: `${row.number}${row.revision > 1 ? ` rev. ${row.revision}` : ""}`,
      detail: row.buyer_name,
      href: `/admin/quotes/${row.id}`,
    })),
    unlisted("accounts", "Accounts", accounts, (a) => ({
      label: a.full_name ?? a.email,
      detail: a.full_name ? a.email : null,
      href: `/admin/accounts/${a.id}`,
    })),
  ];
  return { query: q, groups };
}
