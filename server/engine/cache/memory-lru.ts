/**
 * The in-process store of cached text: least recently used first out, bounded in entries and in
 * bytes, and each entry dropped when its own lifetime ends. Bytes are counted as V8 may hold
 * them at worst (two per UTF-16 unit, key and value) plus a fixed overhead, so the bound holds
 * whatever the text is; an entry larger than `maxEntryBytes` is not kept at all (one huge answer
 * must not push out thousands of small ones). Expired entries are dropped when read and by a
 * periodic sweep, so they never linger until evicted.
 */
import { getHeapStatistics } from "node:v8";
import { LRUCache } from "lru-cache";

export interface MemoryLruLimits {
  /** most entries kept */
  maxEntries: number;
  /** most bytes kept, keys and values */
  maxBytes: number;
  /** largest entry kept; larger ones are not cached */
  maxEntryBytes: number;
}

/** Per-entry bookkeeping beside the text (the LRU's slots, the expiry, the string headers). */
const ENTRY_OVERHEAD_BYTES = 96;
/** How often expired entries are swept out when nobody reads them. */
const SWEEP_MS = 30_000;

export class MemoryLru {
  private readonly lru: LRUCache<string, string>;
  private readonly sweeper: NodeJS.Timeout;

  constructor(readonly limits: MemoryLruLimits) {
    this.lru = new LRUCache<string, string>({
      max: limits.maxEntries,
      maxSize: limits.maxBytes,
      maxEntrySize: Math.min(limits.maxEntryBytes, limits.maxBytes),
      sizeCalculation: (value, key) => entryBytes(key, value),
    });
    this.sweeper = setInterval(() => this.lru.purgeStale(), SWEEP_MS);
    this.sweeper.unref();
  }

  /** The live entry of `key`; an expired one is dropped and reads as absent. */
  get(key: string): string | undefined {
    return this.lru.get(key);
  }

  /** Keeps `value` for `ttlSeconds` (0 or less: not kept); an entry over `maxEntryBytes` is not kept. */
  set(key: string, value: string, ttlSeconds: number): void {
    if (!(ttlSeconds > 0)) {
      this.lru.delete(key);
      return;
    }
    this.lru.set(key, value, { ttl: Math.ceil(ttlSeconds * 1000) });
  }

  has(key: string): boolean {
    return this.lru.has(key);
  }

  delete(key: string): void {
    this.lru.delete(key);
  }

  keys(): string[] {
    this.lru.purgeStale();
    return [...this.lru.keys()];
  }

  clear(): void {
    this.lru.clear();
  }

  get size(): number {
    return this.lru.size;
  }

  /** bytes held, as counted against `maxBytes` */
  get bytes(): number {
    return this.lru.calculatedSize;
  }

  /** Drops expired entries now (the sweep does it every 30 s). */
  purgeStale(): void {
    this.lru.purgeStale();
  }

  dispose(): void {
    clearInterval(this.sweeper);
    this.lru.clear();
  }
}

/** What an entry costs against the bound. */
export function entryBytes(key: string, value: string): number {
  return 2 * (key.length + value.length) + ENTRY_OVERHEAD_BYTES;
}

/**
 * The default byte bound of the memory cache: an eighth of the V8 heap this process may use,
 * between 16 MiB and 256 MiB, so that a small heap (`--max-old-space-size`, a worker of a group)
 * gets a small cache and the cache never holds more than a fraction of what the process can.
 */
export function defaultCacheBytes(heapLimit = getHeapStatistics().heap_size_limit): number {
  return Math.round(Math.min(256 * MIB, Math.max(16 * MIB, heapLimit / 8)));
}

/**
 * Bytes of kept answers (`request/kept-answers.ts`) at most: a quarter of the memory cache's
 * default bound, 64 MiB at most (about 45,000 answers of a song's size).
 */
export function defaultKeptBytes(): number {
  return Math.min(64 * MIB, defaultCacheBytes() / 4);
}

/** The share of the cache one entry may take at most. */
export const MAX_ENTRY_SHARE = 1 / 16;

const MIB = 1024 * 1024;
