import pg from "pg";

/**
 * PostgreSQL: rows locked (`select … for update` in an open transaction) from a connection of the test's own, so
 * that requests sent at once are all held at those rows before any goes on: a barrier without sleeps. A request is
 * seen waiting when its backend is blocked by another.
 */
export async function holdRows(databaseUrl: string, query: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query("BEGIN");
  await client.query(query, params);
  const { rows } = await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
  return {
    /** Resolves once `count` backends of this database are blocked (a lock queue counts each waiter). */
    async waitForWaiting(count: number) {
      for (let i = 0; i < 400; i++) {
        // Inside a transaction the activity view is a snapshot unless cleared.
        await client.query("SELECT pg_stat_clear_snapshot()");
        const waiting = await client.query<{ n: string }>(
          "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> $1 AND cardinality(pg_blocking_pids(pid)) > 0",
          [rows[0].pid],
        );
        if (Number(waiting.rows[0].n) >= count) return;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`fewer than ${count} waiting`);
    },
    async release() {
      await client.query("COMMIT");
      await client.end();
    },
  };
}
