/**
 * An unstorage driver over the app's `RedisLink`. unstorage's own Redis driver builds its own
 * ioredis client with the default retries and offline queue (a dead Redis stalls each call
 * for ~40 s) and no error listener; this one uses the connection the app made, so every call
 * fails at once while Redis is down and the outage is seen (and logged) in one place.
 */
import { defineDriver, joinKeys } from "unstorage";
import type { RedisLink } from "./connection.ts";

export interface LinkDriverOptions {
  link: RedisLink;
  /** key prefix in Redis, e.g. `music:stats` */
  base: string;
}

export const linkDriver = defineDriver((options: LinkDriverOptions) => {
  const { link } = options;
  const base = joinKeys(options.base);
  const full = (key: string) => joinKeys(base, key);
  const relative = (key: string) => key.slice(base.length + 1);

  /** Keys under `sub`, page by page (each page one command, under the command timeout). */
  const scan = async (sub: string | undefined): Promise<string[]> => {
    const pattern = `${escapeGlob(joinKeys(base, sub ?? ""))}:*`;
    const keys: string[] = [];
    let cursor = "0";
    do {
      const [next, page] = await link.run((c) => c.scan(cursor, "MATCH", pattern, "COUNT", 500));
      cursor = next;
      keys.push(...page);
    } while (cursor !== "0");
    return keys;
  };

  return {
    name: "redis-link",
    options,
    getInstance: () => link.client,
    async hasItem(key) {
      return (await link.run((c) => c.exists(full(key)))) > 0;
    },
    async getItem(key) {
      return link.run((c) => c.get(full(key)));
    },
    async setItem(key, value, { ttl }: { ttl?: number } = {}) {
      await link.run((c) => (ttl ? c.set(full(key), value, "EX", ttl) : c.set(full(key), value)));
    },
    async removeItem(key) {
      await link.run((c) => c.unlink(full(key)));
    },
    async getKeys(sub) {
      return (await scan(sub)).map(relative);
    },
    async clear(sub) {
      const keys = await scan(sub);
      if (keys.length) await link.run((c) => c.unlink(...keys));
    },
    // The connection belongs to the app, which closes it.
    dispose() {},
  };
});

// --- internal ---

function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, "\\$&");
}
