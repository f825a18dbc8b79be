import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InquiryStatus } from "~/db/schema";
import { createTestApp, signedInAs } from "../support/test-app";
import { createTestDatabase, engineName, insertInquiry, usingPostgres, type TestDatabase } from "../support/test-db";
import { holdRows } from "../support/row-lock";

// Concurrent moves of one inquiry (issue 38): each move reads the status it leaves under the row's lock, and takes
// its time after it, so the timeline is one chain and ends on the stored status.

let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof signedInAs>>;
beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestApp(t.db, t.dataDir);
  admin = await signedInAs(t.db, "admin");
});
afterAll(() => t.cleanup());

const MOVES: InquiryStatus[] = ["contacted", "quoted", "won", "lost", "closed", "new"];
/** Connections each instance keeps (DATABASE_POOL_MAX's default): at most this many requests wait on the lock. */
const POOL_MAX = 10;

describe(`concurrent moves of one inquiry on ${engineName}`, () => {
  it("write one chain of moves (each from the status the one before left), ending on the stored status", async () => {
    const id = await insertInquiry(t.db, { kind: "quote", subject: "Race" });
    const count = 20;
    const moves = Array.from(
      { length: count },
      (_, i) => () =>
        app.request(`/admin/inquiries/${id}`, {
          form: { intent: "status", status: MOVES[i % MOVES.length] },
          cookie: admin.cookie,
        }),
    );
    let responses: Response[];
    if (usingPostgres) {
      // Every request is held at the inquiry's row, then all are let go together.
      const held = await holdRows(t.databaseUrl!, "SELECT id FROM inquiries WHERE id = $1 FOR UPDATE", [id]);
      const all = Promise.all(moves.map((move) => move()));
      try {
        await held.waitForWaiting(POOL_MAX);
      } finally {
        await held.release();
      }
      responses = await all;
    } else responses = await Promise.all(moves.map((move) => move()));
    expect(responses.map((r) => r.status)).toEqual(Array(count).fill(302));

    // The timeline in the page's order (time, then id), oldest first.
    const timeline = await t.db
      .selectFrom("activity")
      .select(["at", "id", "details"])
      .where("entity", "=", "inquiry")
      .where("entity_id", "=", id)
      .where("action", "=", "inquiry-status")
      .orderBy("at")
      .orderBy("id")
      .execute();
    const steps = timeline.map((row) => JSON.parse(row.details) as { from: InquiryStatus; to: InquiryStatus });
    expect(steps).toHaveLength(count);
    expect(steps[0].from).toBe("new");
    for (let i = 1; i < steps.length; i++) expect(steps[i].from, `move ${i + 1}`).toBe(steps[i - 1].to);
    expect(new Set(timeline.map((row) => row.at)).size).toBe(count);
    const stored = await t.db.selectFrom("inquiries").select("status").where("id", "=", id).executeTakeFirstOrThrow();
    expect(stored.status).toBe(steps.at(-1)!.to);
  });
});
