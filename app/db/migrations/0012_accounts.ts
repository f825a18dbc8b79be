import type { Kysely, Migration } from "kysely";

// Frozen once landed: change the schema with a new migration, never by editing this one.
export const accounts: Migration = {
  async up(db: Kysely<any>) {
    // Accounts in the back office (issue 27, ADR 0034).
    await db.schema
      .alterTable("users")
      // Set while the account may not sign in (its sessions are ended when it is set).
      .addColumn("disabled_at", "text")
      .execute();
    await db.schema.alterTable("users").addColumn("last_sign_in_at", "text").execute();
    // TOTP: the secret the authenticator app shares (base32), set once enrolment is confirmed with a code; the
    // pending one between showing the QR code and that confirmation; the hashes of the unused recovery codes
    // (JSON text, string[]); the last time step accepted, so a code is never accepted twice.
    await db.schema.alterTable("users").addColumn("totp_secret", "text").execute();
    await db.schema.alterTable("users").addColumn("totp_pending_secret", "text").execute();
    await db.schema.alterTable("users").addColumn("totp_recovery_hashes", "text").execute();
    await db.schema.alterTable("users").addColumn("totp_last_step", "integer").execute();
    // The address a session signed in from, for the account's sessions list.
    await db.schema.alterTable("sessions").addColumn("ip", "text").execute();

    // One-time links: an invitation (48 h), a password reset (1 h), a sign-in waiting for its second step
    // (5 min). Only the SHA-256 of the token is stored.
    await db.schema
      .createTable("account_tokens")
      .addColumn("token_hash", "text", (c) => c.primaryKey())
      .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("purpose", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .execute();
    await db.schema.createIndex("account_tokens_user_idx").on("account_tokens").columns(["user_id"]).execute();

    // Account-wide choices of the administrators (the 2FA requirement), by name.
    await db.schema
      .createTable("account_settings")
      .addColumn("name", "text", (c) => c.primaryKey())
      .addColumn("value", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable("account_settings").execute();
    await db.schema.dropTable("account_tokens").execute();
    await db.schema.alterTable("sessions").dropColumn("ip").execute();
    for (const column of [
      "totp_last_step",
      "totp_recovery_hashes",
      "totp_pending_secret",
      "totp_secret",
      "last_sign_in_at",
      "disabled_at",
    ]) {
      await db.schema.alterTable("users").dropColumn(column).execute();
    }
  },
};
