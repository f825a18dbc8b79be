import { createContext, type RouterContextProvider } from "react-router";
import type { AppConfig } from "./config.server";
import type { Db } from "./db/database.server";
import type { DemandEvent } from "./db/schema";
import type { Storage } from "~/lib/storage/storage.server";
import type { PageTag } from "~/lib/web/page-tags";

/** What the server hands every loader, action and middleware for one request. */
export interface AppServices {
  db: Db;
  config: AppConfig;
  storage: Storage;
  /**
   * The wall clock (milliseconds since the epoch): `Date.now`, or the day a test sets. What depends on the date
   * (a certificate's validity) reads it here.
   */
  now: () => number;
  /**
   * The client as throttles count it (sign-in, contact and quote forms), never trusted for anything else: its IPv4
   * address, or its IPv6 address's /64 (`throttleKeyOf`), as the socket or, behind TRUST_PROXY, X-Forwarded-For says.
   */
  clientIp: string;
  /**
   * This answer shows a fallback for data that failed to load (spec §4, §8): it must not be kept by the page
   * cache or any other cache, or the failure would outlive the outage.
   */
  markIncomplete(): void;
  /**
   * This answer shows these pieces of content (`pageTag`, ADR 0027): the page cache drops it when one of them
   * changes. Every loader of a public page declares what it reads; a page that declares nothing is dropped by any
   * change.
   */
  shows(...tags: PageTag[]): void;
  /**
   * This back-office write changed these pieces of public content: the pages that show them are refreshed on every
   * instance. A write that names nothing refreshes every page.
   */
  changed(...tags: PageTag[]): void;
  /**
   * This answer is a view of a product's page or a download of its spec sheet (ADR 0040): counted as demand each time
   * a visitor is sent it, from the page cache too (not for robots, the team's sessions, HEAD or a failed answer).
   */
  answersDemand(event: "view" | "download", productId: string): void;
  /**
   * Counts demand now, once per product, for this request's visitor (ADR 0040): a quote-list add, a quote or sample
   * request. Nothing for a robot or a signed-in member of the team. Held in memory and written every 10 seconds.
   */
  countDemand(event: DemandEvent, productIds: readonly string[]): void;
}

// The Hono server (run from source) and the route modules (bundled by the build) are two module copies;
// a registry key makes them share one context object.
const KEY = Symbol.for("agro-export.services-context");
const registry = globalThis as unknown as Record<symbol, ReturnType<typeof createContext<AppServices>>>;
export const servicesContext = (registry[KEY] ??= createContext<AppServices>());

export function getServices(context: Readonly<RouterContextProvider>): AppServices {
  return context.get(servicesContext);
}
