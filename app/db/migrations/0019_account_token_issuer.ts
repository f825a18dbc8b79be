import type { Kysely, Migration } from "kysely";

// Frozen once landed: change the schema with a new migration, never by editing this one.
export const accountTokenIssuer: Migration = {
  async up(db: Kysely<any>) {
    // Who made a one-time link (issue 37): the administrator's user id, or null when the account's owner asked for
    // it ('Forgot password?', a sign-in's second step). A link asked for from the login page must never replace
    // one an administrator made. No foreign key: the link outlives nothing, and a deleted administrator's link
    // still works for its hour.
    await db.schema.alterTable("account_tokens").addColumn("issued_by", "text").execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable("account_tokens").dropColumn("issued_by").execute();
  },
};
