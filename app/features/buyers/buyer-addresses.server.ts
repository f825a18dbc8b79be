import { sql, type Expression, type SqlBool } from "kysely";
import type { Db } from "~/db/database.server";
import { emailKey } from "~/lib/buyer-keys";
import { newId } from "~/lib/time";

// Which buyer an address belongs to (issue 45, ADR 0066). A buyer is known by the addresses of their inquiries and
// quotes; one address belongs to one buyer at most (`buyer_emails`' key), and an administrator may join several.

/** A stored buyer address column compared with the keys, as `emailKey` folds them (quotes and orders keep it as typed). */
export const addressIn = (column: string, keys: readonly string[]): Expression<SqlBool> =>
  keys.length ? sql<SqlBool>`lower(trim(${sql.ref(column)})) in (${sql.join(keys)})` : sql<SqlBool>`1 = 0`;

/** The company an address last wrote as, for a buyer made by a sign-in ('' when none). */
async function companyOf(db: Db, key: string): Promise<string | null> {
  const inquiry = await db
    .selectFrom("inquiries")
    .select("company")
    .where("email_key", "=", key)
    .where("company", "is not", null)
    .where("company", "!=", "")
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  if (inquiry?.company) return inquiry.company;
  const quote = await db
    .selectFrom("quotes")
    .select("buyer_company")
    .where(addressIn("buyer_email", [key]))
    .where("buyer_company", "is not", null)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return quote?.buyer_company ?? null;
}

/** Whether the site knows the address: an inquiry (not spam) or a sent quote came from or went to it. */
export async function isKnownAddress(db: Db, key: string): Promise<boolean> {
  const [inquiry, quote] = await Promise.all([
    db
      .selectFrom("inquiries")
      .select("id")
      .where("email_key", "=", key)
      .where("status", "!=", "spam")
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom("quotes")
      .select("id")
      .where(addressIn("buyer_email", [key]))
      .where("token", "is not", null)
      .limit(1)
      .executeTakeFirst(),
  ]);
  return !!(inquiry || quote);
}

export interface AddressOwner {
  buyerId: string;
  disabled: boolean;
}

/** The buyer an address belongs to, or undefined. */
export async function ownerOf(db: Pick<Db, "selectFrom">, key: string): Promise<AddressOwner | undefined> {
  const row = await db
    .selectFrom("buyer_emails")
    .innerJoin("buyers", "buyers.id", "buyer_emails.buyer_id")
    .select(["buyers.id", "buyers.disabled_at"])
    .where("buyer_emails.email_key", "=", key)
    .executeTakeFirst();
  return row && { buyerId: row.id, disabled: !!row.disabled_at };
}

/**
 * The buyer of a known address, made with that one address when it has none yet (a first sign-in). Two requests at
 * once make one: the address's key is unique, and the one that loses reads the winner's.
 */
export async function buyerOfAddress(db: Db, email: string, now: number): Promise<AddressOwner | undefined> {
  const key = emailKey(email);
  const owner = await ownerOf(db, key);
  if (owner || !(await isKnownAddress(db, key))) return owner;
  const at = new Date(now).toISOString();
  const id = newId();
  const name = (await companyOf(db, key)) ?? "";
  await db.transaction().execute(async (trx) => {
    await trx.insertInto("buyers").values({ id, name, created_at: at, updated_at: at }).execute();
    const added = await trx
      .insertInto("buyer_emails")
      .values({ email_key: key, buyer_id: id, added_at: at })
      .onConflict((oc) => oc.column("email_key").doNothing())
      .returning("buyer_id")
      .executeTakeFirst();
    if (!added) await trx.deleteFrom("buyers").where("id", "=", id).execute();
  });
  return ownerOf(db, key);
}
