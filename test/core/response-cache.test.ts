/** The response cache on its own: lifetimes, single-flight, misses, stale stand-ins, and waits that end. */
import { describe, expect, it } from "vitest";
import { StoreResponseCache } from "../../server/engine/cache/response-cache.ts";
import { answerStore } from "../../server/engine/cache/answer-store.ts";
import { parseConfig } from "../../server/engine/config.ts";
import { LocalStats } from "../../server/engine/stats/local-stats.ts";
import { zeroCounts } from "../../server/engine/stats/cache-counts.ts";
import { NotFoundError, UpstreamError, UpstreamTimeoutError, isServiceError } from "../../core/errors.ts";
import { noteUpstreamCall } from "../../server/engine/http/upstream-calls.ts";

function cache(now: () => number = Date.now) {
  const store = answerStore(parseConfig({ cache: { max: 100, maxBytes: 1 << 20 } }, {}), zeroCounts());
  return new StoreResponseCache(store, { notFoundTtl: 300, staleTtl: 3600, loadMs: 8000 }, new LocalStats(() => store.entries()), now);
}

const later = <T>(ms: number, value: T) => new Promise<T>((r) => setTimeout(() => r(value), ms));

describe("StoreResponseCache", () => {
  it("a miss loads and stores; the next fetch is a hit costing 0; stats count both", async () => {
    const c = cache();
    let loads = 0;
    const load = async () => {
      noteUpstreamCall();
      return { n: ++loads };
    };
    const first = await c.fetch("k", { ttl: 60 }, load);
    expect(first).toMatchObject({ json: '{"n":1}', status: "miss", staleSeconds: 3600 });
    expect(first.cost).toBeGreaterThanOrEqual(1);
    // the miss says the life of the entry it stored; the hit, the same
    expect(first.expiresAt! - Date.now()).toBeGreaterThan(59_000);
    expect(await c.fetch("k", { ttl: 60 }, load)).toEqual({ json: '{"n":1}', cost: 0, status: "hit", expiresAt: first.expiresAt, staleSeconds: 3600 });
    expect(loads).toBe(1);
    expect(await c.stats()).toMatchObject({ driver: "memory", entries: 1, hits: 1, misses: 1, hitRate: 0.5 });
    // an answer that is not kept has no life to tell
    expect(await c.fetch("never-kept", { ttl: 0 }, load)).not.toHaveProperty("expiresAt");
  });

  it("concurrent misses of one key share one load", async () => {
    const c = cache();
    let loads = 0;
    const answers = await Promise.all(Array.from({ length: 50 }, () => c.fetch("k", { ttl: 60 }, async () => later(30, { n: ++loads }))));
    expect(loads).toBe(1);
    expect(new Set(answers.map((a) => a.json))).toEqual(new Set(['{"n":1}']));
  });

  it("an answer expires after its lifetime (a function of the answer may set it)", async () => {
    let clock = 1_000_000;
    const c = cache(() => clock);
    let loads = 0;
    const policy = { ttl: (value: unknown) => (value as { ttl: number }).ttl };
    await c.fetch("k", policy, async () => ({ ttl: 10, n: ++loads }));
    clock += 9_000;
    expect((await c.fetch("k", policy, async () => ({ ttl: 10, n: ++loads }))).status).toBe("hit");
    clock += 2_000;
    expect((await c.fetch("k", policy, async () => ({ ttl: 10, n: ++loads }))).status).toBe("miss");
    expect(loads).toBe(2);
  });

  it("a not-found is remembered for notFoundTtl (unless the policy says not to)", async () => {
    let clock = 1_000_000;
    const c = cache(() => clock);
    let loads = 0;
    const missing = async () => {
      loads++;
      throw new NotFoundError("no such song");
    };
    await expect(c.fetch("k", { ttl: 60 }, missing)).rejects.toMatchObject({ kind: "notFound", message: "no such song", cachedUntil: 1_300_000 });
    const remembered = await c.fetch("k", { ttl: 60 }, missing).catch((e: unknown) => e);
    expect(remembered).toMatchObject({ kind: "notFound", message: "no such song", cachedUntil: 1_300_000 });
    expect((remembered as { cost?: number }).cost).toBeUndefined();
    expect(loads).toBe(1);
    clock += 301_000;
    await expect(c.fetch("k", { ttl: 60 }, missing)).rejects.toMatchObject({ kind: "notFound" });
    expect(loads).toBe(2);
    await expect(c.fetch("other", { ttl: 60, cacheMisses: false }, missing)).rejects.toMatchObject({ kind: "notFound" });
    const notKept = await c.fetch("other", { ttl: 60, cacheMisses: false }, missing).catch((e: unknown) => e);
    expect(notKept).toMatchObject({ kind: "notFound" });
    expect((notKept as { cachedUntil?: number }).cachedUntil).toBeUndefined();
    expect(loads).toBe(4);
  });

  it("an expired answer stands in when the upstream fails (not with keepStale false, nor for a bug)", async () => {
    let clock = 1_000_000;
    const c = cache(() => clock);
    await c.fetch("k", { ttl: 10 }, async () => ({ v: 1 }));
    await c.fetch("fresh-only", { ttl: 10, keepStale: false }, async () => ({ v: 2 }));
    clock += 11_000;
    const failing = async () => {
      throw new UpstreamError("upstream down");
    };
    expect(await c.fetch("k", { ttl: 10 }, failing)).toEqual({ json: '{"v":1}', cost: 0, status: "stale", expiresAt: 1_010_000, staleSeconds: 3600 });
    await expect(c.fetch("fresh-only", { ttl: 10, keepStale: false }, failing)).rejects.toMatchObject({ kind: "upstream" });
    await expect(
      c.fetch("k", { ttl: 10 }, async () => {
        throw new TypeError("a bug");
      }),
    ).rejects.toBeInstanceOf(TypeError);
  });

  it("a failure carries the upstream time spent before it", async () => {
    const c = cache();
    const error = await c
      .fetch("k", { ttl: 10 }, async () => {
        noteUpstreamCall();
        await later(40, 0);
        throw new UpstreamError("down");
      })
      .catch((e: unknown) => e);
    expect(isServiceError(error) && error.cost).toBeGreaterThanOrEqual(35);
  });

  it("a load that calls no upstream costs 0, answer or error; one whose inner load called one does not", async () => {
    const c = cache();
    const known = await c.fetch("known", { ttl: 10 }, () => later(20, { list: [] }));
    expect([known.status, known.cost]).toEqual(["miss", 0]);
    const refused = await c.fetch("refused", { ttl: 10 }, async () => Promise.reject(new NotFoundError("no such chart"))).catch((e: unknown) => e);
    expect(isServiceError(refused) && refused.cost).toBeUndefined();
    // A nested load (the archive's cached item reads) counts for the load that started it.
    const outer = await c.fetch("outer", { ttl: 10 }, async () => {
      await c.fetch("inner", { ttl: 10 }, async () => (noteUpstreamCall(), later(5, 1)));
      return 2;
    });
    expect(outer.cost).toBeGreaterThanOrEqual(1);
    const cachedInner = await c.fetch("outer-2", { ttl: 10 }, async () => (await c.fetch("inner", { ttl: 10 }, async () => 3)).json);
    expect([cachedInner.json, cachedInner.cost]).toEqual(['"1"', 0]);
  });

  it("a waiter that gives up ends only its own wait; the load goes on for the others and is stored", async () => {
    const c = cache();
    let loadSignal: AbortSignal | undefined;
    const load = async (signal: AbortSignal) => {
      loadSignal = signal;
      return later(150, { v: "shared" });
    };
    const impatient = c.fetch("k", { ttl: 60 }, load, AbortSignal.timeout(30)).catch((e: unknown) => e);
    const patient = c.fetch("k", { ttl: 60 }, load);
    const gaveUp = await impatient;
    expect(gaveUp).toBeInstanceOf(UpstreamTimeoutError);
    expect(loadSignal?.aborted).toBe(false);
    expect((await patient).json).toBe('{"v":"shared"}');
    expect((await c.peek("k"))?.json).toBe('{"v":"shared"}');
  });

  it("when the last waiter leaves, the load is aborted; a caller that has already given up starts nothing", async () => {
    const c = cache();
    let loadSignal: AbortSignal | undefined;
    const controller = new AbortController();
    const waiting = c
      .fetch(
        "k",
        { ttl: 60 },
        (signal) => {
          loadSignal = signal;
          return new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason)));
        },
        controller.signal,
      )
      .catch((e: unknown) => e);
    // Once the store has been read and the load started.
    await new Promise((resolve) => setImmediate(resolve));
    controller.abort(new UpstreamTimeoutError("test", 1));
    expect(await waiting).toBeInstanceOf(UpstreamTimeoutError);
    expect(loadSignal?.aborted).toBe(true);
    let started = false;
    await expect(
      c.fetch("other", { ttl: 60 }, async () => (started = true), AbortSignal.abort()),
    ).rejects.toBeInstanceOf(UpstreamTimeoutError);
    expect(started).toBe(false);
  });

  it("peek answers only fresh values, and never loads", async () => {
    let clock = 1_000_000;
    const c = cache(() => clock);
    expect(await c.peek("k")).toBeUndefined();
    await c.fetch("k", { ttl: 10 }, async () => ({ v: 1 }));
    expect(await c.peek("k")).toEqual({ json: '{"v":1}', cost: 0, status: "hit", expiresAt: 1_010_000, staleSeconds: 3600 });
    clock += 11_000;
    expect(await c.peek("k")).toBeUndefined();
  });
});
