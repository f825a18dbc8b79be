import { sql } from "kysely";
import { type Db, isPostgres } from "~/db/database.server";
import type { Storage } from "~/lib/storage/storage.server";
import type { Language } from "~/lib/i18n/languages";
import type { Wording } from "~/features/i18n/wording";
import { picturesWithAlt } from "~/features/images/images.server";
import { productCard } from "~/features/catalogue/products.server";
import { hiddenCategoryIds, hiddenPostIds, hiddenProductIds } from "~/features/publishing/visibility.server";
import { localizeCategories, localizeProductCards } from "~/features/translations/catalogue.server";
import { localizePostList } from "~/features/translations/blog.server";
import { parseTags } from "~/features/blog/tags";
import { deletions, forgivesTypo, type ParsedQuery, parseQuery, variantsOf, withinOneEdit, wordsOf } from "./normalize";
import type { SearchHit, SearchPage } from "./search-results";
import { MAX_QUERY_WORDS, MAX_RESULTS, RESULTS_PER_PAGE } from "./search-results";
import { lexeme, syncSearchIndex, type SearchedEntity } from "./search-index.server";
import { synonymGroups } from "./synonyms.server";

/** Batches of changed documents a search writes before it reads (500 each): see `searchSite`. */
const SYNC_BATCHES_PER_SEARCH = 4;

/** The most matches a search reads: one past the results it shows, to know there are more. */
const CANDIDATES = MAX_RESULTS + 1;
type Row = { entity: SearchedEntity; entity_id: string };

/** Words a misspelt word may stand for: enough for the typos of a real word, never a query of hundreds of terms. */
const MAX_TYPO_CANDIDATES = 8;

/**
 * The terms each query word matches, any one of them (ADR 0060): the word, its variants (stem, bare Arabic word),
 * the words of its synonym groups, and, where the word itself is indexed nowhere, the indexed words one typo away.
 * The last word, while it is being typed, also matches as a prefix.
 */
export async function queryTerms(db: Db, parsed: ParsedQuery): Promise<string[][]> {
  const groups = await synonymGroups(db);
  const terms = await Promise.all(
    parsed.words.map(async (word) => {
      const exact = new Set([word, ...variantsOf(word)]);
      for (const group of groups)
        if (group.some((member) => exact.has(member)))
          for (const member of group) for (const term of [member, ...variantsOf(member)]) exact.add(term);
      if (forgivesTypo(word)) for (const near of await wordsOneTypoAway(db, word, exact)) exact.add(near);
      return [...exact];
    }),
  );
  return terms;
}

/** Indexed words within one typo of `word`, none when one of `known` (the word and its variants) is indexed. */
async function wordsOneTypoAway(db: Db, word: string, known: Set<string>): Promise<string[]> {
  const indexed = await db
    .selectFrom("search_terms")
    .select("term")
    .where("term", "in", [...known])
    .limit(1)
    .execute();
  if (indexed.length) return [];
  const keys = deletions(word);
  const rows = await db
    .selectFrom("search_term_deletions")
    .select("term")
    .where("deletion", "in", [word, ...keys])
    .union(db.selectFrom("search_terms").select("term").where("term", "in", keys))
    .limit(100)
    .execute();
  return rows
    .map((row) => row.term)
    .filter((term) => withinOneEdit(word, term))
    .slice(0, MAX_TYPO_CANDIDATES);
}

/** A query's terms (`queryTerms`), and its last word when that is also a prefix. */
type QueryTerms = { terms: string[][]; lastIsPrefix: boolean; lastWord: string };

/**
 * Each word's alternatives as the engine writes a term and a prefix, any of them; every word. The last word, while
 * it is being typed, is a prefix too, and its terms that the prefix matches anyway ("onion", "onions" beside
 * "onion*") are left out: each is one more list of documents the engine would read and merge for nothing.
 */
function engineQuery(
  { terms, lastIsPrefix, lastWord }: QueryTerms,
  write: { term: (term: string) => string; prefix: (word: string) => string; or: string; and: string },
): string {
  return terms
    .map((alternatives, i) => {
      if (!lastIsPrefix || i < terms.length - 1) return `(${alternatives.map(write.term).join(write.or)})`;
      const rest = alternatives.filter((term) => !term.startsWith(lastWord));
      return `(${[...rest.map(write.term), write.prefix(lastWord)].join(write.or)})`;
    })
    .join(write.and);
}

