import type { Kysely, Migration } from "kysely";

// Frozen once landed: change the schema with a new migration, never by editing this one.
export const accountMailOutbox: Migration = {
  async up(db: Kysely<any>) {
    // Account emails (invitations, reset links, code-lock notices) move onto the outbox (issue 38, ADR 0051).
    // `requested_by` is who asked for the email (an administrator's id; null for the account's owner or the server):
    // an invitation names its inviter, and the link made when it goes carries the same issuer as one made by hand.
    await db.schema.alterTable("outbox").addColumn("requested_by", "text").execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable("outbox").dropColumn("requested_by").execute();
  },
};
