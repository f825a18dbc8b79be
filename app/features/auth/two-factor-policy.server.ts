import type { Db } from "~/db/database.server";
import { recordActivity } from "~/features/history/record.server";
import type { Actor } from "~/lib/actor";

// The require-two-factor switch (ADR 0034): the guard reads it on every admin request, so it lives with the guard.
const REQUIRE_2FA = "require_two_factor";

/** Whether every administrator must sign in with a second factor (those without one are sent to enrol). */
export async function twoFactorRequired(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom("account_settings")
    .select("value")
    .where("name", "=", REQUIRE_2FA)
    .executeTakeFirst();
  return row?.value === "on";
}

/** True when two-factor sign-in is required and this account has not set it up (one query). */
export async function mustEnrolTwoFactor(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("account_settings")
    .select("value")
    .where("name", "=", REQUIRE_2FA)
    .where("value", "=", "on")
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("users")
            .select("users.id")
            .where("users.id", "=", userId)
            .where("users.totp_secret", "is not", null),
        ),
      ),
    )
    .executeTakeFirst();
  return !!row;
}

export async function setTwoFactorRequired(db: Db, actor: Actor, required: boolean, now: number) {
  const at = new Date(now).toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("account_settings")
      .values({ name: REQUIRE_2FA, value: required ? "on" : "off", updated_at: at })
      .onConflict((oc) => oc.column("name").doUpdateSet({ value: required ? "on" : "off", updated_at: at }))
      .execute();
    await recordActivity(trx, actor, {
      action: "account",
      summary: required
        ? "Two-factor sign-in is now required for all administrators"
        : "Two-factor sign-in is no longer required",
      details: { kind: "require-two-factor", required },
      at,
    });
  });
}