/** FTS5's query. Terms are folded words: letters, digits and marks. */
const ftsQuery = (query: QueryTerms) =>
  engineQuery(query, { term: (term) => `"${term}"`, prefix: (word) => `"${word}"*`, or: " OR ", and: " AND " });

/** PostgreSQL's tsquery, as a literal (no parser touches the folded words). */
const tsQuery = (query: QueryTerms) =>
  engineQuery(query, { term: lexeme, prefix: (word) => `${lexeme(word)}:*`, or: " | ", and: " & " });

/**
 * The search documents of what the public does not see (drafts, archived posts, the products of draft categories),
 * by the one visibility rule turned round: usually a handful, found through the status indexes, so that a match is
 * kept or left out without a look at its product, category or post (a common word matches thousands).
 */
const hiddenDocuments = sql<{ id: number }>`
  select d.id from search_documents d where d.entity = 'product' and d.entity_id in (${hiddenProductIds})
  union all select d.id from search_documents d where d.entity = 'category' and d.entity_id in (${hiddenCategoryIds})
  union all select d.id from search_documents d where d.entity = 'blog_post' and d.entity_id in (${hiddenPostIds})`;

/**
 * The public things matching, best first: one page of them, how many there are up to `MAX_RESULTS`, and whether
 * there are more (ADR 0060, "A common word"). The candidates are the first `MAX_RESULTS` whose name matches, then, if
 * there are fewer, the first of those matching elsewhere only; each set is ranked by the engine (the second only
 * when the page reaches it) and the name's matches come first. So a word that a fifth of the catalogue holds costs
 * what a thousand matches cost, not what twenty thousand do: the full-text index is read in its own order and stops
 * at the cap, with nothing sorted or counted beyond it.
 */
async function matching(
  db: Db,
  terms: QueryTerms,
  page: number,
  hidden: number[],
): Promise<{ rows: Row[]; total: number; more: boolean }> {
  const offset = (page - 1) * RESULTS_PER_PAGE;
  const pageEnd = offset + RESULTS_PER_PAGE;
  if (isPostgres(db)) return matchingOnPostgres(db, tsQuery(terms), offset, hidden);
  type Candidate = { id: number; rank: number };
  const query = ftsQuery(terms);
  const named = `{name_terms} : (${query})`;
  // bm25 is negated: FTS5's best is its lowest.
  const read = async (match: string, limit: number, ranked = true) =>
    (
      await sql<Candidate>`select rowid as id, ${ranked ? sql`-bm25(search_fts, 5.0, 1.0)` : sql`0`} as rank
        from search_fts where search_fts match ${match} and rowid not in (${hiddenDocuments})
        limit ${limit}`.execute(db)
    ).rows;
  const inName = await read(named, CANDIDATES);
  // The matches elsewhere are ranked only when the page reaches them; otherwise they are only counted.
  const elsewhere =
    inName.length < CANDIDATES
      ? await read(`(${query}) NOT (${named})`, CANDIDATES - inName.length, pageEnd > inName.length)
      : [];
  const best = (a: Candidate, b: Candidate) => Number(b.rank) - Number(a.rank) || Number(a.id) - Number(b.id);
  const ranked = [...inName.sort(best), ...elsewhere.sort(best)];
  const ids = ranked.slice(offset, pageEnd).map((candidate) => Number(candidate.id));
  // FTS5 knows documents by id only: the page's are looked up.
  const documents = ids.length
    ? await db.selectFrom("search_documents").select(["id", "entity", "entity_id"]).where("id", "in", ids).execute()
    : [];
  const byId = new Map(
    documents.map((d) => [Number(d.id), { entity: d.entity as SearchedEntity, entity_id: d.entity_id }]),
  );
  const rows = ids.flatMap((id) => byId.get(id) ?? []);
  return { rows, total: Math.min(ranked.length, MAX_RESULTS), more: ranked.length > MAX_RESULTS };
}

/**
 * `matching` on PostgreSQL: each set of candidates is gathered, counted, ranked and cut to the page by the database
 * in one statement, so a common word sends twenty rows and a count, not a thousand. Ranked by the name's words (a
 * small vector kept in the row) rather than every word's, which are a table of their own (ADR 0068) that only the
 * matches elsewhere read; the hidden documents are a list read beforehand.
 */
