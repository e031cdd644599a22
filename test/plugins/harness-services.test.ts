/**
 * The kit's harness gives every service a plugin may ask for in `deps` (README, "Writing a
 * source plugin"): a plugin keeping state in `Tokens.Storage` builds with `bindSourcePlugin`
 * and runs the contract suite, which has no way to hand it services of the test's own.
 */
import { expect, it } from "vitest";
import { defineSourcePlugin, Tokens, z, type Song } from "@music-aggregator/core";
import { startSimulator, testSourcePlugin } from "@music-aggregator/core/testing";
import { createMemoryStorage } from "../../core/testing/memory-storage.ts";

const Answer = z.looseObject({ count: z.number(), tracks: z.array(z.looseObject({ id: z.number(), title: z.string() })) });

/** Remembers each query's total in the storage, for a minute. */
const stored = defineSourcePlugin({
  id: "stored",
  name: "Stored",
  capabilities: { search: true },
  options: z.strictObject({ baseURL: z.url() }),
  deps: { http: Tokens.Http, storage: Tokens.Storage },
  create({ options, deps, sourceId }) {
    const http = deps.http.create({ name: "Stored", baseURL: options.baseURL });
    return {
      async search({ q }, { signal }) {
        const body = await http.getJson("/search", Answer, { query: { term: q }, signal });
        await deps.storage.setItem(`total:${q}`, { total: body.count }, { ttl: 60 });
        const list: Song[] = body.tracks.map((t) => ({ source: sourceId, id: String(t.id), name: t.title, artist: ["A"], album: "", albumId: "", duration: 1, cover: null, available: false, vip: false }));
        return { total: body.count, list };
      },
    };
  },
});
const upstream = () => startSimulator({ "GET /search": () => ({ count: 1, tracks: [{ id: 1, title: "One" }] }) });

testSourcePlugin({
  plugin: stored,
  async setup() {
    const simulator = await upstream();
    return { simulator, options: { baseURL: simulator.url }, fixtures: { search: "o", missing: {} } };
  },
});

it("the harness's storage reads items back through JSON, lists them by prefix, and drops them when their ttl ends", async () => {
  let now = 1_000_000;
  const storage = createMemoryStorage(() => now);
  await storage.setItem("total:o", { total: 1, at: new Date(0) }, { ttl: 60 });
  await storage.setItem("other", "text");
  expect(await storage.getItem("total:o")).toEqual({ total: 1, at: "1970-01-01T00:00:00.000Z" });
  expect(await storage.getKeys("total:")).toEqual(["total:o"]);
  now += 60_000;
  expect([await storage.hasItem("total:o"), await storage.getItem("total:o"), await storage.getKeys()]).toEqual([false, null, ["other"]]);
  await storage.removeItem("other");
  expect(await storage.hasItem("other")).toBe(false);
});
