import { type Kysely, type Migration, sql } from "kysely";
import { isPostgres } from "~/db/database.server";

// Frozen once landed: change the schema with a new migration, never by editing this one.

/** What is searched (issue 43, ADR 0060), under the names content_translations gives them. */
const SEARCHED = [
  {
    entity: "product",
    table: "products",
    columns: ["name", "slug", "description", "specifications", "trade_terms", "export_info"],
  },
  { entity: "category", table: "product_categories", columns: ["name", "description"] },
  { entity: "blog_post", table: "blog_posts", columns: ["title", "excerpt", "content", "tags"] },
] as const;

/** The trade's own words for what the exporter sells, in the languages its buyers write (an administrator edits them). */
const SEEDED_SYNONYMS = [
  "onion, onions, pyaz, pyaaz, piyaz, kanda, بصل, পেঁয়াজ, পিঁয়াজ",
  "garlic, lahsun, lehsun, lasun, ثوم, রসুন",
  "potato, potatoes, aloo, alu, batata, بطاطس, بطاطا, আলু",
  "ginger, adrak, زنجبيل, আদা",
  "chilli, chili, chillies, mirch, فلفل, মরিচ, লঙ্কা",
  "rice, chawal, أرز, رز, চাল",
];

export const siteSearch: Migration = {
  async up(db: Kysely<any>) {
    const postgres = isPostgres(db as never);
    // One document per product, category and post: every language's text folded into its words (the search's own
    // normalisation), the name apart from the rest so that it ranks first. Derived from the content: never backed up.
    await db.schema
      .createTable("search_documents")
      .addColumn("id", postgres ? "bigserial" : "integer", (col) => col.primaryKey())
      .addColumn("entity", "text", (col) => col.notNull())
      .addColumn("entity_id", "text", (col) => col.notNull())
      .addColumn("name_terms", "text", (col) => col.notNull())
      .addColumn("body_terms", "text", (col) => col.notNull())
      .addUniqueConstraint("search_documents_entity_key", ["entity", "entity_id"])
      .execute();
    if (postgres) {
      // The words as lexemes, taken as they are (no parser, no dictionary: the folding is ours), without positions:
      // only matched, so the row stays small enough that a common word's thousands of matches are read from memory.
      await sql`alter table search_documents add column terms tsvector not null default ''::tsvector`.execute(db);
      // The name's words alone, with their positions: what a search ranks by and the back office searches (indexed).
      await sql`alter table search_documents add column name_vector tsvector not null default ''::tsvector`.execute(db);
      await sql`create index search_documents_name_vector_idx on search_documents using gin (name_vector)`.execute(db);
      await sql`create index search_documents_terms_idx on search_documents using gin (terms)`.execute(db);
    } else {
      // The words are folded already: the tokenizer only splits at spaces, keeping the marks of Bengali and Arabic
      // words (unicode61 splits at them by default), and keeps prefix indexes for a word being typed.
      await sql`create virtual table search_fts using fts5(
        name_terms, body_terms,
        content='search_documents', content_rowid='id',
        tokenize="unicode61 remove_diacritics 0 categories 'L* N* Co M*'",
        prefix='2 3 4'
      )`.execute(db);
      await sql`create trigger search_documents_ai after insert on search_documents begin
        insert into search_fts(rowid, name_terms, body_terms) values (new.id, new.name_terms, new.body_terms);
      end`.execute(db);
      await sql`create trigger search_documents_ad after delete on search_documents begin
        insert into search_fts(search_fts, rowid, name_terms, body_terms)
          values ('delete', old.id, old.name_terms, old.body_terms);
      end`.execute(db);
      await sql`create trigger search_documents_au after update on search_documents begin
        insert into search_fts(search_fts, rowid, name_terms, body_terms)
          values ('delete', old.id, old.name_terms, old.body_terms);
        insert into search_fts(rowid, name_terms, body_terms) values (new.id, new.name_terms, new.body_terms);
      end`.execute(db);
    }

    // What changed since the documents were last written: marked by triggers in the very transaction of the change,
    // whichever code made it (a form, an import, a restore, a migration), and indexed before the next search reads.
    await db.schema
      .createTable("search_dirty")
      .addColumn("entity", "text", (col) => col.notNull())
      .addColumn("entity_id", "text", (col) => col.notNull())
      .addPrimaryKeyConstraint("search_dirty_pkey", ["entity", "entity_id"])
      .execute();

    // Every word indexed, and each with one letter left out: a word typed with one typo finds its neighbours.
    await db.schema
      .createTable("search_terms")
      .addColumn("term", "text", (col) => col.primaryKey())
      .execute();
    await db.schema
      .createTable("search_term_deletions")
      .addColumn("deletion", "text", (col) => col.notNull())
      .addColumn("term", "text", (col) => col.notNull())
      .addPrimaryKeyConstraint("search_term_deletions_pkey", ["deletion", "term"])
      .execute();

    // Words that mean the same to a buyer, a group a row, kept by the administrators (content: backed up).
    await db.schema
      .createTable("search_synonyms")
      .addColumn("id", "text", (col) => col.primaryKey())
      .addColumn("words", "text", (col) => col.notNull())
      .addColumn("created_at", "text", (col) => col.notNull())
      .addColumn("updated_at", "text", (col) => col.notNull())
      .execute();
    const now = new Date().toISOString();
    await db
      .insertInto("search_synonyms")
      .values(SEEDED_SYNONYMS.map((words, i) => ({ id: `seed-${i + 1}`, words, created_at: now, updated_at: now })))
      .execute();

    if (postgres) {
      await sql`create function search_mark_dirty() returns trigger language plpgsql as $$
        begin
          insert into search_dirty (entity, entity_id)
            values (tg_argv[0], case when tg_op = 'DELETE' then old.id else new.id end)
            on conflict do nothing;
          return null;
        end $$`.execute(db);
      await sql`create function search_mark_translated_dirty() returns trigger language plpgsql as $$
        declare row content_translations%rowtype;
        begin
          if tg_op = 'DELETE' then row := old; else row := new; end if;
          if row.entity in ('product', 'category', 'blog_post') then
            insert into search_dirty (entity, entity_id) values (row.entity, row.entity_id) on conflict do nothing;
          end if;
          if tg_op = 'UPDATE' and (old.entity, old.entity_id) is distinct from (new.entity, new.entity_id)
            and old.entity in ('product', 'category', 'blog_post') then
            insert into search_dirty (entity, entity_id) values (old.entity, old.entity_id) on conflict do nothing;
          end if;
          return null;
        end $$`.execute(db);
      for (const { entity, table, columns } of SEARCHED) {
        const fn = sql.raw(`search_mark_dirty('${entity}')`);
        const name = (op: string) => sql.raw(`${table}_search_${op}`);
        await sql`create trigger ${name("ins")} after insert or delete on ${sql.table(table)}
          for each row execute function ${fn}`.execute(db);
        await sql`create trigger ${name("upd")} after update of ${sql.join(columns.map((c) => sql.ref(c)))}
          on ${sql.table(table)} for each row execute function ${fn}`.execute(db);
      }
      await sql`create trigger content_translations_search after insert or update or delete on content_translations
        for each row execute function search_mark_translated_dirty()`.execute(db);
    } else {
      // A mark is added where none is, never by `insert or ignore`: inside a trigger, the statement that fired it
      // imposes its own conflict rule (an upsert's), and the mark already there would abort the save.
      const markOnce = (entity: string, id: string) =>
        sql.raw(`insert into search_dirty (entity, entity_id) select ${entity}, ${id}
          where not exists (select 1 from search_dirty where entity = ${entity} and entity_id = ${id});`);
      for (const { entity, table, columns } of SEARCHED) {
        const mark = (row: "new" | "old") => markOnce(`'${entity}'`, `${row}.id`);
        const name = (op: string) => sql.raw(`${table}_search_${op}`);
        await sql`create trigger ${name("ai")} after insert on ${sql.table(table)} begin ${mark("new")} end`.execute(
          db,
        );
        await sql`create trigger ${name("ad")} after delete on ${sql.table(table)} begin ${mark("old")} end`.execute(
          db,
        );
        await sql`create trigger ${name("au")} after update of ${sql.join(columns.map((c) => sql.ref(c)))}
          on ${sql.table(table)} begin ${mark("new")} end`.execute(db);
      }
      const searched = sql.raw(`('product', 'category', 'blog_post')`);
      for (const [op, row] of [
        ["insert", "new"],
        ["update", "new"],
        ["delete", "old"],
        ["update", "old"],
      ] as const) {
        await sql`create trigger ${sql.raw(`content_translations_search_${op}_${row}`)} after ${sql.raw(op)}
          on content_translations when ${sql.raw(row)}.entity in ${searched} begin
          ${markOnce(`${row}.entity`, `${row}.entity_id`)}
        end`.execute(db);
      }
    }

    // Everything there is, indexed on first use.
    for (const { entity, table } of SEARCHED)
      await sql`insert into search_dirty (entity, entity_id) select ${entity}, id from ${sql.table(table)}`.execute(db);
  },

  async down(db: Kysely<any>) {
    const postgres = isPostgres(db as never);
    if (postgres) {
      for (const { table } of SEARCHED) {
        await sql`drop trigger if exists ${sql.raw(`${table}_search_ins`)} on ${sql.table(table)}`.execute(db);
        await sql`drop trigger if exists ${sql.raw(`${table}_search_upd`)} on ${sql.table(table)}`.execute(db);
      }
      await sql`drop trigger if exists content_translations_search on content_translations`.execute(db);
      await sql`drop function if exists search_mark_dirty()`.execute(db);
      await sql`drop function if exists search_mark_translated_dirty()`.execute(db);
    } else {
      for (const { table } of SEARCHED)
        for (const op of ["ai", "ad", "au"])
          await sql`drop trigger if exists ${sql.raw(`${table}_search_${op}`)}`.execute(db);
      for (const name of ["insert_new", "update_new", "delete_old", "update_old"])
        await sql`drop trigger if exists ${sql.raw(`content_translations_search_${name}`)}`.execute(db);
      await sql`drop table if exists search_fts`.execute(db);
    }
    for (const table of [
      "search_synonyms",
      "search_term_deletions",
      "search_terms",
      "search_dirty",
      "search_documents",
    ])
      await db.schema.dropTable(table).execute();
  },
};
