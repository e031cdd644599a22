/** The in-process cache store: bounded in bytes and entries, per-entry lifetimes honoured, huge entries refused. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { createStorage } from "unstorage";
import { memoryLruDriver } from "../../server/engine/cache/memory-driver.ts";
import { defaultCacheBytes, entryBytes, MemoryLru } from "../../server/engine/cache/memory-lru.ts";

const MIB = 1024 * 1024;
let stores: MemoryLru[] = [];
const store = (maxEntries: number, maxBytes: number, maxEntryBytes = maxBytes) => {
  const lru = new MemoryLru({ maxEntries, maxBytes, maxEntryBytes });
  stores.push(lru);
  return lru;
};
afterEach(() => {
  for (const lru of stores) lru.dispose();
  stores = [];
  vi.useRealTimers();
});

describe("MemoryLru", () => {
  it("holds no more bytes than its bound, whatever the entries' count, evicting the least recently used", () => {
    const lru = store(1_000_000, 1 * MIB);
    const value = "x".repeat(10_000);
    for (let i = 0; i < 500; i++) lru.set(`k${i}`, value, 60);
    expect(lru.bytes).toBeLessThanOrEqual(1 * MIB);
    expect(lru.size).toBe(Math.floor(MIB / entryBytes("k100", value)));
    expect(lru.get("k0")).toBeUndefined();
    expect(lru.get("k499")).toBe(value);
  });

  it("holds no more entries than its count bound", () => {
    const lru = store(10, 64 * MIB);
    for (let i = 0; i < 100; i++) lru.set(`k${i}`, "v", 60);
    expect(lru.size).toBe(10);
  });

  it("counts two bytes a character, so text outside Latin-1 cannot overrun the bound", () => {
    expect(entryBytes("k", "音".repeat(1000))).toBeGreaterThanOrEqual(2000);
  });

  it("does not keep an entry larger than its share, and drops an older copy of that key", () => {
    const lru = store(100, 1 * MIB, 64 * 1024);
    lru.set("big", "small", 60);
    lru.set("big", "y".repeat(40_000), 60);
    expect(lru.get("big")).toBeUndefined();
    lru.set("fits", "y".repeat(30_000), 60);
    expect(lru.get("fits")).toHaveLength(30_000);
  });

  it("drops an entry when its own lifetime ends, on read and by the sweep", async () => {
    const lru = store(100, 1 * MIB);
    lru.set("short", "a", 0.05);
    lru.set("swept", "b", 0.05);
    lru.set("long", "c", 60);
    expect(lru.get("short")).toBe("a");
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(lru.get("short")).toBeUndefined();
    expect(lru.size).toBe(2);
    lru.purgeStale();
    expect(lru.size).toBe(1);
    expect(lru.keys()).toEqual(["long"]);
  });

  it("does not keep an entry with no lifetime", () => {
    const lru = store(100, 1 * MIB);
    lru.set("k", "v", 60);
    lru.set("k", "w", 0);
    expect(lru.has("k")).toBe(false);
  });

  it("sizes its default bound from the heap: an eighth, between 16 and 256 MiB", () => {
    expect(defaultCacheBytes(4096 * MIB)).toBe(256 * MIB);
    expect(defaultCacheBytes(512 * MIB)).toBe(64 * MIB);
    expect(defaultCacheBytes(64 * MIB)).toBe(16 * MIB);
  });
});

describe("the unstorage driver over it (Tokens.Storage)", () => {
  it("honours each item's ttl and keeps items without one for a day", async () => {
    const lru = store(100, 1 * MIB);
    const storage = createStorage({ driver: memoryLruDriver(lru) });
    await storage.setItem("brief", { a: 1 }, { ttl: 0.05 });
    await storage.setItem("lasting", { b: 2 });
    expect(await storage.getItem("brief")).toEqual({ a: 1 });
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await storage.getItem("brief")).toBeNull();
    expect(await storage.getItem("lasting")).toEqual({ b: 2 });
    expect(await storage.getKeys()).toEqual(["lasting"]);
  });
});
