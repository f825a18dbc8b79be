import { log } from "~/lib/log.server";
import { nextUtcMidnight } from "~/lib/time";
import { type CachedPage, toEntry } from "./entry.server";
import { isCacheableResponse } from "./policy.server";
import { UseList, type UseNode } from "./use-list";

/** How long a page may be served without asking the database whether content changed: half the promise of 1 s. */
const CHECK_AFTER_MS = 500;
/** Past this, the next visitor waits for the answer: no page is ever served more than this after a change... */
const MUST_CHECK_AFTER_MS = 1000;
/**
 * ...unless the database takes longer than this to answer: then the cached copy is served while the check goes on
 * (a stalled database must not hang cached pages; a page rendered instead would wait for the same database).
 */
const LATE_CHECK_MS = 250;

export interface PageCacheOptions {
  /** The most the stored pages (every variant) may take; the least recently used go first. */
  maxBytes: number;
  /** The shared content version (one row in the database), raised by every change to public content. */
  readVersion: () => Promise<number>;
  raiseVersion: () => Promise<void>;
  now?: () => number;
  /** The wall clock (milliseconds since the epoch), `Date.now` by default: the cache is emptied at UTC midnight. */
  wallClock?: () => number;
  /** Sets the security headers every answer carries: a page is stored with them, for the hits Node answers. */
  secureHeaders?: (headers: Headers) => void;
}

/**
 * Rendered public pages in memory, with their brotli and gzip variants and strong ETags, for visitors without a
 * session. Any content change anywhere raises the database's content version; each instance compares it at most
 * every 0.5 s (and always before serving when the last look is 1 s old), and drops every page when it moved.
 */
export class PageCache {
  private readonly entries = new Map<string, UseNode<CachedPage>>();
  /** The same pages in order of use: a hit moves its page to the newest end, eviction takes the oldest. */
  private readonly recent = new UseList<CachedPage>();
  private readonly pending = new Map<string, Promise<CachedPage | null>>();
  private bytes = 0;
  private version: number | undefined;
  private checkedAt = -Infinity;
  private checking: Promise<void> | undefined;
  private checkStartedAt = 0;
  /** Raised by every clear: a page whose rendering began before a clear is not stored after it. */
  private generation = 0;
  private readonly now: () => number;
  private readonly wallClock: () => number;
  /** When the UTC day the stored pages were rendered on ends. */
  private dayEndsAt: number;
  /** Lookups that found a page, and cacheable requests that did not (for the metrics). */
  readonly stats = { hits: 0, misses: 0 };

  constructor(private readonly options: PageCacheOptions) {
    this.now = options.now ?? (() => performance.now());
    this.wallClock = options.wallClock ?? Date.now;
    this.dayEndsAt = nextUtcMidnight(this.wallClock());
  }

  get size() {
    return { pages: this.entries.size, bytes: this.bytes };
  }

