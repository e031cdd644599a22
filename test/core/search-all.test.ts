/** The all-search merge on its own: shares of the page, round-robin order, totals, failures and deadlines. */
import { describe, expect, it } from "vitest";
import { UpstreamError, UpstreamTimeoutError } from "../../core/errors.ts";
import { SearchAllService, type SearchParams } from "../../core/music/search-all.ts";
import type { CachedAnswer } from "../../core/services.ts";
import type { BoundSource } from "../../core/sources/source-registry.ts";

const source = (id: string) => ({ id }) as BoundSource;
const songs = (id: string, n: number) => Array.from({ length: n }, (_, i) => ({ source: id, id: `${id}-${i + 1}` }));
const page = (id: string, n: number, total: number, cost = 5): CachedAnswer => ({ json: JSON.stringify({ total, list: songs(id, n) }), cost, status: cost ? "miss" : "hit" });

describe("SearchAllService", () => {
  it("asks each source for its share of the page and interleaves the answers round-robin in source order", async () => {
    const asked: [string, SearchParams][] = [];
    const service = new SearchAllService(1000, async (s, params) => {
      asked.push([s.id, params]);
      return s.id === "source_b" ? page("b", 1, 1) : page(s.id.slice(-1), 4, 40);
    });
    const answer = await service.run([source("source_a"), source("source_b"), source("source_c")], { q: "x", page: 2, size: 10 });
    expect(asked).toEqual([
      ["source_a", { q: "x", page: 2, size: 4 }],
      ["source_b", { q: "x", page: 2, size: 4 }],
      ["source_c", { q: "x", page: 2, size: 4 }],
    ]);
    const data = JSON.parse(answer.json);
    expect(data).toMatchObject({ page: 2, size: 10, total: 81, failed: [] });
    expect(data.list.map((s: { id: string }) => s.id)).toEqual(["a-1", "b-1", "c-1", "a-2", "c-2", "a-3", "c-3", "a-4", "c-4"]);
    expect(answer.cost).toBeGreaterThan(0);
  });

  it("all answers from cache: cost 0", async () => {
    const service = new SearchAllService(1000, async (s) => page(s.id, 1, 1, 0));
    expect((await service.run([source("a"), source("b")], { q: "x", page: 1, size: 2 })).cost).toBe(0);
  });

  it("a source past its deadline is in failed; the answer does not wait for it", async () => {
    const service = new SearchAllService(100, (s, _p, signal) =>
      s.id === "slow"
        ? new Promise<CachedAnswer>((_, reject) => signal.addEventListener("abort", () => reject(signal.reason)))
        : Promise.resolve(page("f", 2, 2)),
    );
    const started = performance.now();
    const answer = await service.run([source("fast"), source("slow")], { q: "x", page: 1, size: 4 });
    expect(performance.now() - started).toBeLessThan(300);
    expect(JSON.parse(answer.json)).toMatchObject({ failed: ["slow"], total: 2 });
  });

  it("every source failing is 2001 when all timed out, else 2002, with the time spent", async () => {
    const timeouts = new SearchAllService(1000, async (s) => {
      throw new UpstreamTimeoutError(s.id, 10);
    });
    await expect(timeouts.run([source("a"), source("b")], { q: "x", page: 1, size: 2 })).rejects.toMatchObject({ kind: "timeout", message: "every source timed out: a, b" });
    const mixed = new SearchAllService(1000, async (s) => {
      if (s.id === "a") throw new UpstreamTimeoutError(s.id, 10);
      throw new UpstreamError("down");
    });
    const error = await mixed.run([source("a"), source("b")], { q: "x", page: 1, size: 2 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "upstream", message: "every source failed: a, b" });
    expect((error as { cost: number }).cost).toBeGreaterThanOrEqual(1);
  });

  it("no searchable source is 1002", async () => {
    await expect(new SearchAllService(1000, async () => page("a", 1, 1)).run([], { q: "x", page: 1, size: 2 })).rejects.toMatchObject({ kind: "source" });
  });
});
