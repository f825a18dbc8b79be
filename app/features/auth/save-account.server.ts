import type { Db } from "~/db/database.server";
import { upsertUser, type UpsertUserInput } from "~/features/auth/users.server";
import { clearAccountThrottle } from "./throttle.server";

/**
 * Creates the user or sets a new password, role and name (`upsertUser`), then lifts the account's sign-in lock, so
 * `npm run user:add` is also how a locked-out administrator gets back in. The lock is lifted after the write: until
 * the new password is stored, the lock still guards the old one.
 */
export async function saveAccount(db: Db, input: UpsertUserInput): Promise<{ id: string; created: boolean }> {
  const saved = await upsertUser(db, input);
  await clearAccountThrottle(db, input.email);
  return saved;
}
