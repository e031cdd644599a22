/** A per-upstream request budget: a sliding window; a wait that would pass the caller's limit fails at once. */
import { describe, expect, it } from "vitest";
import { RequestBudget } from "../../core/http/request-budget.ts";

describe("RequestBudget", () => {
  it("lets `requests` through per window, then waits for the oldest slot to free", async () => {
    const budget = new RequestBudget("Test", { requests: 3, windowMs: 300 });
    const started = performance.now();
    for (let i = 0; i < 3; i++) await budget.acquire(1000);
    expect(performance.now() - started).toBeLessThan(50);
    await budget.acquire(1000);
    expect(performance.now() - started).toBeGreaterThanOrEqual(280);
  });

  it("fails at once (2002, saying the budget is used up) when the wait would pass maxWaitMs", async () => {
    const budget = new RequestBudget("Apple", { requests: 2, windowMs: 60_000 });
    await budget.acquire(100);
    await budget.acquire(100);
    const started = performance.now();
    await expect(budget.acquire(100)).rejects.toMatchObject({ kind: "upstream", message: "Apple request budget of 2 per 60 s is used up" });
    expect(performance.now() - started).toBeLessThan(50);
  });

  it("a signal ends a wait for the budget", async () => {
    const budget = new RequestBudget("Test", { requests: 1, windowMs: 5000 });
    await budget.acquire(10_000);
    const reason = new Error("deadline");
    await expect(budget.acquire(10_000, AbortSignal.any([AbortSignal.timeout(50)]))).rejects.toBeDefined();
    const controller = new AbortController();
    const waiting = budget.acquire(10_000, controller.signal);
    controller.abort(reason);
    await expect(waiting).rejects.toBe(reason);
  });

  it("the window slides: slots come back one by one", async () => {
    let clock = 0;
    const budget = new RequestBudget("Test", { requests: 2, windowMs: 1000 }, () => clock);
    await budget.acquire(0);
    clock = 500;
    await budget.acquire(0);
    clock = 999;
    await expect(budget.acquire(0)).rejects.toMatchObject({ kind: "upstream" });
    clock = 1000;
    await budget.acquire(0);
    clock = 1499;
    await expect(budget.acquire(0)).rejects.toMatchObject({ kind: "upstream" });
  });
});
