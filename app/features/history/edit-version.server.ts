import type { UpdateResult } from "kysely";
import type { Db } from "~/db/database.server";
import { formatEditVersion, type OpenedVersion } from "~/lib/forms/edit-version";
import type { Refusal } from "~/lib/forms/submission";
import { DEFAULT_SITE_TIME_ZONE, formatSiteTime, SITE_TIME_ZONE_KEY } from "~/lib/site-time";
import { diffVersions, type ReadableVersion } from "./diff";
import { describeRow, type RowEntity } from "./row-versions.server";
import { BASELINE_SUMMARY, latestSnapshot, lockVersionsOf, type Snapshot, type VersionedEntity } from "./record.server";

/**
 * Edit forms know what they were opened on (ADR 0049): the page sends the record's version, the save updates only
 * while the row still has it (`where updated_at = ?`, rows counted), and a refused save says who changed what since.
 */

/** The version an edit form shows: the record's `updated_at` and its newest version's number. */
export async function editVersion(db: Db, entity: VersionedEntity, entityId: string, updatedAt: string) {
  const row = await db
    .selectFrom("versions")
    .select((eb) => eb.fn.max("number").as("number"))
    .where("entity", "=", entity)
    .where("entity_id", "=", entityId)
    .executeTakeFirst();
  return formatEditVersion({ number: Number(row?.number ?? 0), updatedAt });
}

/** Thrown inside a save's transaction when its conditioned update found the row changed: the save rolls back. */
export class StaleEdit extends Error {
  constructor() {
    super("The record changed since the form was opened");
  }
}

/** After `update … where id = ? and updated_at = ?`: no row means someone saved first. */
export function expectUnchanged(result: UpdateResult | undefined) {
  if (!result || Number(result.numUpdatedRows) === 0) throw new StaleEdit();
}

/**
 * For an item kept in several rows (a page's sections), which no one `updated_at` stands for: the save goes on
 * only while the item's newest version is the one the form was opened on, read under the lock every versioned
 * save of the item holds until it commits (`lockVersionsOf`). Call first in the save's transaction.
 */
export async function expectVersion(trx: Db, entity: VersionedEntity, entityId: string, opened: OpenedVersion | null) {
  if (!opened) return;
  await lockVersionsOf(trx, entity, entityId);
  if (((await latestSnapshot(trx, entity, entityId))?.number ?? 0) !== opened.number) throw new StaleEdit();
}

export interface StaleEditContext {
  entity: VersionedEntity;
  entityId: string;
  /** The version the refused form was opened on. */
  opened: OpenedVersion;
  /** The record's `updated_at` now (null: deleted since). */
  updatedAt: string | null;
  /** How the item is named in the message ("product", "category"). */
  what: string;
  /** How a snapshot of this kind reads (its labels), to name the fields changed since. */
  describe?: (snapshot: Snapshot) => ReadableVersion;
  /**
   * Name only the saves that changed what `describe` reads: for one part of an item that several parts share, each
   * saved on its own (a setting of the site settings).
   */
  onlyWhoChangedIt?: boolean;
  /** What the form showed, as `describe` reads it: compared with instead when the opened version is not kept. */
  shown?: ReadableVersion;
}

export const STALE_EDIT_TITLE = "Changed by someone else";
const KEEP_YOURS = "Your changes are still in the form: compare, then save again to keep yours.";

/**
 * The refusal of a save made on an outdated form: who saved since, when, and the fields whose change the save would
 * undo; with the record's version now, so that saving again (after reading this) goes through.
 */