async function matchingOnPostgres(db: Db, tsquery: string, offset: number, hidden: number[]) {
  const query = sql`${tsquery}::tsquery`;
  // `matches` is the candidates' from and where clauses, the documents as `d`. With `planWhole`, the matches are
  // planned as if all were read (a materialized CTE, which the limit still stops reading at the cap).
  const tier = async (
    matches: ReturnType<typeof sql>,
    { limit, skip, take, planWhole = false }: { limit: number; skip: number; take: number; planWhole?: boolean },
  ) => {
    const rank = take > 0 ? sql`ts_rank(d.name_vector, ${query})` : sql`0`;
    const visible = sql`${matches} and d.id <> all(${hidden}::bigint[])`;
    const candidates = planWhole
      ? sql`matches as materialized (select d.id, d.entity, d.entity_id, ${rank} as rank from ${visible}),
        candidates as (select * from matches limit ${limit})`
      : sql`candidates as (select d.id, d.entity, d.entity_id, ${rank} as rank from ${visible} limit ${limit})`;
    const result = await sql<Row & { n: string | null }>`with ${candidates}
      select null as entity, null as entity_id, (select count(*) from candidates) as n
      union all (select entity, entity_id, null from candidates order by rank desc, id limit ${take} offset ${skip})`.execute(
      db,
    );
    const [count, ...rows] = result.rows;
    return { rows: rows.map(({ entity, entity_id }) => ({ entity, entity_id })), count: Number(count?.n ?? 0) };
  };
  // The name's matches are planned whole: planned to the cap, PostgreSQL takes a word's translations and synonyms
  // (garlic | ثوم | রসুন) for independent matches, expects three times as many, and scans the table for them
  // where the index reads a fifth of it.
  const named = await tier(sql`search_documents d where d.name_vector @@ ${query}`, {
    limit: CANDIDATES,
    skip: offset,
    take: RESULTS_PER_PAGE,
    planWhole: true,
  });
  let count = named.count;
  let rows = named.rows;
  if (named.count < CANDIDATES) {
    // The matches elsewhere: counted, and ranked only for what of the page lies past the names'.
    const elsewhere = await tier(
      sql`search_document_terms t join search_documents d on d.id = t.document_id
        where t.terms @@ ${query} and not d.name_vector @@ ${query}`,
      {
        limit: CANDIDATES - named.count,
        skip: Math.max(0, offset - named.count),
        take: RESULTS_PER_PAGE - rows.length,
      },
    );
    count += elsewhere.count;
    rows = [...rows, ...elsewhere.rows];
  }
  return { rows, total: Math.min(count, MAX_RESULTS), more: count > MAX_RESULTS };
}

/**
 * The back office's product search: the ids of products, drafts included, whose name or address, in any language,
 * has a word starting with each word of `q` ("nash red" finds "Nashik Red Onion"). Read from the search index, so
 * it costs what the matches cost, not a scan of every name (issue 42).
 */
export async function productsNamed(db: Db, q: string) {
  const words = [...new Set(wordsOf(q))].slice(0, MAX_QUERY_WORDS);
  if (!words.length) return sql<string>`(select null where 1 = 0)`;
  await syncSearchIndex(db, { maxBatches: SYNC_BATCHES_PER_SEARCH });
  if (isPostgres(db)) {
    const query = words.map((word) => `${lexeme(word)}:*`).join(" & ");
    return sql<string>`(select d.entity_id from search_documents d
      where d.entity = 'product' and d.name_vector @@ ${query}::tsquery)`;
  }
  const query = `{name_terms} : (${words.map((word) => `"${word}"*`).join(" AND ")})`;
  // `cross join`: the full-text match drives, each match then found by id (SQLite would otherwise read the
  // documents by entity and run the match for each).
  return sql<string>`(select d.entity_id from search_fts cross join search_documents d on d.id = search_fts.rowid
    where search_fts match ${query} and d.entity = 'product')`;
}

