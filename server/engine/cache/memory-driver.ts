/**
 * The in-process store of cached text, as an unstorage driver: least recently used first out,
 * bounded in entries and in bytes, and each item dropped when its own `ttl` (seconds) ends.
 * unstorage's own memory and lru-cache drivers ignore `ttl` and bound entries, not bytes. Bytes
 * are counted as V8 may hold them at worst (two per UTF-16 unit, key and value) plus a fixed
 * overhead, so the bound holds whatever the text is; an item larger than `maxEntryBytes` is not
 * kept (one huge answer must not push out thousands of small ones). An item stored without a
 * lifetime lives a day; expired items are dropped when read and by a periodic sweep.
 */
import { getHeapStatistics } from "node:v8";
import { LRUCache } from "lru-cache";
import type { Driver } from "unstorage";

export interface MemoryBounds {
  /** most items kept */
  maxEntries: number;
  /** most bytes kept, keys and values */
  maxBytes: number;
  /** largest item kept; larger ones are not kept */
  maxEntryBytes: number;
}

/** The lifetime of an item stored without one, seconds. */
export const DEFAULT_ITEM_TTL_SECONDS = 24 * 3600;
/** The share of the store one item may take at most. */
export const MAX_ENTRY_SHARE = 1 / 16;

/** The driver, with what it can tell of itself. */
export type BoundedMemoryDriver = Driver<MemoryBounds> & {
  /** items held (expired ones not swept yet included) */
  count(): number;
  /** bytes held, as counted against `maxBytes` */
  bytes(): number;
};

export function boundedMemoryDriver(bounds: MemoryBounds): BoundedMemoryDriver {
  const lru = new LRUCache<string, string>({
    max: bounds.maxEntries,
    maxSize: bounds.maxBytes,
    maxEntrySize: Math.min(bounds.maxEntryBytes, bounds.maxBytes),
    sizeCalculation: (value, key) => entryBytes(key, value),
  });
  const sweeper = setInterval(() => lru.purgeStale(), SWEEP_MS);
  sweeper.unref();
  const put = (key: string, value: unknown, options?: { ttl?: number }) => {
    const ttl = options?.ttl ?? DEFAULT_ITEM_TTL_SECONDS;
    if (ttl > 0) lru.set(key, typeof value === "string" ? value : JSON.stringify(value), { ttl: Math.ceil(ttl * 1000) });
    else lru.delete(key);
  };
  const get = (key: string) => lru.get(key) ?? null;
  return {
    name: "bounded-memory",
    options: bounds,
    hasItem: (key) => lru.has(key),
    getItem: get,
    getItemRaw: get,
    setItem: put,
    setItemRaw: put,
    removeItem: (key) => void lru.delete(key),
    getKeys: () => {
      lru.purgeStale();
      return [...lru.keys()];
    },
    clear: () => lru.clear(),
    dispose() {
      clearInterval(sweeper);
      lru.clear();
    },
    count: () => lru.size,
    bytes: () => lru.calculatedSize,
  };
}

/** What an item costs against the bound. */
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

// --- internal ---

/** Per-item bookkeeping beside the text (the LRU's slots, the expiry, the string headers). */
const ENTRY_OVERHEAD_BYTES = 96;
/** How often expired items are swept out when nobody reads them. */
const SWEEP_MS = 30_000;
const MIB = 1024 * 1024;