export async function staleEditRefusal(db: Db, context: StaleEditContext): Promise<Refusal> {
  const { entity, entityId, opened, what } = context;
  if (context.updatedAt === null)
    return { ok: false, title: STALE_EDIT_TITLE, message: `This ${what} was deleted while you were editing.` };
  let rows = await db
    .selectFrom("versions")
    .innerJoin("activity", "activity.id", "versions.activity_id")
    .select(["versions.number", "versions.at", "versions.actor_name", "versions.snapshot", "activity.summary"])
    .where("versions.entity", "=", entity)
    .where("versions.entity_id", "=", entityId)
    .where("versions.number", ">=", opened.number)
    .orderBy("versions.number", "asc")
    .execute();
  let before = rows[0] && Number(rows[0].number) === opened.number ? rows.shift()! : null;
  // An item saved before versions were kept gets its old state recorded as version 1 at its first save since.
  if (!before && rows[0]?.summary === BASELINE_SUMMARY) before = rows.shift()!;
  const version = formatEditVersion({
    number: Number(rows.at(-1)?.number ?? opened.number),
    updatedAt: context.updatedAt,
  });
  const openedReadable = before && context.describe ? context.describe(JSON.parse(before.snapshot) as Snapshot) : null;
  const baseline = openedReadable ?? context.shown ?? null;
  if (context.onlyWhoChangedIt && context.describe) rows = changesOf(baseline, rows, context.describe);
  const latest = rows.at(-1);
  const keep = KEEP_YOURS;
  if (!latest)
    return {
      ok: false,
      title: STALE_EDIT_TITLE,
      message: `This ${what} was saved by someone else while you were editing. ${keep}`,
      version,
    };

  const names = rows.map((row) => row.actor_name ?? "The site");
  const labels =
    baseline && context.describe
      ? diffVersions(baseline, context.describe(JSON.parse(latest.snapshot) as Snapshot)).map((line) => line.label)
      : [];
  return {
    ok: false,
    title: STALE_EDIT_TITLE,
    message: await staleEditMessage(db, { names, at: latest.at, what, labels }),
    version,
  };
}

/**
 * The sentence of a refused outdated save: who saved since (each named once), when the last of them did, and the
 * fields whose change the save would undo. For a kind with no versions (a user's role), from its activity lines.
 */
export async function staleEditMessage(
  db: Db,
  change: { names: string[]; at: string; what: string; labels: string[] },
): Promise<string> {
  const names = [...new Set(change.names)];
  const { labels } = change;
  const who = names.length > 2 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names.join(" and ");
  const when = formatSiteTime(change.at, await timeZoneOf(db));
  const lost = labels.length
    ? `: their change to ${labels.length > 1 ? `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}` : labels[0]} would be lost`
    : "";
  return `${who} saved this ${change.what} at ${when} while you were editing${lost}. ${KEEP_YOURS}`;
}

/** The versions whose save changed what `describe` reads, each compared with the one before it. */
function changesOf<Row extends { snapshot: string }>(
  before: ReadableVersion | null,
  rows: Row[],
  describe: (snapshot: Snapshot) => ReadableVersion,
): Row[] {
  let previous = before;
  return rows.filter((row) => {
    const readable = describe(JSON.parse(row.snapshot) as Snapshot);
    const changed = !previous || diffVersions(previous, readable).length > 0;
    previous = readable;
    return changed;
  });
}

/** The site's time zone as stored (`formatSiteTime` falls back to India's for a bad one); read here, not through
 * `features/settings`, whose snapshots record their versions through this folder. */
async function timeZoneOf(db: Db): Promise<string> {
  const row = await db
    .selectFrom("site_settings")
    .select("setting_value")
    .where("setting_key", "=", SITE_TIME_ZONE_KEY)
    .executeTakeFirst();
  return row?.setting_value.trim() || DEFAULT_SITE_TIME_ZONE;
}

/** `staleEditRefusal` for a kind stored as one row (categories, blog posts, certificates, gallery pictures). */
export async function staleRowRefusal(db: Db, spec: RowEntity, id: string, opened: OpenedVersion) {
  const row = await db.selectFrom(spec.table).select("updated_at").where("id", "=", id).executeTakeFirst();
  return staleEditRefusal(db, {
    entity: spec.entity,
    entityId: id,
    opened,
    updatedAt: row?.updated_at ?? null,
    what: spec.kindName,
    describe: (snapshot) => describeRow(spec, snapshot),
  });
}
