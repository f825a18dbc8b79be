import type { DemandEvent } from "~/db/schema";

// What the Demand screen shows (ADR 0040), for the server's queries and the page alike.

export type { DemandEvent };

/** The funnel in its order: each step a buyer takes further (a sample request sits beside the quote request). */
export const FUNNEL: readonly DemandEvent[] = ["view", "download", "add", "request", "sample", "quote", "won"];

/**
 * What visitors' answers count (`demand_daily`, ADR 0040); the others are deals read from the inquiries and quotes
 * themselves, each once (ADR 0056).
 */
export const COUNTED_EVENTS = ["view", "download", "add"] as const satisfies readonly DemandEvent[];

/** The funnel as drawn, and its trend per week: views → requests → quotes → won. */
export const STEPS = ["view", "request", "quote", "won"] as const satisfies readonly DemandEvent[];

export const DEMAND_PERIODS = [30, 90] as const;
export type DemandPeriod = (typeof DEMAND_PERIODS)[number];

/** Products per page of the screen's product table. */
export const DEMAND_PAGE_SIZE = 50;

export type Funnel = Record<DemandEvent, number>;

export const emptyFunnel = (): Funnel => ({ view: 0, download: 0, add: 0, request: 0, sample: 0, quote: 0, won: 0 });

/** The query-string value of a country filter ('' is `unknown`). */
export const countryParam = (country: string) => country || "unknown";
