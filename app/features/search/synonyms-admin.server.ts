import type { Db } from "~/db/database.server";
import { recordActivity } from "~/features/history/record.server";
import type { Actor } from "~/lib/actor";
import { formatEditVersion, type OpenedVersion } from "~/lib/forms/edit-version";
import type { Refusal } from "~/lib/forms/submission";
import { newId, nowIso } from "~/lib/time";
import { MAX_SYNONYM_GROUPS } from "./synonyms-admin.schema";

// The back office's synonym groups (issue 43): one row a group, its words stored as typed and joined by ", " (what
// `synonymGroups` splits). The public search reads them on every search, so a save counts from the next search on.

export interface SynonymGroup {
  id: string;
  words: string[];
  /** What an edit form was opened on (ADR 0049): a save over someone else's is refused. */
  version: string;
}

export const GROUP_NOT_FOUND = "This synonym group no longer exists: it was deleted meanwhile.";
export const TOO_MANY_GROUPS = `The search keeps at most ${MAX_SYNONYM_GROUPS} synonym groups. Join or delete groups before adding one.`;
export const GROUP_CHANGED =
  "Someone else saved this group while you were editing it. Your words are still in the form: compare, then save again to keep yours.";

const splitWords = (stored: string) =>
  stored
    .split(",")
    .map((word) => word.trim())
    .filter(Boolean);
const joinWords = (words: string[]) => words.join(", ");
const versionOf = (updatedAt: string) => formatEditVersion({ number: 0, updatedAt });

/** Every group, oldest first (the seeded ones lead, as the migration wrote them). */
export async function listSynonymGroups(db: Db): Promise<SynonymGroup[]> {
  const rows = await db
    .selectFrom("search_synonyms")
    .select(["id", "words", "updated_at"])
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ id: row.id, words: splitWords(row.words), version: versionOf(row.updated_at) }));
}

export async function addSynonymGroup(db: Db, actor: Actor, words: string[]): Promise<{ ok: true } | Refusal> {
  return db.transaction().execute(async (trx) => {
    const { count } = await trx
      .selectFrom("search_synonyms")
      .select((eb) => eb.fn.countAll().as("count"))
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_SYNONYM_GROUPS)
      return { ok: false, title: "Synonyms Not Saved", message: TOO_MANY_GROUPS, field: "words", status: 409 };
    const id = newId();
    const now = nowIso();
    await trx
      .insertInto("search_synonyms")
      .values({ id, words: joinWords(words), created_at: now, updated_at: now })
      .execute();
    await recordActivity(trx, actor, {
      action: "create",
      entity: "search_synonym",
      entityId: id,
      label: joinWords(words),
      summary: `Added synonym group: ${joinWords(words)}`,
    });
    return { ok: true as const };
  });
}

/** Saves a group's new words, unless it changed (or went) since the form was opened on `opened`. */
export async function updateSynonymGroup(
  db: Db,
  actor: Actor,
  id: string,
  words: string[],
  opened: OpenedVersion | null,
): Promise<{ ok: true } | Refusal> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("search_synonyms")
      .select(["words", "updated_at"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!before) return { ok: false, title: "Synonyms Not Saved", message: GROUP_NOT_FOUND, status: 404 };
    if (opened && opened.updatedAt !== before.updated_at)
      return {
        ok: false,
        title: "Changed by someone else",
        message: `${GROUP_CHANGED} The group now reads: ${before.words}.`,
        status: 409,
        version: versionOf(before.updated_at),
      };
    const after = joinWords(words);
    if (after === before.words) return { ok: true as const };
    // A later time than the one the form was opened on, even within the same millisecond.
    const now = nowIso();
    const updatedAt = now > before.updated_at ? now : new Date(Date.parse(before.updated_at) + 1).toISOString();
    const result = await trx
      .updateTable("search_synonyms")
      .set({ words: after, updated_at: updatedAt })
      .where("id", "=", id)
      .where("updated_at", "=", before.updated_at)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0)
      return { ok: false, title: "Changed by someone else", message: GROUP_CHANGED, status: 409 };
    await recordActivity(trx, actor, {
      action: "update",
      entity: "search_synonym",
      entityId: id,
      label: after,
      summary: `Synonym group: ${before.words} → ${after}`,
    });
    return { ok: true as const };
  });
}

export async function deleteSynonymGroup(db: Db, actor: Actor, id: string): Promise<{ ok: true } | Refusal> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("search_synonyms").select("words").where("id", "=", id).executeTakeFirst();
    if (!row) return { ok: false, title: "Error Deleting Synonyms", message: GROUP_NOT_FOUND, status: 404 };
    await trx.deleteFrom("search_synonyms").where("id", "=", id).execute();
    await recordActivity(trx, actor, {
      action: "delete",
      entity: "search_synonym",
      entityId: id,
      label: row.words,
      summary: `Deleted synonym group: ${row.words}`,
    });
    return { ok: true as const };
  });
}
