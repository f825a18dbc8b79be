import type { Db } from "~/db/database.server";
import { siteTimeZone } from "~/features/settings/time-zone.server";
import { log } from "~/lib/log.server";
import { DEFAULT_SITE_TIME_ZONE } from "~/lib/site-time";
import { newId } from "~/lib/time";
import { addDemandCounts, type DemandCount, type DemandEvent } from "./demand-counts.server";
import { nextSiteMidnight, siteDay } from "./demand-days";

/** How often an instance writes what it counted: what a crash may lose (ADR 0040). */
export const DEMAND_FLUSH_MS = 10_000;
/**
 * The most distinct (day, product, country, event) an instance keeps between writes. Reaching it writes at once; while
 * that write is under way, counts of new keys beyond it are dropped (those of keys already kept still count), so a
 * flood of distinct keys cannot grow memory without limit.
 */
export const DEMAND_MAX_KEYS = 50_000;

/** What is counted for one product and event: `${event}\u0000${productId}` (`demandSubject`). */
export type DemandSubjectKey = string;

/** The key a tally keeps a product's event under, made once per cached page rather than per visitor. */
export const demandSubject = (event: DemandEvent, productId: string): DemandSubjectKey => `${event}\u0000${productId}`;

/**
 * What an answer counts as each time a visitor is sent it (a product's page: a view; its spec sheet: a download),
 * kept with a cached page so that a hit counts it too; `languageCountry`: the country the page's language points to,
 * for a visitor whose country no header names.
 */
export interface AnsweredDemand {
  subject: DemandSubjectKey;
  languageCountry: string;
}

/** Counts by day, then subject, then country: no string is built for a count of a key already kept. */
type Counts = Map<string, Map<DemandSubjectKey, Map<string, number>>>;

export interface DemandTallyOptions {
  db: Db;
  /** The wall clock (ms since the epoch): the day a count belongs to. */
  clock?: () => number;
  /** The site's time zone until the settings are read (before each write); India's by default. */
  timeZone?: string;
  flushMs?: number;
  maxKeys?: number;
  /** How a batch is written (tests lose its acknowledgement); `addDemandCounts` by default. */
  write?: (db: Db, counts: readonly DemandCount[], batchId: string) => Promise<void>;
}

/** Counts drained for one write, under the id that makes a retry of it add nothing twice. */
interface Batch {
  id: string;
  counts: DemandCount[];
}

/**
 * Demand counted in memory on one instance and written in batches (`addDemandCounts`, an upsert that adds, so every
 * instance's counts add up): within `flushMs` of the first count since the last write, at once when `maxKeys` are
 * kept, and on `stop` (graceful shutdown). A crash loses what was counted since the last write.
 */
export class DemandTally {
  private counts: Counts = new Map();
  private keys = 0;
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;
  /** A batch whose write failed: retried as it was, same id, since the database may have stored it after all. */
  private unsure: Batch | undefined;
  private day = "";
  private dayEndsAt = -Infinity;
  private zone: string;
  private stopped = false;
  private droppedLogged = 0;
  private readonly db: Db;
  private readonly clock: () => number;
  private readonly flushMs: number;
  private readonly maxKeys: number;
  private readonly write: NonNullable<DemandTallyOptions["write"]>;
  /** Counts dropped because the tally was full, and writes that failed (logged; for tests and the log). */
  readonly stats = { dropped: 0, failedWrites: 0 };

  constructor(options: DemandTallyOptions) {
    this.db = options.db;
    this.clock = options.clock ?? Date.now;
    this.flushMs = options.flushMs ?? DEMAND_FLUSH_MS;
    this.maxKeys = options.maxKeys ?? DEMAND_MAX_KEYS;
    this.write = options.write ?? addDemandCounts;
    this.zone = options.timeZone ?? DEFAULT_SITE_TIME_ZONE;
  }

  /** The time zone whose days counts are kept under (the site's, as last read). */
  get timeZone() {
    return this.zone;
  }

