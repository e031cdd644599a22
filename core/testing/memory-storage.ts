/**
 * The key-value storage of the kit's test harness (`deps` asking for `Tokens.Storage`): items
 * kept in memory until their `ttl` (seconds) ends, and read back as the service's unstorage
 * `Storage` reads them, through JSON, so a plugin's tests see what it would see there.
 */
import type { KeyValueStorage } from "../services.ts";

export function createMemoryStorage(now: () => number = Date.now): KeyValueStorage {
  const items = new Map<string, { text: string; expiresAt: number }>();
  const live = (key: string) => {
    const item = items.get(key);
    if (item && item.expiresAt <= now()) items.delete(key);
    return items.get(key);
  };
  return {
    hasItem: async (key) => live(key) !== undefined,
    async getItem<T>(key: string) {
      const item = live(key);
      return item === undefined ? null : (JSON.parse(item.text) as T);
    },
    async setItem(key, value, options) {
      const ttl = options?.ttl;
      items.set(key, { text: JSON.stringify(value ?? null), expiresAt: ttl === undefined ? Infinity : now() + ttl * 1000 });
    },
    removeItem: async (key) => void items.delete(key),
    getKeys: async (base = "") => [...items.keys()].filter((key) => key.startsWith(base) && live(key) !== undefined),
  };
}
