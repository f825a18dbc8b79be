import { type Kysely, type Migration, sql } from "kysely";
import { isPostgres } from "~/db/database.server";

// Frozen once landed: change the schema with a new migration, never by editing this one.

/**
 * PostgreSQL's search documents keep only what ranking reads (issue 43, ADR 0068): every word a document holds, its
 * `terms` vector (about 1 KB of a 1.5 KB row), moves to a table of its own, so that a common word's thousand name
 * matches are read from a table a quarter the size, held in memory, instead of one larger than the server's buffers.
 * A trigger moves the words aside as any version writes them (so an instance still on the previous release, during
 * a rolling upgrade, writes documents the new one reads); the column stays, empty, for that release's reads.
 * SQLite's index (FTS5) is unchanged.
 */
export const searchWordsAside: Migration = {
  async up(db: Kysely<any>) {
    if (!isPostgres(db as never)) return;
    // Deferred: the trigger writes a document's words before the document's own row is inserted.
    await sql`create table search_document_terms (
        document_id bigint primary key
          references search_documents (id) on delete cascade deferrable initially deferred,
        terms tsvector not null
      )`.execute(db);
    await sql`create function search_document_terms_aside() returns trigger language plpgsql as $$
      begin
        if new.terms <> ''::tsvector then
          insert into search_document_terms (document_id, terms) values (new.id, new.terms)
            on conflict (document_id) do update set terms = excluded.terms;
          new.terms := ''::tsvector;
        end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger search_documents_terms_aside before insert or update of terms on search_documents
      for each row execute function search_document_terms_aside()`.execute(db);
    // The documents written so far, through the trigger; the index is built once, after.
    await sql`update search_documents set terms = terms where terms <> ''::tsvector`.execute(db);
    // The deferred checks of those rows run now: a table with checks pending takes no index.
    await sql`set constraints all immediate`.execute(db);
    await sql`create index search_document_terms_terms_idx on search_document_terms using gin (terms)`.execute(db);
  },
  async down(db: Kysely<any>) {
    if (!isPostgres(db as never)) return;
    await sql`drop trigger search_documents_terms_aside on search_documents`.execute(db);
    await sql`update search_documents d set terms = t.terms from search_document_terms t
      where t.document_id = d.id`.execute(db);
    await sql`drop table search_document_terms`.execute(db);
    await sql`drop function search_document_terms_aside()`.execute(db);
  },
};