  /**
   * Reads the site's time zone from the settings (ADR 0056): counts from now on go to its days. Done before each
   * write, so a change in the settings reaches every instance within a write; a failed read keeps the zone known.
   */
  async refreshTimeZone(): Promise<void> {
    try {
      const zone = await siteTimeZone(this.db);
      if (zone === this.zone) return;
      this.zone = zone;
      this.dayEndsAt = -Infinity;
    } catch (error) {
      log.warn("[demand] the site's time zone could not be read; counting in the one known", {
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }

  /** How many distinct keys wait to be written (those of a failed write included, not those being written). */
  get size() {
    return this.keys + (this.writing ? 0 : (this.unsure?.counts.length ?? 0));
  }

  /** One more `subject` (`demandSubject`) from `country` today (the site's day). Cheap: a few map lookups, nothing written. */
  add(subject: DemandSubjectKey, country: string, count = 1) {
    const now = this.clock();
    if (now >= this.dayEndsAt) {
      this.day = siteDay(now, this.zone);
      this.dayEndsAt = nextSiteMidnight(now, this.zone);
    }
    let bySubject = this.counts.get(this.day);
    if (!bySubject) this.counts.set(this.day, (bySubject = new Map()));
    let byCountry = bySubject.get(subject);
    if (!byCountry) bySubject.set(subject, (byCountry = new Map()));
    const kept = byCountry.get(country);
    if (kept !== undefined) {
      byCountry.set(country, kept + count);
      return;
    }
    if (this.keys >= this.maxKeys) {
      this.stats.dropped += count;
      if (!this.writing) void this.flush();
      return;
    }
    byCountry.set(country, count);
    this.keys++;
    if (this.keys >= this.maxKeys) void this.flush();
    else if (!this.timer && !this.stopped) {
      this.timer = setTimeout(() => void this.flush(), this.flushMs);
      this.timer.unref();
    }
  }

  /**
   * Writes what was counted (one write at a time: asked during one, it writes after it what is counted by then). A
   * failed write is kept whole and retried first under the same batch id: a timeout does not say the database did
   * not commit it, and the id makes the retry add nothing if it did (issue 38).
   */
  flush(): Promise<void> {
    if (this.writing) return this.writing.then(() => this.flush());
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.keys && !this.unsure) return Promise.resolve();
    if (this.stats.dropped > this.droppedLogged) {
      log.warn(
        `[demand] ${this.stats.dropped - this.droppedLogged} counts dropped: more than ${this.maxKeys} distinct keys between writes`,
      );
      this.droppedLogged = this.stats.dropped;
    }
    this.writing = this.writeBatches().finally(() => (this.writing = undefined));
    return this.writing;
  }

  private async writeBatches() {
    try {
      if (this.unsure) {
        await this.write(this.db, this.unsure.counts, this.unsure.id);
        this.unsure = undefined;
      }
      if (this.keys) {
        this.unsure = { id: newId(), counts: this.drain() };
        await this.write(this.db, this.unsure.counts, this.unsure.id);
        this.unsure = undefined;
      }
    } catch (error) {
      this.stats.failedWrites++;
      log.error(`[demand] ${this.unsure?.counts.length ?? 0} counts not written; kept for the next try`, error);
      if (!this.timer && !this.stopped) {
        this.timer = setTimeout(() => void this.flush(), this.flushMs);
        this.timer.unref();
      }
    }
    // After the counts drained: what comes next goes to the site's days as the settings say now.
    await this.refreshTimeZone();
  }

  /** No more timed writes; writes what is left (graceful shutdown, before the database closes). */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.flush();
  }

  private drain(): DemandCount[] {
    const counts: DemandCount[] = [];
    for (const [day, bySubject] of this.counts)
      for (const [subject, byCountry] of bySubject) {
        const split = subject.indexOf("\u0000");
        const event = subject.slice(0, split) as DemandEvent;
        const productId = subject.slice(split + 1);
        for (const [country, count] of byCountry) counts.push({ day, productId, country, event, count });
      }
    this.counts = new Map();
    this.keys = 0;
    return counts;
  }
}
