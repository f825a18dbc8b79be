import { sql } from "kysely";

/** Case-insensitive "column contains q", with LIKE's wildcards escaped so "50%" means the text "50%". */
export function containsText(column: string, q: string) {
  const pattern = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}
