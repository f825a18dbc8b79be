import { isPostgres, type Db } from "~/db/database.server";
import type { InquiryStatus } from "~/db/schema";
import type { Actor } from "~/lib/actor";
import { newId, nowIso } from "~/lib/time";
import { siteLocalToUtc } from "~/lib/site-time";
import type { Refusal } from "~/lib/forms/submission";
import { recordActivity } from "~/features/history/record.server";
import { markFirstReply } from "./first-reply.server";
import { STATUS_LABELS } from "./inquiries.schema";

/** How the log names an inquiry: its sender and subject, as the list shows them. */
const inquiryLabel = (inquiry: { full_name: string; subject: string }) => `${inquiry.full_name}: ${inquiry.subject}`;

/**
 * Moves that answer the buyer (speed to lead): the first of them is the inquiry's first reply, unless a quote or an
 * email from the desk came first. Lost, closed and spam answer nobody.
 */
const REPLYING_MOVES: ReadonlySet<InquiryStatus> = new Set(["contacted", "quoted", "won"]);

/**
 * Moves an inquiry to `to` in the caller's transaction, with its activity row (from → to): the one way a lead's
 * status changes, whether by hand, by a quote sent ("quoted") or by the buyer accepting one ("won"). `when` says
 * from which statuses the move applies; `reason` follows the summary. "missing": no such inquiry; "kept": `when`
 * refused the move.
 */
export async function moveInquiry(
  trx: Db,
  actor: Actor | null,
  id: string,
  to: InquiryStatus,
  options: { at?: string; ip?: string | null; reason?: string; when?: (from: InquiryStatus) => boolean } = {},
): Promise<"missing" | "kept" | "moved"> {
  // Two moves at once (two instances) would both leave the same status: on PostgreSQL the row is locked for the
  // read, so the second waits and reads what the first left. SQLite serves one instance, whose transactions run one
  // at a time.
  const before = await trx
    .selectFrom("inquiries")
    .select(["status", "full_name", "subject"])
    .where("id", "=", id)
    .$if(isPostgres(trx), (q) => q.forUpdate())
    .executeTakeFirst();
  if (!before) return "missing";
  if (options.when && !options.when(before.status)) return "kept";
  const at = await moveTime(trx, id, options.at ?? nowIso());
  await trx.updateTable("inquiries").set({ status: to, updated_at: at }).where("id", "=", id).execute();
  await recordActivity(trx, actor, {
    action: "inquiry-status",
    entity: "inquiry",
    entityId: id,
    label: inquiryLabel(before),
    summary: `Status: ${STATUS_LABELS[before.status]} → ${STATUS_LABELS[to]}${options.reason ? ` ${options.reason}` : ""}`,
    details: { from: before.status, to },
    at,
    ip: options.ip,
  });
  return "moved";
}

/**
 * The time of a move, taken under the lock: after the inquiry's last move (a moment later when the clock says
 * otherwise: same millisecond, or another instance's clock behind), so the timeline lists the moves in the order
 * they were made.
 */
async function moveTime(trx: Db, id: string, at: string): Promise<string> {
  const last = await trx
    .selectFrom("activity")
    .select("at")
    .where("entity", "=", "inquiry")
    .where("entity_id", "=", id)
    .where("action", "=", "inquiry-status")
    .orderBy("at", "desc")
    .limit(1)
    .executeTakeFirst();
  return last && last.at >= at ? new Date(Date.parse(last.at) + 1).toISOString() : at;
}

/**
 * Moves the lead to `status` by hand; the change, its activity row and, for the first move that answers the buyer,
 * the time of the first reply are one transaction.
 */
export async function setInquiryStatus(db: Db, actor: Actor, id: string, status: InquiryStatus): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const at = nowIso();
    if ((await moveInquiry(trx, actor, id, status, { at })) === "missing") return false;
    if (REPLYING_MOVES.has(status)) await markFirstReply(trx, id, at);
    return true;
  });
}

const GONE = "The inquiry no longer exists.";

/**
 * Sets the day to follow the lead up (`YYYY-MM-DD`, a day in the site's time zone), or clears it (null); the change
 * and its activity row are one transaction. Refused for a day that is no calendar day.
 */
