import type { IncomingMessage } from "node:http";
import type { Context, MiddlewareHandler } from "hono";
import { isbot } from "isbot";
import type { Db } from "../app/db/database.server";
import { SESSION_COOKIE } from "../app/features/auth/session.server";
import { countryOfHeader, countryOfLanguage } from "../app/features/demand/country";
import type { DemandEvent } from "../app/features/demand/demand-counts.server";
import {
  type AnsweredDemand,
  DemandTally,
  type DemandSubjectKey,
  demandSubject,
} from "../app/features/demand/demand-tally.server";
import { DemandVisitors } from "../app/features/demand/demand-visitors.server";
import { languageOfPath } from "../app/lib/i18n/languages";
import { clientAddress } from "./observe";
import { answerRecordOf, headerOf, startAnswerRecord } from "./page-cache-middleware";

// Where demand is counted on the HTTP server (ADR 0040): each answer that is a product's page or spec sheet, when a
// visitor is sent it (a cache hit answered from Node's own request included), and the adds and requests the app
// counts as they happen, each visitor once per product, event and day. Robots, the team's own sessions, prefetches,
// HEAD and failed answers are not counted; nothing about the visitor is stored but a country.

/** A signed-in member of the team: their own browsing of the catalogue is not demand. */
const SESSION = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=`);

/**
 * Whether a User-Agent is a robot's, remembered per value: a handful of browsers' strings make up most traffic, and
 * isbot's pattern costs more than a map lookup. Bounded: emptied when it holds `MAX_AGENTS` values.
 */
const robotByAgent = new Map<string, boolean>();
const MAX_AGENTS = 2000;
function isRobot(agent: string): boolean {
  let robot = robotByAgent.get(agent);
  if (robot === undefined) {
    robot = isbot(agent);
    if (robotByAgent.size >= MAX_AGENTS) robotByAgent.clear();
    robotByAgent.set(agent, robot);
  }
  return robot;
}

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** What of a request a count depends on. */
interface Visitor {
  /** The client's address (X-Forwarded-For's first behind TRUST_PROXY), only to tell a repeat (`DemandVisitors`). */
  address: string;
  userAgent: string | undefined;
  cookie: string | undefined;
  /** Sec-Purpose (or Purpose): a prefetch the visitor may never look at. */
  purpose: string | undefined;
  /** The value of the configured country header (DEMAND_COUNTRY_HEADER), if any. */
  country: string | undefined;
}

export interface DemandCounterOptions {
  db: Db;
  /** The request header (lowercase) a proxy or CDN you control sets to the visitor's country; unset, none is read. */
  countryHeader: string | undefined;
  /** TRUST_PROXY: the client's address is X-Forwarded-For's first. */
  trustProxy?: boolean;
  clock?: () => number;
}

/** One instance's demand counting: who counts, from which country, into a `DemandTally` written every 10 s. */
export class DemandCounter {
  readonly tally: DemandTally;
  readonly visitors: DemandVisitors;
  private readonly countryHeader: string | undefined;
  private readonly trustProxy: boolean;

  constructor(options: DemandCounterOptions) {
    this.tally = new DemandTally({ db: options.db, clock: options.clock });
    // One day for both, the site's (ADR 0056): read from the settings now, and again before each write.
    this.visitors = new DemandVisitors({ clock: options.clock, timeZone: () => this.tally.timeZone });
    void this.tally.refreshTimeZone();
    this.countryHeader = options.countryHeader;
    this.trustProxy = options.trustProxy ?? false;
  }

  /** Counts `subject` for this visitor, the first time today they come with it; a repeat counts nothing. */
  private count(visitor: Visitor, subject: DemandSubjectKey, languageCountry: string) {
    const country = this.countryOf(visitor, languageCountry);
    if (country !== null && this.visitors.firstToday(visitor.address, visitor.userAgent!, subject))
      this.tally.add(subject, country);
  }

  /**
   * The country to count this visitor in: the configured header's, when it names one; else the page language's
   * region (`languageCountry`, '' for unknown). Null when the request is not counted at all.
   */
  private countryOf(visitor: Visitor, languageCountry: string): string | null {
    const { userAgent, cookie, purpose } = visitor;
    if (!userAgent || isRobot(userAgent)) return null;
    if (cookie && SESSION.test(cookie)) return null;
    if (purpose && purpose.includes("prefetch")) return null;
    return countryOfHeader(visitor.country) ?? languageCountry;
  }

  /** A cache hit answered from Node's own request: counted when it is a GET answered 200 or 304 (cheap, no I/O). */
  countHit(req: IncomingMessage, status: number, answered: AnsweredDemand) {
    if (req.method !== "GET" || (status !== 200 && status !== 304)) return;
    const { headers } = req;
    const visitor = {
      address: clientAddress(headers["x-forwarded-for"], req.socket.remoteAddress, this.trustProxy),
      userAgent: headers["user-agent"],
      cookie: headers.cookie,
      purpose: single(headers["sec-purpose"] ?? headers.purpose),
      country: this.countryHeader ? single(headers[this.countryHeader]) : undefined,
    };
    this.count(visitor, answered.subject, answered.languageCountry);
  }

  /** A request's visitor, from Node's request when there is one (else the web Request's headers). */
  private visitorOf(c: Context): Visitor {
    const socket = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket;
    return {
      address: clientAddress(headerOf(c, "x-forwarded-for"), socket?.remoteAddress, this.trustProxy),
      userAgent: headerOf(c, "user-agent"),
      cookie: headerOf(c, "cookie"),
      purpose: headerOf(c, "sec-purpose") ?? headerOf(c, "purpose"),
      country: this.countryHeader ? headerOf(c, this.countryHeader) : undefined,
    };
  }

  /**
   * Counts what the answers of the app count as (`AppServices.answersDemand`: a product's page, its spec sheet),
   * whether rendered now or taken from the page cache. Register it before the page cache.
   */
  middleware(): MiddlewareHandler {
    return async (c, next) => {
      const record = startAnswerRecord(c);
      await next();
      const answered = record?.demand;
      if (!answered || c.req.method !== "GET" || (c.res.status !== 200 && c.res.status !== 304)) return;
      this.count(this.visitorOf(c), answered.subject, answered.languageCountry);
    };
  }

  /**
   * What a request hands the app (`AppServices.answersDemand` and `countDemand`): this answer is a product's view or
   * download (counted as it is sent), and events counted now (a quote-list add, a request) for this visitor.
   */
  recorders(c: Context): {
    answersDemand: (event: "view" | "download", productId: string) => void;
    countDemand: (event: DemandEvent, productIds: readonly string[]) => void;
  } {
    const languageCountry = () => countryOfLanguage(languageOfPath(c.req.path));
    return {
      answersDemand: (event, productId) => {
        const record = answerRecordOf(c);
        if (record) record.demand = { subject: demandSubject(event, productId), languageCountry: languageCountry() };
      },
      countDemand: (event, productIds) => {
        const visitor = this.visitorOf(c);
        for (const productId of new Set(productIds))
          this.count(visitor, demandSubject(event, productId), languageCountry());
      },
    };
  }

  /** Writes what was counted (tests; the tally writes by itself every 10 s). */
  flush(): Promise<void> {
    return this.tally.flush();
  }

  /** Graceful shutdown: writes what is left, before the database closes. */
  stop(): Promise<void> {
    return this.tally.stop();
  }
}
