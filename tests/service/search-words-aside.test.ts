import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { Db } from "~/db/database.server";
import { migrateToLatest } from "~/db/migrate.server";
import { wordingOf } from "~/features/i18n/catalogues.server";
import { syncSearchIndex } from "~/features/search/search-index.server";
import { searchSite } from "~/features/search/search.server";
import { createLocalStorage } from "~/lib/storage/local-storage.server";
import { createTestDatabase, insertCategory, insertProduct, testMigrator, usingPostgres } from "../support/test-db";

// Migration 0033 (ADR 0068): PostgreSQL keeps every word of a search document in `search_document_terms`, so the
// documents a common word's matches are read from stay small. What the previous release indexed, and what an
// instance still on it writes during a rolling upgrade, must be found by a word of its description all the same.
const storage = createLocalStorage(fs.mkdtempSync(path.join(os.tmpdir(), "agro-search-aside-")));
const found = async (db: Db, query: string) =>
  (await searchSite(db, storage, { query, lang: "en", page: 1, wording: wordingOf("en") })).hits.map((hit) =>
    hit.kind === "post" ? hit.title : hit.name,
  );
const wordsAside = (db: Db) =>
  sql<{ documents: string; blank: string; aside: string }>`select
      (select count(*) from search_documents) as documents,
      (select count(*) from search_documents where terms = ''::tsvector) as blank,
      (select count(*) from search_document_terms) as aside`
    .execute(db)
    .then(({ rows: [row] }) => [row!.documents, row!.blank, row!.aside].map(Number));

describe.runIf(usingPostgres)("migration 0033_search_words_aside on PostgreSQL", () => {
  it("moves the words of the documents already written, and of those the previous release writes after it", async () => {
    const m = await createTestDatabase({ migrate: false });
    try {
      const migrator = await testMigrator(m.db);
      expect((await migrator.migrateTo("0032_buyer_accounts_and_lots")).error).toBeUndefined();
      const category = await insertCategory(m.db, { name: "Fresh Onions", slug: "fresh-onions" });
      await insertProduct(m.db, {
        category_id: category,
        name: "Nashik Red Onion",
        description: "Kharif harvest, cured in the field.",
      });
      await syncSearchIndex(m.db);

      await migrateToLatest(m.db);
      // Every document's words are aside, none left in the documents, and a word of the description still finds it.
      expect(await wordsAside(m.db)).toEqual([2, 2, 2]);
      expect(await found(m.db, "kharif")).toEqual(["Nashik Red Onion"]);

      // An instance on the previous release writes a document the way it did (the words in the document's row).
      const product = await insertProduct(m.db, {
        category_id: category,
        name: "Bellary Onion",
        description: "Rabi harvest.",
      });
      await m.db.deleteFrom("search_dirty").execute();
      await sql`insert into search_documents (entity, entity_id, name_terms, body_terms, terms, name_vector)
        values ('product', ${product}, '', '', 'bellary onion rabi harvest'::tsvector,
          'bellary:1A onion:2A'::tsvector)`.execute(m.db);
      expect(await wordsAside(m.db)).toEqual([3, 3, 3]);
      expect(await found(m.db, "rabi")).toEqual(["Bellary Onion"]);
      expect((await found(m.db, "harvest")).sort()).toEqual(["Bellary Onion", "Nashik Red Onion"]);

      // A document written again takes its words with it: none is left behind.
      await m.db.updateTable("products").set({ description: "Late kharif." }).where("id", "=", product).execute();
      expect(await found(m.db, "rabi")).toEqual([]);
      expect((await found(m.db, "kharif")).sort()).toEqual(["Bellary Onion", "Nashik Red Onion"]);
      expect(await wordsAside(m.db)).toEqual([3, 3, 3]);
    } finally {
      await m.cleanup();
    }
  });
});
