/** The in-process cache store, as an unstorage driver: bounded in bytes and items, per-item lifetimes honoured, huge items refused. */
import { afterEach, describe, expect, it } from "vitest";
import { createStorage, type Storage } from "unstorage";
import { boundedMemoryDriver, defaultCacheBytes, entryBytes } from "../../server/engine/cache/memory-driver.ts";

const MIB = 1024 * 1024;
let stores: Storage[] = [];
const store = (maxEntries: number, maxBytes: number, maxEntryBytes = maxBytes) => {
  const driver = boundedMemoryDriver({ maxEntries, maxBytes, maxEntryBytes });
  const storage = createStorage({ driver });
  stores.push(storage);
  return { storage, count: () => driver.count(), bytes: () => driver.bytes() };
};
afterEach(async () => {
  for (const storage of stores) await storage.dispose();
  stores = [];
});

describe("the bounded memory driver", () => {
  it("holds no more bytes than its bound, whatever the items' count, evicting the least recently used", async () => {
    const { storage, count, bytes } = store(1_000_000, 1 * MIB);
    const value = "x".repeat(10_000);
    for (let i = 0; i < 500; i++) await storage.setItemRaw(`k${i}`, value, { ttl: 60 });
    expect(bytes()).toBeLessThanOrEqual(1 * MIB);
    expect(count()).toBe(Math.floor(MIB / entryBytes("k100", value)));
    expect(await storage.getItemRaw("k0")).toBeNull();
    expect(await storage.getItemRaw("k499")).toBe(value);
  });

  it("holds no more items than its count bound", async () => {
    const { storage, count } = store(10, 64 * MIB);
    for (let i = 0; i < 100; i++) await storage.setItemRaw(`k${i}`, "v", { ttl: 60 });
    expect(count()).toBe(10);
  });

  it("counts two bytes a character, so text outside Latin-1 cannot overrun the bound", () => {
    expect(entryBytes("k", "音".repeat(1000))).toBeGreaterThanOrEqual(2000);
  });

  it("does not keep an item larger than its share, and drops an older copy of that key", async () => {
    const { storage } = store(100, 1 * MIB, 64 * 1024);
    await storage.setItemRaw("big", "small", { ttl: 60 });
    await storage.setItemRaw("big", "y".repeat(40_000), { ttl: 60 });
    expect(await storage.getItemRaw("big")).toBeNull();
    await storage.setItemRaw("fits", "y".repeat(30_000), { ttl: 60 });
    expect(await storage.getItemRaw("fits")).toHaveLength(30_000);
  });

  it("drops an item when its own lifetime ends, and keeps items without one for a day", async () => {
    const { storage } = store(100, 1 * MIB);
    await storage.setItem("brief", { a: 1 }, { ttl: 0.05 });
    await storage.setItem("lasting", { b: 2 });
    expect(await storage.getItem("brief")).toEqual({ a: 1 });
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await storage.getItem("brief")).toBeNull();
    expect(await storage.getItem("lasting")).toEqual({ b: 2 });
    expect(await storage.getKeys()).toEqual(["lasting"]);
  });

  it("does not keep an item with a lifetime of 0", async () => {
    const { storage } = store(100, 1 * MIB);
    await storage.setItemRaw("k", "v", { ttl: 60 });
    await storage.setItemRaw("k", "w", { ttl: 0 });
    expect(await storage.hasItem("k")).toBe(false);
  });

  it("sizes its default bound from the heap: an eighth, between 16 and 256 MiB", () => {
    expect(defaultCacheBytes(4096 * MIB)).toBe(256 * MIB);
    expect(defaultCacheBytes(512 * MIB)).toBe(64 * MIB);
    expect(defaultCacheBytes(64 * MIB)).toBe(16 * MIB);
  });
});
