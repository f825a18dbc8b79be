import { DEFAULT_LANGUAGE, type Language, languageOfPath } from "~/lib/i18n/languages";
import { log } from "~/lib/log.server";
import { nextUtcMidnight } from "~/lib/time";
import type { ChangesSince, PageChange } from "./content-version.server";
import type { AnsweredDemand } from "~/features/demand/demand-tally.server";
import { type CachedPage, toEntry } from "./entry.server";
import { isCacheableResponse, isFailedRendering } from "./policy.server";
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
/** After a refresh failed (the database is away), the stale copy is served this long before the next try. */
const RETRY_FAILED_REFRESH_MS = 1000;
/** Stands for the pages that declared nothing: every change makes them stale. */
const UNDECLARED = "";
/**
 * Each language's pages have a share of the memory (issue 26): English, the site's own addresses, may use it all but
 * keeps at least half whatever the other languages hold; each other language at most a quarter. A crawler walking
 * `/bn/…` then evicts Bengali pages, and never English's (nor more than its share of the others').
 */
const SHARE_OF = (lang: Language) => (lang === DEFAULT_LANGUAGE ? 1 / 2 : 1 / 4);
const OTHER_LANGUAGE_MAX = 1 / 4;

/** A language's pages in order of use, and what they take. */
interface Partition {
  recent: UseList<CachedPage>;
  bytes: number;
}

/** The language of a key (a path and query): its prefix, else English. */
const languageOfKey = (key: string) => languageOfPath(key.split("?", 1)[0]);

/** The names a page is indexed under: what it declared, or `UNDECLARED`. */
const indexedUnder = (shows: ReadonlySet<string>): Iterable<string> => (shows.size ? shows : [UNDECLARED]);

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

/** A stored page with its place in the order of use, and whether a change has made it stale. */
interface Stored extends UseNode<CachedPage> {
  /** Its language's pages (their order of use and memory). */
  partition: Partition;
  stale: boolean;
  /** After a failed refresh: when the next may begin. */
  retryAt: number;
}

/**
 * Rendered public pages in memory, with their brotli and gzip variants and strong ETags, for visitors without a
 * session (ADR 0018). Each page knows what it shows; a change makes stale only the pages that show what changed, on
 * this instance at once and on the others within a second (each reads the change feed at most every 0.5 s, and
 * always before serving when the last look is 1 s old). A stale page is still served while one rendering per page
 * refreshes it in the background; a failed refresh keeps the stale copy (ADR 0027).
 */
