/** The all-search's merged list on its own: one window per source, deadlines, failures, cost. */
import { describe, expect, it } from "vitest";
import { ShareSpentError, UpstreamError, UpstreamTimeoutError } from "../../core/errors.ts";
import { SearchAllService } from "../../server/engine/music/search-all.ts";
import type { CachedAnswer } from "../../core/services.ts";
import type { AppConfig } from "../../server/engine/config.ts";
import type { EnabledSource } from "../../server/engine/sources/source-registry.ts";

const source = (id: string, plugin: object = {}) => ({ id, plugin }) as EnabledSource;
/** The all-search over one source call per window, as `window` answers it (the service's source calls stand behind it). */
const searchAll = (deadlineMs: number, window: (s: EnabledSource, q: string, size: number, signal: AbortSignal) => Promise<CachedAnswer>): SearchAllService =>
  new SearchAllService({ upstream: { searchAllTimeoutMs: deadlineMs } } as AppConfig, {
    call: (s: EnabledSource, _op: string, params: { q: string; size: number }, signal: AbortSignal) => window(s, params.q, params.size, signal),
  } as never);
const songs = (id: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({ source: id, id: `${i + 1}`, name: `${id} song ${i + 1}`, artist: [id], album: "", albumId: "", duration: 100 + i, cover: null, available: true, vip: false }));
const window = (id: string, n: number, cost = 5): CachedAnswer => ({ json: JSON.stringify({ page: 1, size: n, total: n, failed: [], list: songs(id, n) }), cost, status: cost ? "miss" : "hit" });

describe("SearchAllService", () => {
  it("asks each source once for its window, page 1 of its declared size, and merges them", async () => {
    const asked: [string, string, number][] = [];
    const service = searchAll(1000, async (s, q, size) => {
      asked.push([s.id, q, size]);
      return window(s.id, 2);
    });
    const { merged, cost } = await service.list([source("a", { searchPaging: { window: 200 } }), source("b")], "song");
    expect(asked).toEqual([
      ["a", "song", 200],
      ["b", "song", 50],
    ]);
    expect(merged.failed).toEqual([]);
    // Every title holds "song" as a whole word: source rank, then source order.
    expect(merged.list.map((s) => `${s.source}:${s.id}`)).toEqual(["a:1", "b:1", "a:2", "b:2"]);
    expect(merged.list.every((s) => Array.isArray(s.alternatives))).toBe(true);
    expect(cost).toBeGreaterThan(0);
  });

  it("every window from cache: cost 0", async () => {
    const service = searchAll(1000, async (s) => window(s.id, 1, 0));
    expect((await service.list([source("a"), source("b")], "x")).cost).toBe(0);
  });

  it("a source past its deadline is in failed; the list does not wait for it", async () => {
    const service = searchAll(100, (s, _q, _size, signal) =>
      s.id === "slow" ? new Promise<CachedAnswer>((_, reject) => signal.addEventListener("abort", () => reject(signal.reason))) : Promise.resolve(window("f", 2)),
    );
    const started = performance.now();
    const { merged } = await service.list([source("fast"), source("slow")], "x");
    expect(performance.now() - started).toBeLessThan(300);
    expect(merged.failed).toEqual(["slow"]);
    expect(merged.list).toHaveLength(2);
  });

  it("every source failing is 2001 when all timed out, else 2002, with the time spent", async () => {
    const timeouts = searchAll(1000, async (s) => {
      throw new UpstreamTimeoutError(s.id, 10);
    });
    await expect(timeouts.list([source("a"), source("b")], "x")).rejects.toMatchObject({ kind: "timeout", message: "every source timed out: a, b" });
    const mixed = searchAll(1000, async (s) => {
      if (s.id === "a") throw new UpstreamTimeoutError(s.id, 10);
      throw new UpstreamError("down");
    });
    const error = await mixed.list([source("a"), source("b")], "x").catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "upstream", message: "every source failed: a, b" });
    expect((error as { cost: number }).cost).toBeGreaterThanOrEqual(1);
  });

  it("a source refused for this client's share is in failed, and the list says it was refused; every source refused is 4001 with the soonest Retry-After", async () => {
    const spent = (s: EnabledSource, seconds: number) => new ShareSpentError(s.id, { spent: 1, requests: 4, windowMs: 60_000 }, seconds);
    const partly = searchAll(1000, async (s) => {
      if (s.id === "b") throw spent(s, 30);
      return window(s.id, 2);
    });
    const built = await partly.list([source("a"), source("b")], "song");
    expect([built.merged.failed, built.refused]).toEqual([["b"], true]);
    expect((await searchAll(1000, async (s) => window(s.id, 1)).list([source("a")], "x")).refused).toBe(false);
    const refused = searchAll(1000, async (s) => {
      throw spent(s, s.id === "a" ? 40 : 12);
    });
    await expect(refused.list([source("a"), source("b")], "x")).rejects.toMatchObject({ kind: "shareSpent", code: 4001, retryAfterSeconds: 12, message: expect.stringMatching(/^this client's share of the request budget of every source is spent \(a, b\)/) });
  });

  it("no searchable source is 1002", async () => {
    await expect(searchAll(1000, async () => window("a", 1)).list([], "x")).rejects.toMatchObject({ kind: "source" });
  });
});