  /**
   * Makes sure no page older than the content version is served: waits for the database when it must, but never
   * longer than LATE_CHECK_MS from when the check began.
   */
  async ensureFresh(): Promise<void> {
    if (this.freshEnough()) return;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, Math.max(0, LATE_CHECK_MS - (this.now() - this.checkStartedAt)));
    });
    await Promise.race([this.checking, late]);
    clearTimeout(timer);
  }

  /**
   * Whether a cached page may be served now without waiting for the database; asks it in the background when the
   * last look is half a second old. True too while a check is late: the database is stalled or overloaded.
   */
  freshEnough(): boolean {
    const now = this.now();
    const age = now - this.checkedAt;
    if (age < CHECK_AFTER_MS) return true;
    if (!this.checking) {
      this.checkStartedAt = now;
      this.checking = this.check().finally(() => (this.checking = undefined));
    }
    return age < MUST_CHECK_AFTER_MS || now - this.checkStartedAt >= LATE_CHECK_MS;
  }

  /** After a change on this instance: every instance drops its pages; this one at once. */
  async contentChanged(): Promise<void> {
    try {
      await this.options.raiseVersion();
    } catch (error) {
      log.error("[page-cache] could not raise the content version", error);
    }
    this.clear();
    // The next visitor reads the new version, so a page rendered between the change and now is dropped too.
    this.checkedAt = -Infinity;
  }

  clear() {
    this.entries.clear();
    this.recent.clear();
    this.bytes = 0;
    this.generation++;
  }

  /** What the page stored under `key` declared it shows (tests read it), or undefined when none is stored. */
  tagsOf(key: string): ReadonlySet<string> | undefined {
    return this.entries.get(key)?.page.shows;
  }

  lookup(key: string): CachedPage | undefined {
    this.dropAtMidnight();
    const node = this.entries.get(key);
    if (!node) return undefined;
    if (node.page.expiresAt !== undefined && this.wallClock() >= node.page.expiresAt) {
      this.remove(node);
      return undefined;
    }
    this.recent.moveToNewest(node);
    this.stats.hits++;
    return node.page;
  }

  /**
   * The cached page for `key`, rendered by `render` when missing and cacheable; otherwise the rendering's own
   * response. Visitors asking for the same missing page at once share one rendering.
   */
  async fill(key: string, render: () => Promise<Rendered>): Promise<Filled> {
    const waiting = this.pending.get(key);
    if (waiting) {
      const shared = await waiting;
      return shared ? { page: shared } : { response: (await render()).response };
    }
    this.dropAtMidnight();
    const generation = this.generation;
    let share!: (entry: CachedPage | null) => void;
    this.pending.set(key, new Promise((resolve) => (share = resolve)));
    let entry: CachedPage | null = null;
    try {
      const { response, shows } = await render();
      if (!isCacheableResponse(response)) return { response };
      const headers = new Headers(response.headers);
      this.options.secureHeaders?.(headers);
      entry = await toEntry(response.status, headers, new Uint8Array(await response.arrayBuffer()), shows);
      // A page begun before midnight shows yesterday's certificates: served to its own visitors, never stored.
      this.dropAtMidnight();
      if (generation === this.generation) this.store(key, entry);
      return { page: entry };
    } finally {
      share(entry);
      this.pending.delete(key);
    }
  }

  /**
   * Some pages change with the date alone: a certificate is shown up to its last valid day (UTC) and hidden from
   * the next, though nothing was edited. Every page is dropped at UTC midnight, which is when such a change can
   * happen; a page then lives at most until the end of the UTC day it was rendered on. Once a day the site
   * renders its pages afresh, which is cheaper and simpler than knowing which page shows which date. Browsers and
   * nginx revalidate every page (`no-cache` with an ETag, ADR 0018), so they follow within one request.
   */
  private dropAtMidnight() {
    const now = this.wallClock();
    if (now < this.dayEndsAt) return;
    this.clear();
    this.dayEndsAt = nextUtcMidnight(now);
  }

  private store(key: string, page: CachedPage) {
    // The key is kept once, as the map's own; counted with the page.
    page.bytes += key.length;
    if (page.bytes > this.options.maxBytes / 4) return;
    const previous = this.entries.get(key);
    if (previous) this.remove(previous);
    const node: UseNode<CachedPage> = { key, page, older: null, newer: null };
    this.entries.set(key, node);
    this.recent.addNewest(node);
    this.bytes += page.bytes;
    // The least recently used go first: each eviction costs the same however many pages there are, so a
    // stranger's distinct query strings cannot make a store slower. (A Map's own order would not do: deleting
    // from its front leaves holes that every later walk from the front steps over until the table is rebuilt.)
    while (this.bytes > this.options.maxBytes && this.recent.oldest) this.remove(this.recent.oldest);
  }

  private remove(node: UseNode<CachedPage>) {
    this.entries.delete(node.key);
    this.recent.unlink(node);
    this.bytes -= node.page.bytes;
  }

  private async check() {
    try {
      const version = await this.options.readVersion();
      if (this.version !== undefined && version !== this.version) this.clear();
      this.version = version;
    } catch (error) {
      // The database is away: keep answering from what is cached; the next visitor asks again.
      log.backgroundError("[page-cache] could not read the content version", error);
    }
    this.checkedAt = this.now();
  }
}

/**
 * What filling gave: the cached page, or the rendering's own response when it cannot be cached. Not told apart with
 * `instanceof Response`: @hono/node-server replaces the global Response, and `Response.json()` (React Router's
 * route discovery uses it) still makes the original kind.
 */
/** A rendering for the cache: the response, and what it declared it shows. */
export interface Rendered {
  response: Response;
  shows: ReadonlySet<string>;
}

type Filled = { page: CachedPage; response?: undefined } | { page?: undefined; response: Response };
