/**
 * Fair upstream budgets below the service (docs/decisions.md, "Fair upstream budgets"): the
 * budget gives each client at most its share of a window, and the response cache charges the
 * client whose request starts a load, never one that joins it.
 */
import { describe, expect, it } from "vitest";
import { RequestBudget } from "../../core/http/request-budget.ts";
import { ClientShares, shareOf } from "../../server/engine/http/client-shares.ts";
import { ShareSpentError } from "../../core/errors.ts";
import { StoreResponseCache } from "../../server/engine/cache/response-cache.ts";
import { answerStore } from "../../server/engine/cache/answer-store.ts";
import { parseConfig } from "../../server/engine/config.ts";
import { zeroCounts } from "../../server/engine/stats/cache-counts.ts";
import { LocalStats } from "../../server/engine/stats/local-stats.ts";
import { currentClient, nameClient } from "../../server/engine/http/upstream-calls.ts";

/**
 * A budget with shares of a quarter, as the service's upstream client takes them: the share of
 * the client named by `who` at the time of each request first, then the budget itself.
 */
function sharedBudget(upstream: string, options: { requests: number; windowMs: number }, now: () => number, who: { client?: string }) {
  const shares = new ClientShares(upstream, options, 1 / 4, now);
  const budget = new RequestBudget(upstream, options, now);
  return {
    shares,
    async acquire(maxWaitMs: number) {
      if (who.client !== undefined) await shares.acquire(who.client, maxWaitMs);
      await budget.acquire(maxWaitMs);
    },
  };
}

describe("a budget with client shares", () => {
  it("a share is a part of the budget, at least one request", () => {
    expect([shareOf(20, 0.25), shareOf(50, 0.25), shareOf(3, 0.25), shareOf(20, 1)]).toEqual([5, 12, 1, 20]);
  });

  it("refuses a client past its share at once (4001 naming the upstream, with Retry-After); others and unknown work go on", async () => {
    let clock = 1_000_000;
    const who: { client?: string } = { client: "A" };
    const budget = sharedBudget("Apple", { requests: 20, windowMs: 60_000 }, () => clock, who);
    for (let i = 0; i < 5; i++) await budget.acquire(8000);
    clock += 15_000;
    const refusal = await budget.acquire(8000).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ShareSpentError);
    expect(refusal).toMatchObject({ kind: "shareSpent", code: 4001, retryAfterSeconds: 45 });
    expect((refusal as Error).message).toBe(
      "Apple: this client's share of the request budget is spent (5 of 20 requests per 60 s); answers already cached are still served, new ones again in 45 s",
    );
    who.client = "B";
    for (let i = 0; i < 5; i++) await budget.acquire(8000);
    who.client = undefined;
    // The service's own work counts against the budget only: 10 + 10 fill it.
    for (let i = 0; i < 10; i++) await budget.acquire(8000);
    await expect(budget.acquire(8000)).rejects.toMatchObject({ kind: "upstream", message: "Apple request budget of 20 per 60 s is used up" });
    // A's first requests leave the window: it has its share again.
    clock += 45_000;
    who.client = "A";
    await budget.acquire(8000);
  });

  it("a client whose own slot frees within the deadline waits for it instead (a short window)", async () => {
    const who = { client: "A" };
    const budget = sharedBudget("Deezer", { requests: 8, windowMs: 300 }, Date.now, who);
    const started = performance.now();
    await budget.acquire(5000);
    await budget.acquire(5000);
    expect(performance.now() - started).toBeLessThan(100);
    await budget.acquire(5000);
    expect(performance.now() - started).toBeGreaterThanOrEqual(280);
  });

  it("keeps no more clients than the budget has requests in its window", async () => {
    let clock = 0;
    const who: { client?: string } = {};
    const budget = sharedBudget("Test", { requests: 4, windowMs: 1000 }, () => clock, who);
    for (let i = 0; i < 1000; i++) {
      who.client = `client-${i}`;
      clock += 250;
      await budget.acquire(0);
    }
    expect((budget.shares as unknown as { byClient: Map<string, number[]> }).byClient.size).toBeLessThanOrEqual(5);
  });
});

describe("StoreResponseCache and the client that starts a load", () => {
  function cache() {
    const store = answerStore(parseConfig({ cache: { max: 100, maxBytes: 1 << 20 } }, {}), zeroCounts());
    return new StoreResponseCache(store, { notFoundTtl: 300, staleTtl: 3600, loadMs: 8000 }, new LocalStats(() => store.entries()), Date.now);
  }

  it("runs a load for the client that starts it; a caller that joins it is not refused for the starter's share", async () => {
    const c = cache();
    const loadedFor: (string | undefined)[] = [];
    // Refuses A (its share is spent) a moment after starting, serves anyone else.
    const load = async () => {
      const client = currentClient();
      loadedFor.push(client);
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (client === "A") throw new ShareSpentError("Test", { spent: 1, requests: 4, windowMs: 60_000 }, 30);
      return { for: client };
    };
    // Each request's signal names its client, as the /v1 routes do.
    const [requestA, requestB] = [new AbortController().signal, new AbortController().signal];
    nameClient(requestA, "A");
    nameClient(requestB, "B");
    const [a, b] = await Promise.allSettled([c.fetch("k", { ttl: 60 }, load, requestA), c.fetch("k", { ttl: 60 }, load, requestB)]);
    expect(a).toMatchObject({ status: "rejected", reason: { kind: "shareSpent" } });
    expect(b).toMatchObject({ status: "fulfilled", value: { json: '{"for":"B"}', status: "miss" } });
    expect(loadedFor).toEqual(["A", "B"]);
    // Now cached: A is served too, at no cost.
    expect(await c.fetch("k", { ttl: 60 }, load, requestA)).toMatchObject({ json: '{"for":"B"}', status: "hit", cost: 0 });
  });

  it("a load inside a load is for the outer load's client, whatever signal it is given", async () => {
    const c = cache();
    const request = new AbortController().signal;
    nameClient(request, "A");
    const inner = async () => ({ for: currentClient() });
    const outer = await c.fetch("outer", { ttl: 60 }, async (loadSignal) => JSON.parse((await c.fetch("inner", { ttl: 60 }, inner, loadSignal)).json), request);
    expect(outer.json).toBe('{"for":"A"}');
    // A request that names no client loads for nobody.
    expect((await c.fetch("other", { ttl: 60 }, inner, new AbortController().signal)).json).toBe("{}");
  });
});