export class PageCache {
  private readonly entries = new Map<string, Stored>();
  /**
   * The same pages in order of use, one list per language: a hit moves its page to the newest end of its
   * language's, eviction takes the oldest of the language most over its share.
   */
  private readonly partitions = new Map<Language, Partition>();
  /** The pages showing each tag (`UNDECLARED` for those that declared nothing). */
  private readonly byTag = new Map<string, Set<Stored>>();
  private readonly pending = new Map<string, Promise<CachedPage | null>>();
  private bytes = 0;
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
    this.now = options.now ?? (() => performance.now());
    this.wallClock = options.wallClock ?? Date.now;
    this.dayEndsAt = nextUtcMidnight(this.wallClock());
  }

  get size() {
    return { pages: this.entries.size, bytes: this.bytes };
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
    this.entries.clear();
    this.partitions.clear();
    this.byTag.clear();
    this.bytes = 0;
    this.generation++;
  }

  /** What the page stored under `key` declared it shows (tests read it), or undefined when none is stored. */
  tagsOf(key: string): ReadonlySet<string> | undefined {
    return this.entries.get(key)?.page.shows;
  }

  /** Whether the page stored under `key` is stale (tests read it). */
  isStale(key: string): boolean | undefined {
    return this.entries.get(key)?.stale;
  }

  /**
   * The page to answer `key` with: a fresh one, or a stale one while it is refreshed in the background (one
   * rendering per page). Undefined when none is stored, or when a stale one cannot be refreshed here.
   */
  lookup(key: string): CachedPage | undefined {
    this.dropAtMidnight();
    const node = this.entries.get(key);
    if (!node) return undefined;
    if (node.page.expiresAt !== undefined && this.wallClock() >= node.page.expiresAt) {
      this.remove(node);
      return undefined;
    }
    if (node.stale) {
      if (!this.renderer) return undefined;
      this.refresh(node, this.renderer);
      this.stats.staleHits++;
    }
    node.partition.recent.moveToNewest(node);
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
      if (generation === this.generation) this.store(key, entry, this.changedSince(startedAt, entry.shows));
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
    const node = this.entries.get(key);
    if (!node) return;
    const failed = response === null || isFailedRendering(response);
    if (failed && node.stale) {
      this.stats.failedRefreshes++;
      node.retryAt = this.now() + RETRY_FAILED_REFRESH_MS;
    } else if (!failed) {
      this.remove(node);
    }
  }

  /** Marks stale the pages that show what changed, and notes the change for renderings under way. */
  private apply(change: PageChange) {
    const count = ++this.changeCount;
    if (change === "everything") {
      this.everythingChangedAt = count;
      for (const node of this.entries.values()) node.stale = true;
      return;
    }
    for (const tag of [...change, UNDECLARED]) {
      this.tagChangedAt.set(tag, count);
      for (const node of this.byTag.get(tag) ?? []) node.stale = true;
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

  private store(key: string, page: CachedPage, stale: boolean) {
    // The key is kept once, as the map's own; counted with the page, as are its tags.
    page.bytes += key.length + [...page.shows].reduce((sum, tag) => sum + tag.length + 64, 0);
    if (page.bytes > this.options.maxBytes / 4) return;
    const previous = this.entries.get(key);
    if (previous) this.remove(previous);
    const lang = languageOfKey(key);
    let partition = this.partitions.get(lang);
    if (!partition) this.partitions.set(lang, (partition = { recent: new UseList<CachedPage>(), bytes: 0 }));
    const node: Stored = { key, page, partition, older: null, newer: null, stale, retryAt: 0 };
    this.entries.set(key, node);
    partition.recent.addNewest(node);
    for (const tag of indexedUnder(page.shows)) {
      let nodes = this.byTag.get(tag);
      if (!nodes) this.byTag.set(tag, (nodes = new Set()));
      nodes.add(node);
    }
    this.bytes += page.bytes;
    partition.bytes += page.bytes;
    // The least recently used go first: each eviction costs the same however many pages there are, so a
    // stranger's distinct query strings cannot make a store slower. (A Map's own order would not do: deleting
    // from its front leaves holes that every later walk from the front steps over until the table is rebuilt.)
    const { maxBytes } = this.options;
    if (lang !== DEFAULT_LANGUAGE)
      while (partition.bytes > maxBytes * OTHER_LANGUAGE_MAX && partition.recent.oldest)
        this.remove(partition.recent.oldest as Stored);
    while (this.bytes > maxBytes) {
      const victim = this.mostOverShare();
      if (!victim?.recent.oldest) break;
      this.remove(victim.recent.oldest as Stored);
    }
  }

  /** The language using the most memory for its share (a handful of languages: a walk over them is nothing). */
  private mostOverShare(): Partition | undefined {
    let most: Partition | undefined;
    let mostRatio = -1;
    for (const [lang, partition] of this.partitions) {
      const ratio = partition.bytes / SHARE_OF(lang);
      if (partition.recent.oldest && ratio > mostRatio) [most, mostRatio] = [partition, ratio];
    }
    return most;
  }

  private remove(node: Stored) {
    this.entries.delete(node.key);
    node.partition.recent.unlink(node);
    node.partition.bytes -= node.page.bytes;
    for (const tag of indexedUnder(node.page.shows)) {
      const nodes = this.byTag.get(tag);
      nodes?.delete(node);
      if (nodes?.size === 0) this.byTag.delete(tag);
    }
    this.bytes -= node.page.bytes;
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
