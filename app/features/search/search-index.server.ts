import { sql } from "kysely";
import { type Db, isPostgres } from "~/db/database.server";
import { type BackgroundTask, startBackgroundTask } from "~/lib/background-task.server";
import { deletions, forgivesTypo, indexTerms } from "./normalize";

// The search documents (ADR 0060). Triggers mark a product, category or post in `search_dirty` in the transaction
// that changes it, whatever made the change; `syncSearchIndex` writes their documents again before a search reads,
// so every instance finds what was committed, on both engines, and no write path can forget the index.

export type SearchedEntity = "product" | "category" | "blog_post";

/** Documents written per transaction: a large import is indexed in steps, never in one long transaction. */
const BATCH = 500;

interface Document {
  entity: SearchedEntity;
  entityId: string;
  nameTerms: string[];
  bodyTerms: string[];
}

/** Every string and number inside a JSON text (specifications, trade terms, tags), keys of objects included. */
function jsonText(json: string | null): string {
  if (!json) return "";
  const out: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === "string" || typeof value === "number") out.push(String(value));
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object")
      for (const [key, inner] of Object.entries(value)) {
        out.push(key);
        walk(inner);
      }
  };
  try {
    walk(JSON.parse(json));
  } catch {
    out.push(json);
  }
  return out.join(" ");
}

/** The translated fields of some things, every language: the name's apart (`title` for a post), slugs left out. */
async function translatedText(db: Db, entity: SearchedEntity, ids: string[], nameField: string) {
  const rows = await db
    .selectFrom("content_translations")
    .select(["entity_id", "field", "value"])
    .where("entity", "=", entity)
    .where("entity_id", "in", ids)
    .where("field", "!=", "slug")
    .execute();
  const byId = new Map<string, { name: string[]; body: string[] }>();
  for (const row of rows) {
    const texts = byId.get(row.entity_id) ?? { name: [], body: [] };
    (row.field === nameField ? texts.name : texts.body).push(row.value);
    byId.set(row.entity_id, texts);
  }
  return (id: string) => byId.get(id) ?? { name: [], body: [] };
}

const document = (entity: SearchedEntity, entityId: string, name: string[], body: string[]): Document => {
  const nameTerms = indexTerms(name.join(" "));
  const inName = new Set(nameTerms);
  return { entity, entityId, nameTerms, bodyTerms: indexTerms(body.join(" ")).filter((term) => !inName.has(term)) };
};

/** The documents of the things named that still exist (a deleted one has none). */
async function documentsOf(db: Db, entity: SearchedEntity, ids: string[]): Promise<Document[]> {
  if (entity === "product") {
    const [rows, translated] = await Promise.all([
      db
        .selectFrom("products")
        .select(["id", "name", "slug", "description", "specifications", "trade_terms", "export_info"])
        .where("id", "in", ids)
        .execute(),
      translatedText(db, entity, ids, "name"),
    ]);
    return rows.map((row) => {
      const t = translated(row.id);
      return document(
        entity,
        row.id,
        // The address's words too: the back office finds a product by its slug (`productsNamed`).
        [row.name, row.slug, ...t.name],
        [
          row.description ?? "",
          jsonText(row.specifications),
          jsonText(row.trade_terms),
          row.export_info ?? "",
          ...t.body,
        ],
      );
    });
  }
  if (entity === "category") {
    const [rows, translated] = await Promise.all([
      db.selectFrom("product_categories").select(["id", "name", "description"]).where("id", "in", ids).execute(),
      translatedText(db, entity, ids, "name"),
    ]);
    return rows.map((row) => {
      const t = translated(row.id);
      return document(entity, row.id, [row.name, ...t.name], [row.description ?? "", ...t.body]);
    });
  }
  const [rows, translated] = await Promise.all([
    db.selectFrom("blog_posts").select(["id", "title", "excerpt", "content", "tags"]).where("id", "in", ids).execute(),
    translatedText(db, entity, ids, "title"),
  ]);
  return rows.map((row) => {
    const t = translated(row.id);
    return document(
      entity,
      row.id,
      [row.title, ...t.name],
      [row.excerpt ?? "", row.content, jsonText(row.tags), ...t.body],
    );
  });
}

