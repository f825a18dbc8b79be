import { sql } from "kysely";
import { isPostgres, type Db } from "~/db/database.server";
import { type Actor, actorName } from "~/lib/actor";
import { newId, nowIso } from "~/lib/time";
import { diffLineText, diffVersions, type ReadableVersion } from "./diff";

/**
 * What the activity log names (issue 27, ADR 0032). Every back-office event is one of these; the activity page
 * filters by them.
 */
export const ACTIVITY_ACTIONS = [
  "create",
  "update",
  "delete",
  "publish",
  "unpublish",
  "schedule",
  "restore",
  "import",
  "revert",
  "export",
  "sign-in",
  "sign-in-refused",
  "sign-out",
  "role",
  "account",
  "inquiry-status",
  "inquiry-assignee",
  "inquiry-note",
  // The quote desk (issue 28): a quote saved, sent, seen by the buyer and answered; an email sent from the desk; a
  // follow-up date set.
  "quote-save",
  "quote-send",
  "quote-view",
  "quote-accept",
  "quote-decline",
  "quote-changes",
  "inquiry-email",
  "inquiry-follow-up",
  // After the buyer accepts (issue 44): an order made, changed (status, parties, terms), a payment recorded and a
  // proforma revision sent.
  "order-create",
  "order-update",
  "order-status",
  "order-payment",
  "order-proforma",
  // Its shipments: made or changed, a step of their voyage, a document made, uploaded or its differences accepted.
  "shipment-update",
  "shipment-status",
  "shipment-document",
  // Its lots (issue 45): added, changed, deleted or imported from a sheet.
  "shipment-lot",
  // Buyers who sign in to their own page (issue 45): addresses joined or removed, access disabled or enabled.
  "buyer-access",
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** The kinds of item that have versions and a History panel, plus the others the log names. */
export const VERSIONED_ENTITIES = [
  "product",
  "category",
  "blog_post",
  "page",
  "certificate",
  "gallery_item",
  "setting",
] as const;
export type VersionedEntity = (typeof VERSIONED_ENTITIES)[number];
export type ActivityEntity =
  | VersionedEntity
  | "user"
  | "inquiry"
  | "quote"
  | "import"
  | "translation"
  | "redirect"
  | "language"
  | "media"
  | "search_synonym"
  | "exchange_rate"
  | "order"
  | "buyer";

export interface ActivityEntry {
  action: ActivityAction;
  entity?: ActivityEntity;
  entityId?: string;
  /** The item's name as people know it ("Nashik Red Onion"). */
  label?: string | null;
  /** One line a person reads in the log ("Minimum Order: 25 MT → 28 MT"). */
  summary: string;
  /** Events of one change (a CSV import) share it. */
  changeSet?: string;
  details?: unknown;
  /** The moment, when not now (tests' clock, a scheduled publish's due time). */
  at?: string;
  /** The address, when there is no actor to carry it (a refused sign-in for an unknown email). */
  ip?: string | null;
}

/**
 * Writes one activity row. Call it with the transaction of the change it describes, so the log and the data can
 * never disagree (a failed write leaves no row). `actor` null: the system (a scheduled publish, a stranger's
 * refused sign-in with no account).
 */
export async function recordActivity(db: Db, actor: Actor | null, entry: ActivityEntry): Promise<string> {
  const id = newId();
  await db
    .insertInto("activity")
    .values({
      id,
      at: entry.at ?? nowIso(),
      actor_id: actor?.id ?? null,
      actor_email: actor?.email ?? null,
      actor_name: actor ? actorName(actor) : null,
      ip: actor?.ip ?? entry.ip ?? null,
      action: entry.action,
      entity: entry.entity ?? null,
      entity_id: entry.entityId ?? null,
      entity_label: entry.label ?? null,
      summary: entry.summary.slice(0, 2000),
      change_set: entry.changeSet ?? null,
      details: JSON.stringify(entry.details ?? {}),
    })
    .execute();
  return id;
}

/** An item's fields as one version keeps them: JSON values, keyed by field name. */
export type Snapshot = Record<string, unknown>;

export interface VersionEntry {
  entity: VersionedEntity;
  entityId: string;
  label?: string | null;
  /** The item as it is after this save. */
  snapshot: Snapshot;
  /** create, update, publish, unpublish, schedule, restore or import. */
  action: ActivityAction;
  changeSet?: string;
  /** Overrides the summary built from the changed fields. */
  summary?: string;
  /** How the kind reads a snapshot: the summary then names the changes ("Minimum Order: 25 MT → 28 MT"). */
  describe?: (snapshot: Snapshot) => ReadableVersion;
  at?: string;
}

export interface RecordedVersion {
  number: number;
  activityId: string;
  changedFields: string[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields whose values differ between two snapshots, in the newer one's order then the removed ones. */
export function changedFieldsOf(before: Snapshot | null, after: Snapshot): string[] {
  if (!before) return Object.keys(after);
  const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  return keys.filter((key) => !same(before[key], after[key]));
}

/** The activity line of the version that keeps an item as it was before versions were kept (its first save since). */
export const BASELINE_SUMMARY = "As it was before versions were kept";

/** The newest version's snapshot of an item, or null when it has none. */
export async function latestSnapshot(db: Db, entity: VersionedEntity, entityId: string) {
  const row = await db
    .selectFrom("versions")
    .select(["number", "snapshot"])
    .where("entity", "=", entity)
    .where("entity_id", "=", entityId)
    .orderBy("number", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? { number: Number(row.number), snapshot: JSON.parse(row.snapshot) as Snapshot } : null;
}

/**
 * Makes saves of one item record their versions in turn, until the caller's transaction ends. Two admins saving the
 * same item at once would otherwise both read version n and both write n + 1 (the site settings are one item, so any
 * two settings changes collide). SQLite already runs one writing transaction at a time. Taken before the snapshot is
 * read, the second save's snapshot also holds the first one's change.
 */
export async function lockVersionsOf(db: Db, entity: VersionedEntity, entityId: string) {
  if (isPostgres(db))
    await sql`select pg_advisory_xact_lock(hashtext(${`versions:${entity}:${entityId}`}))`.execute(db);
}

/**
 * Records one save of a versioned item: a version row (the whole snapshot) and its activity row, in the caller's
 * transaction. A save that changed nothing since the newest version records neither and returns null.
 */
export async function recordVersion(db: Db, actor: Actor | null, entry: VersionEntry): Promise<RecordedVersion | null> {
  await lockVersionsOf(db, entry.entity, entry.entityId);
  const previous = await latestSnapshot(db, entry.entity, entry.entityId);
  const changedFields = changedFieldsOf(previous?.snapshot ?? null, entry.snapshot);
  if (previous && changedFields.length === 0 && entry.action === "update") return null;
  const at = entry.at ?? nowIso();
  const activityId = await recordActivity(db, actor, {
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    label: entry.label,
    summary: entry.summary ?? summaryOf(previous?.snapshot ?? null, entry),
    changeSet: entry.changeSet,
    details: { fields: changedFields },
    at,
  });
  const number = (previous?.number ?? 0) + 1;
  await db
    .insertInto("versions")
    .values({
      id: newId(),
      entity: entry.entity,
      entity_id: entry.entityId,
      number,
      activity_id: activityId,
      at,
      actor_name: actor ? actorName(actor) : null,
      snapshot: JSON.stringify(entry.snapshot),
      changed_fields: JSON.stringify(changedFields),
    })
    .execute();
  return { number, activityId, changedFields };
}

/** The activity line of a save: its readable changes, else the changed field names. */
function summaryOf(previous: Snapshot | null, entry: VersionEntry): string {
  if (!previous) return entry.action === "create" ? "Created" : "First recorded version";
  const changed = changedFieldsOf(previous, entry.snapshot);
  if (!entry.describe) return `Changed ${changed.join(", ")}`;
  const lines = diffVersions(entry.describe(previous), entry.describe(entry.snapshot)).map(diffLineText);
  return lines.length ? lines.join("; ") : `Changed ${changed.join(", ")}`;
}
