/**
 * The statistics storage of a `WORKERS` group without Redis: one in-memory store in the
 * primary, which every worker reads and writes through IPC, so that what is kept there (the
 * share service's traffic records, `/api/v0/limit`) is the group's and not one worker's.
 * A call the primary does not answer in time fails, as a failing Redis would.
 */
import { defineDriver } from "unstorage";
import lruCacheDriver from "unstorage/drivers/lru-cache";
import type { Channel } from "./channel.ts";

const CALL_TIMEOUT_MS = 500;

interface StorageCall {
  op: "hasItem" | "getItem" | "setItem" | "removeItem" | "getKeys" | "clear";
  key?: string;
  value?: string;
}

/** The worker side: an unstorage driver whose calls go to the primary. */
export const groupStorageDriver = defineDriver((channel: Channel) => {
  const call = <T>(request: StorageCall) => channel.call<T>("storage", request, CALL_TIMEOUT_MS);
  return {
    name: "process-group",
    hasItem: (key) => call<boolean>({ op: "hasItem", key }),
    getItem: (key) => call<string | null>({ op: "getItem", key }),
    async setItem(key, value) {
      await call({ op: "setItem", key, value });
    },
    async removeItem(key) {
      await call({ op: "removeItem", key });
    },
    // The storage keeps the keys under the base asked for.
    getKeys: () => call<string[]>({ op: "getKeys" }),
    async clear() {
      await call({ op: "clear" });
    },
  };
});

/** The primary side: the store itself, served on each worker's channel. */
export function groupStorageHandler(max = 1000): (request: StorageCall) => unknown {
  const store = lruCacheDriver({ max });
  return ({ op, key = "", value = "" }) => {
    switch (op) {
      case "hasItem":
        return store.hasItem(key, {});
      case "getItem":
        return store.getItem(key, {});
      case "setItem":
        return store.setItem!(key, value, {});
      case "removeItem":
        return store.removeItem!(key, {});
      case "getKeys":
        return store.getKeys("", {});
      case "clear":
        return store.clear!("", {});
    }
  };
}
