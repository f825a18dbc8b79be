import { randomUUID } from "node:crypto";
import type { Kysely, Migration } from "kysely";

// Frozen once landed: change the schema with a new migration, never by editing this one.
export const inquiryMailOutbox: Migration = {
  async up(db: Kysely<any>) {
    // Inquiry emails move onto the outbox (issue 38, ADR 0048). Whatever the old queue in `inquiries` (ADR 0011) still
    // had due becomes an outbox row, its tries and last error kept, so an upgrade loses and repeats nothing; the old
    // columns are left (read for the history of inquiries from before) but nothing is due from them any more.
    const now = new Date().toISOString();
    const queues = [
      { kind: "inquiry-notification", due: "notify_due_at", attempts: "notify_attempts", error: "notify_error" },
      { kind: "inquiry-receipt", due: "receipt_due_at", attempts: "receipt_attempts", error: "receipt_error" },
    ] as const;
    for (const q of queues) {
      const pending = await db
        .selectFrom("inquiries")
        .select(["id", "email", `${q.due} as due_at`, `${q.attempts} as attempts`, `${q.error} as error`])
        .where(q.due, "is not", null)
        .execute();
      for (const row of pending) {
        await db
          .insertInto("outbox")
          .values({
            id: randomUUID(),
            kind: q.kind,
            about: `inquiry:${row.id}`,
            // The team's address is the configuration's when it is sent; a receipt goes to the buyer.
            recipient: q.kind === "inquiry-receipt" ? row.email : "",
            status: "pending",
            attempts: Number(row.attempts ?? 0),
            due_at: row.due_at,
            error: row.error ?? null,
            created_at: now,
          })
          .execute();
      }
      await db
        .updateTable("inquiries")
        .set({ [q.due]: null })
        .where(q.due, "is not", null)
        .execute();
    }
  },
  async down() {
    // The rows stay in the outbox: an older version would not send them, and none is lost by keeping them.
  },
};
