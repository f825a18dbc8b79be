import type { Db } from "~/db/database.server";

/**
 * How an inquiry's emails went, from the outbox (ADR 0048): its newest notification and receipt, in the words the
 * inquiry's own columns had before (ADR 0011), for tests that ask "was it sent, or why not".
 */
export async function inquiryMail(db: Db, inquiryId: string) {
  const rows = await db
    .selectFrom("outbox")
    .selectAll()
    .where("about", "=", `inquiry:${inquiryId}`)
    .orderBy("created_at")
    .execute();
  const newest = (kind: string) => rows.filter((row) => row.kind === kind).at(-1);
  const notify = newest("inquiry-notification");
  const receipt = newest("inquiry-receipt");
  return {
    notify,
    receipt,
    notified_at: notify?.sent_at ?? null,
    notify_error: notify?.error ?? null,
    receipt_sent_at: receipt?.sent_at ?? null,
    receipt_error: receipt?.error ?? null,
    /** Whether the receipt's try is over for good (sent, or failed and not to be retried). */
    receipt_settled: receipt ? receipt.status !== "pending" : false,
  };
}

/** Inquiry rows with their emails' state from the outbox. */
export const withInquiryMail = <R extends { id: string }>(db: Db, rows: R[]) =>
  Promise.all(rows.map(async (row) => ({ ...row, ...(await inquiryMail(db, row.id)) })));
