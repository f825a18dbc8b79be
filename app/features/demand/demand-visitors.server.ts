import { createHmac, randomBytes } from "node:crypto";
import { throttleKeyOf } from "~/lib/client-address";
import { log } from "~/lib/log.server";
import { DEFAULT_SITE_TIME_ZONE } from "~/lib/site-time";
import { nextSiteMidnight } from "./demand-days";
import type { DemandSubjectKey } from "./demand-tally.server";

/**
 * The most (visitor, product, event) an instance remembers in a day: about 10 MB. Past it a visitor it cannot
 * remember is not counted, as it could not tell them from a repeat: the figures stay low rather than open to
 * inflation, until the next day (ADR 0040).
 */
export const DEMAND_MAX_VISITORS = 200_000;

export interface DemandVisitorsOptions {
  /** The wall clock (ms since the epoch): the day a visitor is remembered for. */
  clock?: () => number;
  /** The site's time zone, whose midnight starts a new day (the tally's, as last read); India's by default. */
  timeZone?: () => string;
  maxEntries?: number;
}

/**
 * Who was already counted today, so that each visitor counts once per product, event and day (issue 37: reloading a
 * page or posting 'Add to Quote' again inflated the figures). A visitor is their address (an IPv6 /64 as one, as
 * the throttles count it) and User-Agent, kept only as an HMAC under a random secret made in memory each site's day and
 * dropped with it: nothing is stored, and yesterday's keys cannot be linked to today's.
 */
export class DemandVisitors {
  private seen = new Set<string>();
  private secret = randomBytes(32);
  private dayEndsAt = -Infinity;
  private fullLogged = false;
  private zone = "";
  private readonly clock: () => number;
  private readonly timeZone: () => string;
  private readonly maxEntries: number;
  /** Visitors not counted because the day's memory was full. */
  readonly stats = { full: 0 };

  constructor(options: DemandVisitorsOptions = {}) {
    this.clock = options.clock ?? Date.now;
    this.timeZone = options.timeZone ?? (() => DEFAULT_SITE_TIME_ZONE);
    this.maxEntries = options.maxEntries ?? DEMAND_MAX_VISITORS;
  }

  /** True the first time today this visitor comes with this subject (`demandSubject`): count it; false after. */
  firstToday(address: string, userAgent: string, subject: DemandSubjectKey): boolean {
    const now = this.clock();
    const zone = this.timeZone();
    if (now >= this.dayEndsAt) {
      this.seen = new Set();
      this.secret = randomBytes(32);
      this.fullLogged = false;
    }
    // The site's midnight ends the day; a new time zone in the settings moves it (the day's visitors are kept).
    if (now >= this.dayEndsAt || zone !== this.zone) {
      this.zone = zone;
      this.dayEndsAt = nextSiteMidnight(now, zone);
    }
    // 96 bits: no two of the day's entries share one in practice, and each costs a short string.
    const key = createHmac("sha256", this.secret)
      .update(`${throttleKeyOf(address)}\n${userAgent}\n${subject}`)
      .digest("base64url")
      .slice(0, 16);
    if (this.seen.has(key)) return false;
    if (this.seen.size >= this.maxEntries) {
      this.stats.full++;
      if (!this.fullLogged) {
        this.fullLogged = true;
        log.warn(`[demand] ${this.maxEntries} visitors remembered today: new ones are not counted until tomorrow`);
      }
      return false;
    }
    this.seen.add(key);
    return true;
  }
}
