import type { Db } from "~/db/database.server";
import type { InquiryKind, InquiryStatus } from "~/db/schema";
import type { Actor } from "~/lib/actor";
import { newId, nowIso } from "~/lib/time";
import type { Refusal } from "~/lib/forms/submission";
import { OPEN_QUOTE_STATUSES } from "./inquiries.schema";

export async function findInquiry(db: Db, id: string) {
  return db
    .selectFrom("inquiries")
    .leftJoin("profiles", "profiles.id", "inquiries.assignee_id")
    .selectAll("inquiries")
    .select(["profiles.full_name as assignee_name", "profiles.email as assignee_email"])
    .where("inquiries.id", "=", id)
    .executeTakeFirst();
}

/** A quote request's lines in the buyer's order; `product_id` is null once the product was deleted. */
export const listInquiryLines = (db: Db, inquiryId: string) =>
  db
    .selectFrom("inquiry_lines")
    .select(["id", "product_id", "product_name", "quantity", "unit", "grade", "packaging"])
    .where("inquiry_id", "=", inquiryId)
    .orderBy("position")
    .execute();

/** The internal notes, newest first. */
export const listInquiryNotes = (db: Db, inquiryId: string) =>
  db
    .selectFrom("inquiry_notes")
    .select(["id", "author_name", "body", "created_at"])
    .where("inquiry_id", "=", inquiryId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();

export async function setInquiryStatus(db: Db, actor: Actor, id: string, status: InquiryStatus): Promise<boolean> {
  const result = await db
    .updateTable("inquiries")
    .set({ status, updated_at: nowIso() })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

const GONE = "The inquiry no longer exists.";

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
    const admin = await db
      .selectFrom("profiles")
      .select(["full_name", "email"])
      .where("id", "=", assigneeId)
      .where("role", "=", "admin")
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
  const result = await db
    .updateTable("inquiries")
    .set({ assignee_id: assigneeId, updated_at: nowIso() })
    .where("id", "=", id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0)
    return { ok: false, status: 404, title: "Error Assigning Inquiry", message: GONE };
  return { ok: true, name };
}

/** Adds an internal note with its author as they are named now (the name stays if the account changes or goes). */
export async function addInquiryNote(db: Db, actor: Actor, inquiryId: string, body: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom("inquiries").select("id").where("id", "=", inquiryId).executeTakeFirst();
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
    return true;
  });
}

export async function deleteInquiry(db: Db, actor: Actor, id: string): Promise<boolean> {
  const result = await db.deleteFrom("inquiries").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function countNewInquiries(db: Db): Promise<number> {
  const row = await db
    .selectFrom("inquiries")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("status", "=", "new")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The dashboard's open quote requests per status (over the index (kind, status)). */
export async function countOpenQuoteRequests(db: Db): Promise<Record<(typeof OPEN_QUOTE_STATUSES)[number], number>> {
  const rows = await db
    .selectFrom("inquiries")
    .select(["status", (eb) => eb.fn.countAll<string | number>().as("n")])
    .where("kind", "=", "quote")
    .where("status", "in", [...OPEN_QUOTE_STATUSES])
    .groupBy("status")
    .execute();
  const counts = { new: 0, contacted: 0, quoted: 0 };
  for (const row of rows) counts[row.status as keyof typeof counts] = Number(row.n);
  return counts;
}

/**
 * A stored inquiry with its lines in the buyer's order (none for a contact message), or null; with `kind`, only an
 * inquiry of that kind. What its emails and the buyer's summary page are made from.
 */
export async function findStoredInquiry(db: Db, id: string, kind?: InquiryKind) {
  let query = db.selectFrom("inquiries").selectAll().where("id", "=", id);
  if (kind) query = query.where("kind", "=", kind);
  const inquiry = await query.executeTakeFirst();
  if (!inquiry) return null;
  const lines =
    inquiry.kind === "quote"
      ? await db
          .selectFrom("inquiry_lines")
          .select(["product_name", "quantity", "unit", "grade", "packaging"])
          .where("inquiry_id", "=", id)
          .orderBy("position")
          .execute()
      : [];
  return { inquiry, lines };
}

export type StoredInquiry = NonNullable<Awaited<ReturnType<typeof findStoredInquiry>>>;
