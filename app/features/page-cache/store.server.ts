import { log } from "~/lib/log.server";
import { nextUtcMidnight } from "~/lib/time";
import type { ChangesSince, PageChange } from "./content-version.server";
import type { AnsweredDemand } from "~/features/demand/demand-tally.server";
import { type CachedPage, toEntry } from "./entry.server";
import { isCacheableResponse, isFailedRendering } from "./policy.server";
import { indexedUnder, type Stored, StoredPages, UNDECLARED } from "./stored-pages.server";

/** How long a page may be served without asking the database whether content changed: half the promise of 1 s. */
const CHECK_AFTER_MS = 500;
/** Past this, the next visitor waits for the answer: no page is ever served more than this after a change... */
const MUST_CHECK_AFTER_MS = 1000;
/**
 * ...unless the database takes longer than this to answer: then the cached copy is served while the check goes on
 * (a stalled database must not hang cached pages; a page rendered instead would wait for the same database).
 */
const LATE_CHECK_MS = 250;
/** After a refresh failed (the database is away), the stale copy is served this long before the next try. */
const RETRY_FAILED_REFRESH_MS = 1000;
/** Where the cache learns what other instances changed, and tells them what this one changed (ADR 0027). */
export interface ChangeFeed {
  /** The newest version and what changed after `since`. */
  read(since: number): Promise<ChangesSince>;
  /** Records a change; returns the version it was given. */
  record(change: PageChange): Promise<number>;
}

export interface PageCacheOptions {
  /** The most the stored pages (every variant, stale ones too) may take; the least recently used go first. */
  maxBytes: number;
  changes: ChangeFeed;
  now?: () => number;
  /** The wall clock (milliseconds since the epoch), `Date.now` by default: the cache is emptied at UTC midnight. */
  wallClock?: () => number;
  /** Sets the security headers every answer carries: a page is stored with them, for the hits Node answers. */
  secureHeaders?: (headers: Headers) => void;
}

/** A rendering for the cache: the response, and what it declared it shows (`AppServices.shows`). */
export interface Rendered {
  response: Response;
  shows: ReadonlySet<string>;
  /** What each answer of it counts as for demand (a product's view or download, ADR 0040), if anything. */
  demand?: AnsweredDemand;
}

/** Renders the page stored under a key afresh, for no visitor: how stale pages are refreshed. */
export type Renderer = (key: string) => Promise<Rendered>;

/**
 * Rendered public pages in memory, with their brotli and gzip variants and strong ETags, for visitors without a
 * session (ADR 0018). Each page knows what it shows; a change makes stale only the pages that show what changed, on
 * this instance at once and on the others within a second (each reads the change feed at most every 0.5 s, and
 * always before serving when the last look is 1 s old). A stale page is still served while one rendering per page
 * refreshes it in the background; a failed refresh keeps the stale copy (ADR 0027).
 */
export class PageCache {
  private readonly pages: StoredPages;
  private readonly pending = new Map<string, Promise<CachedPage | null>>();
  private version: number | undefined;
  /** Versions this instance recorded itself: already applied here, not again when read back. */
  private readonly ownVersions = new Set<number>();
  private checkedAt = -Infinity;
  private checking: Promise<void> | undefined;
  private checkStartedAt = 0;
  /**
   * Counts changes applied here; with the count at which each tag (or everything) last changed, a page whose
   * rendering began before a change to what it shows is stored stale, not fresh.
   */
  private changeCount = 0;
  private everythingChangedAt = 0;
  private readonly tagChangedAt = new Map<string, number>();
  /** Raised by every clear: a page whose rendering began before a clear is not stored after it. */
  private generation = 0;
  private renderer: Renderer | undefined;
  private readonly now: () => number;
  private readonly wallClock: () => number;
  /** When the UTC day the stored pages were rendered on ends. */
  private dayEndsAt: number;
  /**
   * Lookups that found a page (stale ones included), cacheable requests that did not, stale pages served, and
   * background refreshes begun and failed (for the metrics).
   */
  readonly stats = { hits: 0, misses: 0, staleHits: 0, refreshes: 0, failedRefreshes: 0 };

  constructor(private readonly options: PageCacheOptions) {
    this.pages = new StoredPages(options.maxBytes);
    this.now = options.now ?? (() => performance.now());
    this.wallClock = options.wallClock ?? Date.now;
    this.dayEndsAt = nextUtcMidnight(this.wallClock());
  }

  get size() {
    return this.pages.size;
  }

  /** How stale pages are rendered afresh (the server's own request handler); without one, a stale page is a miss. */
  setRenderer(renderer: Renderer) {
    this.renderer = renderer;
  }

  /**
   * Makes sure no page older than the content version is served unnoticed: waits for the database when it must,
   * but never longer than LATE_CHECK_MS from when the check began.
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

  /** After a change on this instance: the pages showing it are stale here at once, and on the others soon. */
  async contentChanged(change: PageChange = "everything"): Promise<void> {
    this.apply(change);
    try {
      this.ownVersions.add(await this.options.changes.record(change));
    } catch (error) {
      log.error("[page-cache] could not record the change for the other instances", error);
    }
  }