/** A word as a lexeme of a PostgreSQL tsvector or tsquery literal, quoted (no parser or dictionary touches it). */
export const lexeme = (term: string) => `'${term.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;

/** A PostgreSQL tsvector literal: the name's words weighted A, the rest D, each word once (no parser touches them). */
function tsvectorLiteral(doc: Document): string {
  const MAX_POSITION = 16383;
  return [
    ...doc.nameTerms.map((term, i) => `${lexeme(term)}:${Math.min(i + 1, MAX_POSITION)}A`),
    ...doc.bodyTerms.map((term, i) => `${lexeme(term)}:${Math.min(doc.nameTerms.length + i + 1, MAX_POSITION)}`),
  ].join(" ");
}

/** Rows in chunks a statement can take (SQLite's and PostgreSQL's limits on bound values). */
function* chunks<T>(items: T[], size: number) {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/** Adds the words not yet known, each with its deletions, for the typo search. */
async function addTerms(db: Db, terms: string[]) {
  const candidates = [...new Set(terms.filter(forgivesTypo))];
  for (const batch of chunks(candidates, 500)) {
    const added = await db
      .insertInto("search_terms")
      .values(batch.map((term) => ({ term })))
      .onConflict((oc) => oc.column("term").doNothing())
      .returning("term")
      .execute();
    const rows = added.flatMap(({ term }) => deletions(term).map((deletion) => ({ deletion, term })));
    for (const part of chunks(rows, 1000))
      await db
        .insertInto("search_term_deletions")
        .values(part)
        .onConflict((oc) => oc.columns(["deletion", "term"]).doNothing())
        .execute();
  }
}

/**
 * Writes the documents of whatever changed since they were last written, a batch per transaction, until none is
 * left, `keepGoing` says stop, or `maxBatches` were written. Each batch is claimed by deleting its marks (on
 * PostgreSQL under a lock, so two instances never index the same thing at once and a search waits for the batch
 * under way): a change committed meanwhile marks its row again. Says whether everything marked was written.
 */
export async function syncSearchIndex(
  db: Db,
  { maxBatches = Infinity, keepGoing = () => true }: { maxBatches?: number; keepGoing?: () => boolean } = {},
): Promise<boolean> {
  const postgres = isPostgres(db);
  for (let batches = 0; ; batches++) {
    const pending = await db.selectFrom("search_dirty").select("entity").limit(1).executeTakeFirst();
    if (!pending) return true;
    if (batches >= maxBatches || !keepGoing()) return false;
    await db.transaction().execute(async (trx) => {
      if (postgres) await sql`select pg_advisory_xact_lock(hashtext(current_schema() || '.search_index'))`.execute(trx);
      const claimed = (
        await sql<{ entity: SearchedEntity; entity_id: string }>`
          delete from search_dirty where (entity, entity_id) in (
            select entity, entity_id from search_dirty limit ${BATCH}
          ) returning entity, entity_id`.execute(trx)
      ).rows;
      if (!claimed.length) return;
      const byEntity = new Map<SearchedEntity, string[]>();
      for (const { entity, entity_id } of claimed) byEntity.set(entity, [...(byEntity.get(entity) ?? []), entity_id]);
      const docs: Document[] = [];
      for (const [entity, ids] of byEntity) {
        await trx.deleteFrom("search_documents").where("entity", "=", entity).where("entity_id", "in", ids).execute();
        docs.push(...(await documentsOf(trx, entity, ids)));
      }
      for (const batch of chunks(docs, 200))
        await trx
          .insertInto("search_documents")
          .values(
            batch.map((doc) => ({
              entity: doc.entity,
              entity_id: doc.entityId,
              // On PostgreSQL the vectors are what is read (a trigger moves `terms` to search_document_terms,
              // ADR 0068); the texts are FTS5's content on SQLite.
              name_terms: postgres ? "" : doc.nameTerms.join(" "),
              body_terms: postgres ? "" : doc.bodyTerms.join(" "),
              ...(postgres
                ? {
                    terms: sql`strip(${tsvectorLiteral(doc)}::tsvector)`,
                    name_vector: sql`${tsvectorLiteral({ ...doc, bodyTerms: [] })}::tsvector`,
                  }
                : {}),
            })) as never,
          )
          .execute();
      await addTerms(
        trx,
        docs.flatMap((doc) => [...doc.nameTerms, ...doc.bodyTerms]),
      );
    });
  }
}

/** Marks everything for indexing again (after the folding changes): the next search writes every document anew. */
export async function reindexEverything(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [entity, table] of [
      ["product", "products"],
      ["category", "product_categories"],
      ["blog_post", "blog_posts"],
    ] as const)
      // `where true`: after a bare select, SQLite would read `on conflict` as a join's `on`.
      await sql`insert into search_dirty (entity, entity_id) select ${entity}, id from ${sql.table(table)}
        where true on conflict do nothing`.execute(trx);
  });
}

/** How often each instance writes what changed into the search index, so a search rarely has anything to wait for. */
export const SEARCH_INDEX_TIMER_MS = 5_000;

/**
 * The process's search indexing (server/serve.ts): soon after start (a migration or a restore marks everything),
 * then every few seconds; after a big import, it writes the documents while searches keep answering.
 */
export function startSearchIndexTimer(db: Db): BackgroundTask {
  return startBackgroundTask("[search] index", (keepGoing) => syncSearchIndex(db, { keepGoing }), {
    intervalMs: SEARCH_INDEX_TIMER_MS,
    firstAfterMs: 1_000,
  });
}
