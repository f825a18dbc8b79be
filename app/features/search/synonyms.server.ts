import type { Db } from "~/db/database.server";
import { wordsOf } from "./normalize";

// Synonym groups (issue 43): words a buyer may use for one thing ("pyaz", "kanda", "onion", "بصل", "পেঁয়াজ"), a
// group a row, kept by the administrators. A query word in a group also matches every other word of it.

/** The groups as folded words. An entry is one word; one of several words (which the form refuses) is left out. */
export async function synonymGroups(db: Db): Promise<string[][]> {
  const rows = await db.selectFrom("search_synonyms").select("words").execute();
  return rows
    .map((row) => [
      ...new Set(row.words.split(",").flatMap((entry) => (wordsOf(entry).length === 1 ? wordsOf(entry) : []))),
    ])
    .filter((group) => group.length > 1);
}
