import { DEFAULT_LANGUAGE, type Language, languageOfPath } from "~/lib/i18n/languages";
import type { CachedPage } from "./entry.server";
import { UseList, type UseNode } from "./use-list";

/** Stands for the pages that declared nothing: every change makes them stale. */
export const UNDECLARED = "";
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

/** A stored page with its place in the order of use, and whether a change has made it stale. */
export interface Stored extends UseNode<CachedPage> {
  /** Its language's pages (their order of use and memory). */
  partition: Partition;
  stale: boolean;
  /** After a failed refresh: when the next may begin. */
  retryAt: number;
}

/** The language of a key (a path and query): its prefix, else English. */
const languageOfKey = (key: string) => languageOfPath(key.split("?", 1)[0]);

/** The names a page is indexed under: what it declared, or `UNDECLARED`. */
export const indexedUnder = (shows: ReadonlySet<string>): Iterable<string> => (shows.size ? shows : [UNDECLARED]);

/**
 * The cache's memory: the stored pages by key, by what they show, and in order of use per language, within
 * `maxBytes`. When to store, serve or refresh a page is the cache's business (store.server.ts), not this one's.
 */
export class StoredPages {
  private readonly entries = new Map<string, Stored>();
  /**
   * The same pages in order of use, one list per language: a hit moves its page to the newest end of its
   * language's, eviction takes the oldest of the language most over its share.
   */
  private readonly partitions = new Map<Language, Partition>();
  /** The pages showing each tag (`UNDECLARED` for those that declared nothing). */
  private readonly byTag = new Map<string, Set<Stored>>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get size() {
    return { pages: this.entries.size, bytes: this.bytes };
  }

  get(key: string): Stored | undefined {
    return this.entries.get(key);
  }

  /** A page was served: it is the last its language's eviction takes. */
  used(node: Stored) {
    node.partition.recent.moveToNewest(node);
  }

  /** Marks stale every page, or those showing `tag`. */
  markStale(tag?: string) {
    for (const node of tag === undefined ? this.entries.values() : (this.byTag.get(tag) ?? [])) node.stale = true;
  }

  clear() {
    this.entries.clear();
    this.partitions.clear();
    this.byTag.clear();
    this.bytes = 0;
  }

  /** Stores `page` under `key` in place of any before it, unless it alone would take a quarter of the memory. */
  put(key: string, page: CachedPage, stale: boolean) {
    // The key is kept once, as the map's own; counted with the page, as are its tags.
    page.bytes += key.length + [...page.shows].reduce((sum, tag) => sum + tag.length + 64, 0);
    if (page.bytes > this.maxBytes / 4) return;
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
    this.evict(lang, partition);
  }

  /**
   * The least recently used go first: each eviction costs the same however many pages there are, so a stranger's
   * distinct query strings cannot make a store slower. (A Map's own order would not do: deleting from its front
   * leaves holes that every later walk from the front steps over until the table is rebuilt.)
   */
  private evict(lang: Language, partition: Partition) {
    if (lang !== DEFAULT_LANGUAGE)
      while (partition.bytes > this.maxBytes * OTHER_LANGUAGE_MAX && partition.recent.oldest)
        this.remove(partition.recent.oldest as Stored);
    while (this.bytes > this.maxBytes) {
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

  remove(node: Stored) {
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
}