export async function setFollowUp(
  db: Db,
  actor: Actor,
  id: string,
  day: string | null,
  timeZone: string,
): Promise<{ ok: true } | (Refusal & { status: number })> {
  const at = day ? siteLocalToUtc(`${day}T00:00`, timeZone) : null;
  if (day && !at)
    return { ok: false, status: 400, title: "Error Setting Follow-up", message: "Choose a date, like 2026-12-03." };
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("inquiries")
      .select(["full_name", "subject", "follow_up_at"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!before) return { ok: false as const, status: 404, title: "Error Setting Follow-up", message: GONE };
    await trx.updateTable("inquiries").set({ follow_up_at: day, updated_at: nowIso() }).where("id", "=", id).execute();
    await recordActivity(trx, actor, {
      action: "inquiry-follow-up",
      entity: "inquiry",
      entityId: id,
      label: inquiryLabel(before),
      summary: day ? `Follow-up: ${day}` : "Follow-up cleared",
      details: { from: before.follow_up_at, to: day },
    });
    return { ok: true as const };
  });
}

/**
 * Gives the lead to an administrator, or to nobody (null). The role is checked here, not trusted from the select:
 * a forged form could name any user.
 */
export async function assignInquiry(
  db: Db,
  actor: Actor,
  id: string,
  assigneeId: string | null,
): Promise<{ ok: true; name: string | null } | (Refusal & { status: number })> {
  let name: string | null = null;
  if (assigneeId) {
    // An administrator whose account is disabled cannot take a lead either.
    const admin = await db
      .selectFrom("profiles")
      .innerJoin("users", "users.id", "profiles.id")
      .select(["profiles.full_name", "profiles.email"])
      .where("profiles.id", "=", assigneeId)
      .where("profiles.role", "=", "admin")
      .where("users.disabled_at", "is", null)
      .executeTakeFirst();
    if (!admin)
      return {
        ok: false,
        status: 400,
        title: "Error Assigning Inquiry",
        message: "Only an administrator can be assigned an inquiry.",
        field: "assignee_id",
      };
    name = admin.full_name || admin.email;
  }
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("inquiries")
      .leftJoin("profiles", "profiles.id", "inquiries.assignee_id")
      .select([
        "inquiries.full_name",
        "inquiries.subject",
        "profiles.full_name as was_name",
        "profiles.email as was_email",
      ])
      .where("inquiries.id", "=", id)
      .executeTakeFirst();
    if (!before) return { ok: false as const, status: 404, title: "Error Assigning Inquiry", message: GONE };
    await trx
      .updateTable("inquiries")
      .set({ assignee_id: assigneeId, updated_at: nowIso() })
      .where("id", "=", id)
      .execute();
    const was = before.was_name || before.was_email || "Unassigned";
    await recordActivity(trx, actor, {
      action: "inquiry-assignee",
      entity: "inquiry",
      entityId: id,
      label: inquiryLabel(before),
      summary: `Assignee: ${was} → ${name ?? "Unassigned"}`,
      details: { to: assigneeId, toName: name },
    });
    return { ok: true as const, name };
  });
}

/** Adds an internal note with its author as they are named now (the name stays if the account changes or goes). */
export async function addInquiryNote(db: Db, actor: Actor, inquiryId: string, body: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom("inquiries")
      .select(["id", "full_name", "subject"])
      .where("id", "=", inquiryId)
      .executeTakeFirst();
    if (!found) return false;
    await trx
      .insertInto("inquiry_notes")
      .values({
        id: newId(),
        inquiry_id: inquiryId,
        author_id: actor.id,
        author_name: actor.fullName || actor.email,
        body,
        created_at: nowIso(),
      })
      .execute();
    await recordActivity(trx, actor, {
      action: "inquiry-note",
      entity: "inquiry",
      entityId: inquiryId,
      label: inquiryLabel(found),
      summary: `Note: ${body.length > 200 ? `${body.slice(0, 199)}…` : body}`,
      details: { body },
    });
    return true;
  });
}

/** Deletes the inquiry; the log keeps who deleted whose inquiry (sender, subject, status), not the message. */
export async function deleteInquiry(db: Db, actor: Actor, id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const inquiry = await trx
      .selectFrom("inquiries")
      .select(["full_name", "subject", "email", "status", "kind", "created_at"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!inquiry) return false;
    await trx.deleteFrom("inquiries").where("id", "=", id).execute();
    await recordActivity(trx, actor, {
      action: "delete",
      entity: "inquiry",
      entityId: id,
      label: inquiryLabel(inquiry),
      summary: `Deleted the inquiry from ${inquiry.full_name} (${inquiry.email})`,
      details: { kind: inquiry.kind, status: inquiry.status, received: inquiry.created_at },
    });
    return true;
  });
}