  /** Drops every page at once (midnight; tests). */
  clear() {
    this.pages.clear();
    this.generation++;
  }

  /** What the page stored under `key` declared it shows (tests read it), or undefined when none is stored. */
  tagsOf(key: string): ReadonlySet<string> | undefined {
    return this.pages.get(key)?.page.shows;
  }

  /** Whether the page stored under `key` is stale (tests read it). */
  isStale(key: string): boolean | undefined {
    return this.pages.get(key)?.stale;
  }

  /** Whether a page is stored under `key` (fresh, stale or expired): nothing counted, nothing refreshed. */
  holds(key: string): boolean {
    return this.pages.get(key) !== undefined;
  }

  /**
   * The page to answer `key` with: a fresh one, or a stale one while it is refreshed in the background (one
   * rendering per page). Undefined when none is stored, or when a stale one cannot be refreshed here.
   */
  lookup(key: string): CachedPage | undefined {
    this.dropAtMidnight();
    const node = this.pages.get(key);
    if (!node) return undefined;
    if (node.page.expiresAt !== undefined && this.wallClock() >= node.page.expiresAt) {
      this.pages.remove(node);
      return undefined;
    }
    if (node.stale) {
      if (!this.renderer) return undefined;
      this.refresh(node, this.renderer);
      this.stats.staleHits++;
    }
    this.pages.used(node);
    this.stats.hits++;
    return node.page;
  }

  /** Resolves when no rendering for the cache is under way (tests, and a stopping server). */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending.values()]);
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
    const startedAt = this.changeCount;
    let share!: (entry: CachedPage | null) => void;
    this.pending.set(key, new Promise((resolve) => (share = resolve)));
    let entry: CachedPage | null = null;
    try {
      const { response, shows, demand } = await render();
      if (!isCacheableResponse(response)) {
        this.notStored(key, response);
        return { response };
      }
      const headers = new Headers(response.headers);
      this.options.secureHeaders?.(headers);
      entry = await toEntry(response.status, headers, new Uint8Array(await response.arrayBuffer()), shows, demand);
      // A page begun before midnight shows yesterday's certificates: served to its own visitors, never stored.
      this.dropAtMidnight();
      if (generation === this.generation) this.pages.put(key, entry, this.changedSince(startedAt, entry.shows));
      return { page: entry };
    } catch (error) {
      this.notStored(key, null);
      throw error;
    } finally {
      share(entry);
      this.pending.delete(key);
    }
  }

  /** One background rendering of a stale page at a time; the stale copy is served meanwhile. */
  private refresh(node: Stored, renderer: Renderer) {
    if (this.pending.has(node.key) || this.now() < node.retryAt) return;
    this.stats.refreshes++;
    this.fill(node.key, () => renderer(node.key)).catch((error: unknown) =>
      log.backgroundError(`[page-cache] could not refresh ${node.key.split("?", 1)[0]}`, error),
    );
  }

  /**
   * A rendering that is not kept. A failure (an error, a 5xx, a page showing a fallback for data that failed to
   * load) keeps the stale copy, tried again a second later; any other answer (the page is gone or moved) drops it.
   */
  private notStored(key: string, response: Response | null) {
    const node = this.pages.get(key);
    if (!node) return;
    const failed = response === null || isFailedRendering(response);
    if (failed && node.stale) {
      this.stats.failedRefreshes++;
      node.retryAt = this.now() + RETRY_FAILED_REFRESH_MS;
    } else if (!failed) {
      this.pages.remove(node);
    }
  }

  /** Marks stale the pages that show what changed, and notes the change for renderings under way. */
  private apply(change: PageChange) {
    const count = ++this.changeCount;
    if (change === "everything") {
      this.everythingChangedAt = count;
      this.pages.markStale();
      return;
    }
    for (const tag of [...change, UNDECLARED]) {
      this.tagChangedAt.set(tag, count);
      this.pages.markStale(tag);
    }
  }

  /** Whether what a page shows changed after the change count `since` (its rendering began then). */
  private changedSince(since: number, shows: ReadonlySet<string>): boolean {
    if (this.everythingChangedAt > since) return true;
    for (const tag of indexedUnder(shows)) if ((this.tagChangedAt.get(tag) ?? 0) > since) return true;
    return false;
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

  private async check() {
    try {
      if (this.version === undefined) {
        this.version = (await this.options.changes.read(Number.MAX_SAFE_INTEGER)).version;
      } else {
        const { version, changes } = await this.options.changes.read(this.version);
        changes.forEach((change, i) => {
          if (!this.ownVersions.delete(this.version! + 1 + i)) this.apply(change);
        });
        this.version = version;
        for (const own of this.ownVersions) if (own <= version) this.ownVersions.delete(own);
      }
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
type Filled = { page: CachedPage; response?: undefined } | { page?: undefined; response: Response };
