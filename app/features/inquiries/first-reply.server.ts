import type { Db } from "~/db/database.server";

/**
 * Records the desk's first reply to an inquiry (issue 28, speed to lead): the first quote sent, the first email sent
 * from the desk, or the first move to Contacted, whichever came first. Later replies leave it as it is. Call it in
 * the transaction of the reply.
 */
export async function markFirstReply(db: Db, inquiryId: string, at: string): Promise<void> {
  await db
    .updateTable("inquiries")
    .set({ first_reply_at: at })
    .where("id", "=", inquiryId)
    .where("first_reply_at", "is", null)
    .execute();
}
