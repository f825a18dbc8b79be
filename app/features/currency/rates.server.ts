import type { Db } from "~/db/database.server";
import { recordActivity } from "~/features/history/record.server";
import type { Actor } from "~/lib/actor";
import type { Refusal } from "~/lib/forms/submission";
import { nowIso } from "~/lib/time";
import {
  DEFAULT_MAX_AGE_DAYS,
  isFreshRate,
  isRateCurrency,
  rateExpiresAt,
  type CurrencyOffer,
  type EmbeddedRates,
  type RateCurrency,
} from "./rates";

// The exchange rates an administrator keeps (issue 43) and the ones a product page may carry: only rates at most
// "Longest a rate may be used" days old on the day the page is rendered, so a stale rate is never shown.

export interface ExchangeRate {
  currency: RateCurrency;
  /** As typed: "3.6725". */
  rate: string;
  rateDate: string;
  updatedAt: string;
  updatedBy: string | null;
}

export const RATE_IN_FUTURE = "Rate date cannot be in the future: enter the day the rate was taken.";
export const RATE_NOT_FOUND = "This rate no longer exists: it was deleted meanwhile.";

const who = (actor: Actor) => actor.fullName || actor.email;

export async function listExchangeRates(db: Db): Promise<ExchangeRate[]> {
  const rows = await db.selectFrom("exchange_rates").selectAll().orderBy("currency").execute();
  return rows
    .filter((row) => isRateCurrency(row.currency))
    .map((row) => ({
      currency: row.currency as RateCurrency,
      rate: row.rate,
      rateDate: row.rate_date,
      updatedAt: row.updated_at,
      updatedBy: row.updated_by,
    }));
}

/** "Longest a rate may be used", in days (7 until an administrator sets it). */
export async function maxRateAgeDays(db: Db): Promise<number> {
  const row = await db.selectFrom("exchange_rate_policy").select("max_age_days").where("id", "=", 1).executeTakeFirst();
  return row?.max_age_days ?? DEFAULT_MAX_AGE_DAYS;
}

/** Adds a currency's rate or replaces it; `today` is the site's day, which the rate's date may not be after. */
export async function saveExchangeRate(
  db: Db,
  actor: Actor,
  input: { currency: RateCurrency; rate: string; rateDate: string },
  today: string,
): Promise<{ ok: true; added: boolean } | Refusal> {
  if (input.rateDate > today)
    return { ok: false, title: "Rate Not Saved", message: RATE_IN_FUTURE, field: "rate_date", status: 400 };
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("exchange_rates")
      .select(["rate", "rate_date"])
      .where("currency", "=", input.currency)
      .executeTakeFirst();
    const values = { rate: input.rate, rate_date: input.rateDate, updated_at: nowIso(), updated_by: who(actor) };
    if (before) {
      if (before.rate === input.rate && before.rate_date === input.rateDate) return { ok: true as const, added: false };
      await trx.updateTable("exchange_rates").set(values).where("currency", "=", input.currency).execute();
    } else {
      await trx
        .insertInto("exchange_rates")
        .values({ currency: input.currency, ...values })
        .execute();
    }
    const now = `${input.currency} ${input.rate} (rates of ${input.rateDate})`;
    await recordActivity(trx, actor, {
      action: before ? "update" : "create",
      entity: "exchange_rate",
      entityId: input.currency,
      label: input.currency,
      summary: before
        ? `Exchange rate: ${input.currency} ${before.rate} (rates of ${before.rate_date}) → ${input.rate} (rates of ${input.rateDate})`
        : `Added exchange rate: 1 USD = ${now}`,
    });
    return { ok: true as const, added: !before };
  });
}

export async function deleteExchangeRate(db: Db, actor: Actor, currency: string): Promise<{ ok: true } | Refusal> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("exchange_rates")
      .select(["rate", "rate_date"])
      .where("currency", "=", currency)
      .executeTakeFirst();
    if (!row) return { ok: false, title: "Error Deleting Rate", message: RATE_NOT_FOUND, status: 404 };
    await trx.deleteFrom("exchange_rates").where("currency", "=", currency).execute();
    await recordActivity(trx, actor, {
      action: "delete",
      entity: "exchange_rate",
      entityId: currency,
      label: currency,
      summary: `Deleted exchange rate: ${currency} ${row.rate} (rates of ${row.rate_date})`,
    });
    return { ok: true as const };
  });
}

export async function saveMaxRateAge(db: Db, actor: Actor, days: number): Promise<{ ok: true }> {
  return db.transaction().execute(async (trx) => {
    const before = await maxRateAgeDays(trx);
    if (before === days) return { ok: true as const };
    const values = { max_age_days: days, updated_at: nowIso(), updated_by: who(actor) };
    const updated = await trx.updateTable("exchange_rate_policy").set(values).where("id", "=", 1).executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0)
      await trx
        .insertInto("exchange_rate_policy")
        .values({ id: 1, ...values })
        .execute();
    await recordActivity(trx, actor, {
      action: "update",
      entity: "exchange_rate",
      entityId: "max-age",
      label: "Longest a rate may be used",
      summary: `Longest a rate may be used: ${before} → ${days} days`,
    });
    return { ok: true as const };
  });
}

/**
 * The rates a public page may carry on `today` (UTC, as the page cache's day): those at most the allowed age, and
 * when the first of them goes stale (a UTC midnight, when the page cache drops every page anyway).
 */
export async function freshRates(db: Db, today: string): Promise<{ rates: EmbeddedRates; expiresAt: number | null }> {
  const [rows, maxAge] = await Promise.all([listExchangeRates(db), maxRateAgeDays(db)]);
  const rates: EmbeddedRates = {};
  let expiresAt: number | null = null;
  for (const row of rows) {
    const rate = Number(row.rate);
    if (!(rate > 0) || !isFreshRate(row.rateDate, today, maxAge)) continue;
    rates[row.currency] = { rate, date: row.rateDate };
    const expiry = rateExpiresAt(row.rateDate, maxAge);
    expiresAt = expiresAt === null ? expiry : Math.min(expiresAt, expiry);
  }
  return { rates, expiresAt };
}

/**
 * The offer for a price in `from` on `today`: null when no fresh rate can convert it (a price in a currency other
 * than USD needs its own fresh rate).
 */
export async function currencyOffer(db: Db, from: string, today: string, lang: string): Promise<CurrencyOffer | null> {
  const { rates } = await freshRates(db, today);
  if (from !== "USD" && !rates[from]) return null;
  const codes = [...(from === "USD" ? [] : ["USD"]), ...Object.keys(rates).filter((code) => code !== from)];
  if (!codes.length) return null;
  const names = new Intl.DisplayNames([lang, "en"], { type: "currency" });
  return { rates, options: codes.map((code) => ({ code, name: names.of(code) ?? code })) };
}
