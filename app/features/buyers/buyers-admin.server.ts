import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import { recordActivity } from "~/features/history/record.server";
import type { Actor } from "~/lib/actor";
import { emailKey } from "~/lib/buyer-keys";
import { newId } from "~/lib/time";
import { isKnownAddress } from "./buyer-addresses.server";

// The back office's side of buyer sign-in (issue 45, ADR 0066): which addresses make one buyer company, and whether
// it may sign in. Joining is the administrator's act: the grouping by company (ADR 0038) only suggests it, since a
// stranger could write in a company's name from any address.

export async function listBuyers(db: Db) {
  const [buyers, addresses] = await Promise.all([
    db.selectFrom("buyers").selectAll().orderBy("name").orderBy("created_at").execute(),
    db.selectFrom("buyer_emails").select(["buyer_id", "email_key"]).orderBy("email_key").execute(),
  ]);
  return buyers.map((buyer) => ({
    ...buyer,
    addresses: addresses.filter((address) => address.buyer_id === buyer.id).map((address) => address.email_key),
  }));
}

/**
 * Companies whose inquiries came from several addresses that are not one buyer yet (ADR 0038's company key): the
 * team's suggestion to join, with the company as last written. Spam is left out.
 */
export async function suggestedJoins(db: Db) {
  const rows = await db
    .selectFrom("inquiries")
    .leftJoin("buyer_emails", "buyer_emails.email_key", "inquiries.email_key")
    .select(["inquiries.company_key", "inquiries.email_key", "inquiries.company", "buyer_emails.buyer_id"])
    .where("inquiries.company_key", "is not", null)
    .where("inquiries.email_key", "is not", null)
    .where("inquiries.status", "!=", "spam")
    .orderBy("inquiries.created_at", "desc")
    .limit(2000)
    .execute();
  const groups = new Map<string, { company: string; addresses: Map<string, string | null> }>();
  for (const row of rows) {
    const group = groups.get(row.company_key!) ?? { company: row.company ?? "", addresses: new Map() };
    group.addresses.set(row.email_key!, row.buyer_id);
    groups.set(row.company_key!, group);
  }
  return [...groups.values()]
    .filter(({ addresses }) => {
      const owners = new Set(addresses.values());
      return addresses.size > 1 && !(owners.size === 1 && !owners.has(null));
    })
    .slice(0, 20)
    .map(({ company, addresses }) => ({ company, addresses: [...addresses.keys()].sort() }));
}

export type JoinOutcome = { ok: true; buyerId: string } | { ok: false; error: string; field: "name" | "addresses" };

export const ADDRESSES_MAX = 20;

/**
 * Makes the addresses one buyer named `name`: the buyer one of them already has (the first that has one), or a new
 * one. An address of another buyer moves here and that buyer's sessions opened with it end; a buyer left without
 * addresses is removed. Each address must be one the site knows (an inquiry or a sent quote).
 */