/** The things found, in the page's language, as their cards show them, in the order found. */
async function hitsOf(
  db: Db,
  storage: Storage,
  lang: Language,
  wording: Wording,
  rows: { entity: SearchedEntity; entity_id: string }[],
) {
  const ids = (entity: SearchedEntity) => rows.filter((row) => row.entity === entity).map((row) => row.entity_id);
  const [productIds, categoryIds, postIds] = [ids("product"), ids("category"), ids("blog_post")];
  const [productRows, postRows] = await Promise.all([
    productIds.length
      ? db
          .selectFrom("products")
          .select(["id", "name", "slug", "description", "image_url", "trade_terms", "category_id"])
          .where("id", "in", productIds)
          .execute()
      : [],
    postIds.length
      ? db
          .selectFrom("blog_posts")
          .select(["id", "title", "slug", "excerpt", "featured_image_url", "tags", "published_at"])
          .where("id", "in", postIds)
          .execute()
      : [],
  ]);
  const wanted = [...new Set([...categoryIds, ...productRows.map((row) => row.category_id)])];
  const categoryRows = wanted.length
    ? await db
        .selectFrom("product_categories")
        .select(["id", "name", "slug", "description", "image_url"])
        .where("id", "in", wanted)
        .execute()
    : [];
  const [products, categories, posts] = await Promise.all([
    localizeProductCards(
      db,
      lang,
      productRows.map((row) => ({ ...productCard(row, wording), categoryId: row.category_id })),
    ),
    localizeCategories(db, lang, categoryRows),
    localizePostList(
      db,
      lang,
      postRows.map((row) => ({ ...row, tags: parseTags(row.tags) })),
    ),
  ]);
  const pictureOf = await picturesWithAlt(db, storage, lang, [
    ...products.map((p) => p.imageUrl),
    ...categories.map((c) => c.image_url),
    ...posts.map((p) => p.featured_image_url),
  ]);
  const categoryById = new Map(categories.map((c) => [c.id, c]));
  const hits = new Map<string, SearchHit>();
  for (const p of products)
    hits.set(`product:${p.id}`, {
      kind: "product",
      id: p.id,
      name: p.name,
      slug: p.slug,
      categorySlug: categoryById.get(p.categoryId)?.slug ?? "",
      summary: p.summary,
      minimumOrder: p.minimumOrder,
      image: pictureOf(p.imageUrl),
      inEnglish: [...p.inEnglish],
    });
  for (const id of categoryIds) {
    const c = categoryById.get(id);
    if (c)
      hits.set(`category:${id}`, {
        kind: "category",
        id,
        name: c.name,
        slug: c.slug,
        description: c.description,
        image: pictureOf(c.image_url),
        inEnglish: [...c.inEnglish],
      });
  }
  for (const p of posts)
    hits.set(`blog_post:${p.id}`, {
      kind: "post",
      id: p.id,
      title: p.title,
      slug: p.slug,
      excerpt: p.excerpt,
      image: pictureOf(p.featured_image_url),
      publishedAt: p.published_at,
      inEnglish: [...p.inEnglish],
    });
  return rows.flatMap((row) => hits.get(`${row.entity}:${row.entity_id}`) ?? []);
}

/**
 * The public site's search (issue 43): products, categories and published posts whose text in any language matches
 * every word of the query, best first, shown in the page's language. The index is brought up to date first.
 */
export async function searchSite(
  db: Db,
  storage: Storage,
  options: { query: string; lang: Language; page: number; wording: Wording },
): Promise<SearchPage> {
  const page = Math.max(1, Math.floor(options.page) || 1);
  const parsed = parseQuery(options.query);
  if (!parsed.words.length) return { query: parsed.text, hits: [], total: 0, more: false, page, pageCount: 0 };
  // What changed is indexed before the search reads, up to a few thousand documents: beyond that (an import of
  // thousands), the search answers at once from the index as it is, and the indexing timer writes the rest.
  // The query's terms are found while the index is brought up to date; the hidden documents are read after it (a
  // document written again has a new id). On SQLite they stay a subquery of the match, which costs nothing there.
  const [hidden, terms] = await Promise.all([
    syncSearchIndex(db, { maxBatches: SYNC_BATCHES_PER_SEARCH }).then(async () =>
      isPostgres(db)
        ? (await sql<{ id: number }>`${hiddenDocuments}`.execute(db)).rows.map((row) => Number(row.id))
        : [],
    ),
    queryTerms(db, parsed),
  ]);
  const lastWord = parsed.words.at(-1)!;
  const { rows, total, more } = await matching(
    db,
    { terms, lastIsPrefix: parsed.lastIsPrefix, lastWord },
    page,
    hidden,
  );
  return {
    query: parsed.text,
    hits: await hitsOf(db, storage, options.lang, options.wording, rows),
    total,
    more,
    page,
    pageCount: Math.ceil(total / RESULTS_PER_PAGE),
  };
}
