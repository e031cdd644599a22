/**
 * An unstorage driver over a `MemoryLru`, so that what plugins keep through `Tokens.Storage`
 * shares the memory cache's bounds, and each item's `ttl` (seconds) is honoured: unstorage's own
 * memory and lru-cache drivers ignore it. An item stored without a lifetime lives a day.
 */
import { defineDriver } from "unstorage";
import type { MemoryLru } from "./memory-lru.ts";

/** The lifetime of an item stored without one, seconds. */
export const DEFAULT_ITEM_TTL_SECONDS = 24 * 3600;

export const memoryLruDriver = defineDriver((lru: MemoryLru) => {
  const put = (key: string, value: unknown, options?: { ttl?: number }) =>
    lru.set(key, typeof value === "string" ? value : JSON.stringify(value), options?.ttl ?? DEFAULT_ITEM_TTL_SECONDS);
  return {
    name: "memory-lru",
    options: lru,
    hasItem: (key) => lru.has(key),
    getItem: (key) => lru.get(key) ?? null,
    getItemRaw: (key) => lru.get(key) ?? null,
    setItem: put,
    setItemRaw: put,
    removeItem: (key) => lru.delete(key),
    getKeys: () => lru.keys(),
    clear: () => lru.clear(),
    dispose: () => lru.dispose(),
  };
});