export async function joinAddresses(
  db: Db,
  actor: Actor,
  input: { name: string; addresses: string },
  now: number,
): Promise<JoinOutcome> {
  const name = input.name.trim().slice(0, 200);
  if (!name) return { ok: false, error: "Company is required.", field: "name" };
  const keys = [
    ...new Set(
      input.addresses
        .split(/[\s,;]+/)
        .map(emailKey)
        .filter(Boolean),
    ),
  ];
  if (keys.length === 0) return { ok: false, error: "Enter at least one email address.", field: "addresses" };
  if (keys.length > ADDRESSES_MAX)
    return { ok: false, error: `At most ${ADDRESSES_MAX} addresses at once.`, field: "addresses" };
  for (const key of keys)
    if (!(await isKnownAddress(db, key)))
      return { ok: false, error: `No inquiry or sent quote is from ${key}.`, field: "addresses" };
  const at = new Date(now).toISOString();
  const buyerId = await db.transaction().execute(async (trx) => {
    const owners = await trx
      .selectFrom("buyer_emails")
      .select(["email_key", "buyer_id"])
      .where("email_key", "in", keys)
      .execute();
    // The buyer of the first address listed that has one.
    const id = keys.map((key) => owners.find((owner) => owner.email_key === key)).find(Boolean)?.buyer_id;
    const target = id ?? newId();
    if (id) await trx.updateTable("buyers").set({ name, updated_at: at }).where("id", "=", id).execute();
    else await trx.insertInto("buyers").values({ id: target, name, created_at: at, updated_at: at }).execute();
    for (const owner of owners.filter((o) => o.buyer_id !== target)) {
      await trx
        .deleteFrom("buyer_sessions")
        .where("buyer_id", "=", owner.buyer_id)
        .where("email_key", "=", owner.email_key)
        .execute();
      await trx
        .updateTable("buyer_emails")
        .set({ buyer_id: target, added_at: at })
        .where("email_key", "=", owner.email_key)
        .execute();
    }
    const known = new Set(owners.map((owner) => owner.email_key));
    for (const key of keys.filter((k) => !known.has(k)))
      await trx.insertInto("buyer_emails").values({ email_key: key, buyer_id: target, added_at: at }).execute();
    // A buyer whose last address moved here is gone with its sessions.
    await trx
      .deleteFrom("buyers")
      .where("id", "!=", target)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom("buyer_emails").select("email_key").whereRef("buyer_emails.buyer_id", "=", "buyers.id"))),
      )
      .execute();
    await recordActivity(trx, actor, {
      action: "buyer-access",
      entity: "buyer",
      entityId: target,
      label: name,
      summary: `Addresses joined as ${name}: ${keys.join(", ")}`,
      details: { addresses: keys },
      at,
    });
    return target;
  });
  return { ok: true, buyerId };
}

/** Removes one address from a buyer: its sessions end, and it can no longer sign in as that buyer. */
export async function removeAddress(db: Db, actor: Actor, buyerId: string, address: string, now: number) {
  const key = emailKey(address);
  const at = new Date(now).toISOString();
  return db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom("buyer_emails")
      .where("buyer_id", "=", buyerId)
      .where("email_key", "=", key)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) !== 1) return false;
    await trx.deleteFrom("buyer_sessions").where("buyer_id", "=", buyerId).where("email_key", "=", key).execute();
    const buyer = await trx.selectFrom("buyers").select("name").where("id", "=", buyerId).executeTakeFirst();
    await recordActivity(trx, actor, {
      action: "buyer-access",
      entity: "buyer",
      entityId: buyerId,
      label: buyer?.name ?? "",
      summary: `Address removed: ${key}`,
      details: { removed: key },
      at,
    });
    return true;
  });
}

/** Disables a buyer's access (every session ends, no sign-in link is sent) or enables it again. */
export async function setBuyerAccess(db: Db, actor: Actor, buyerId: string, enabled: boolean, now: number) {
  const at = new Date(now).toISOString();
  return db.transaction().execute(async (trx) => {
    const buyer = await trx.selectFrom("buyers").select(["name"]).where("id", "=", buyerId).executeTakeFirst();
    if (!buyer) return false;
    await trx
      .updateTable("buyers")
      .set({ disabled_at: enabled ? null : at, updated_at: at })
      .where("id", "=", buyerId)
      .execute();
    if (!enabled) {
      await trx.deleteFrom("buyer_sessions").where("buyer_id", "=", buyerId).execute();
      await trx.deleteFrom("buyer_sign_in_links").where("buyer_id", "=", buyerId).execute();
    }
    await recordActivity(trx, actor, {
      action: "buyer-access",
      entity: "buyer",
      entityId: buyerId,
      label: buyer.name,
      summary: enabled ? "Access enabled" : "Access disabled",
      details: { enabled },
      at,
    });
    return true;
  });
}

/** How many sessions each buyer has open now (the list's 'Signed in' column). */
export async function openSessions(db: Db, now: number) {
  const rows = await db
    .selectFrom("buyer_sessions")
    .select(["buyer_id", sql<number>`count(*)`.as("count")])
    .where("expires_at", ">", new Date(now).toISOString())
    .groupBy("buyer_id")
    .execute();
  return new Map(rows.map((row) => [row.buyer_id, Number(row.count)]));
}
