/**
 * Cached answers as JSON text. A hit costs one storage read and no parse: the server splices
 * the stored text into the envelope. Misses of the same key in flight are coalesced into one
 * upstream call, and with a shared backend into one call across instances (`shared-load.ts`);
 * not-found answers are cached briefly; an expired answer stands in when the upstream fails,
 * or when the client whose request would load it has spent its share of the upstream's budget.
 * A load runs for the client of the caller that starts it (`upstream-calls.ts`), who pays for
 * it; a caller that joins it pays nothing, and if the starter's share turns out spent, it loads
 * on its own.
 */
import { NotFoundError, UpstreamTimeoutError, isKind, isServiceError, type ServiceErrorLike, type CachePolicy, type CachedAnswer, type ResponseCache } from "@music-aggregator/core";
import { staleMayStandIn, withCost } from "@music-aggregator/core/host";
import type { CacheTier } from "../stats/cache-counts.ts";
import { clientOf, countUpstreamCalls } from "../http/upstream-calls.ts";
import type { AnswerStore } from "./answer-store.ts";
import { awaitOtherInstance } from "./shared-load.ts";
import { decodeEntry as decode, encodeEntry, type StoredEntry } from "./entry.ts";
import { type CacheStats } from "../domain.ts";
import { type CacheCounts, type SharedStats } from "../stats/shared-stats.ts";

export type { CachePolicy, CachedAnswer };

/** What the cache did since the start of the process (`/metrics`). */
export interface CacheOutcomes {
  hits: number;
  misses: number;
  /** expired answers served because the upstream failed */
  stale: number;
  /** requests that waited for a load already under way (here, or in another instance) instead of starting one */
  coalesced: number;
}

export interface ResponseCacheSettings {
  notFoundTtl: number;
  staleTtl: number;
  /** a load's deadline (`upstream.timeoutMs`): how long another instance's load of the same key is waited for */
  loadMs: number;
}

/** A load in flight, how many callers still wait for it, and the client whose request started it. */
interface SharedLoad {
  promise: Promise<CachedAnswer>;
  controller: AbortController;
  waiters: number;
  client: string | undefined;
}

export class StoreResponseCache implements ResponseCache {
  private readonly inFlight = new Map<string, SharedLoad>();
  /** this process's hits and misses, which `stats` totals over every instance */
  private readonly counts: CacheCounts;
  private stale = 0;
  private coalesced = 0;

  constructor(
    private readonly store: AnswerStore,
    private readonly settings: ResponseCacheSettings,
    private readonly shared: SharedStats,
    private readonly now: () => number = Date.now,
  ) {
    this.counts = shared.local;
  }

  fetch(key: string, policy: CachePolicy, load: (signal: AbortSignal) => Promise<unknown>, signal?: AbortSignal): Promise<CachedAnswer> {
    return this.readAndAnswer(key, policy, load, signal, true);
  }

  async peek(key: string): Promise<CachedAnswer | undefined> {
    const stored = await this.read(key);
    if (!stored || stored.kind !== "v" || stored.expiresAt <= this.now()) return undefined;
    this.counts.hits++;
    // Peeked entries are operations' answers, kept stale by the default policy.
    return { json: stored.payload, cost: 0, status: "hit", expiresAt: stored.expiresAt, staleSeconds: this.settings.staleTtl };
  }

  /** A hit answered from a copy this process holds (the rendered answers): the in-process tier's. */
  noteHit(): void {
    this.counts.hits++;
    this.counts.localHits++;
  }

  /** This process's reads of each tier of the cache (`/metrics`): which store answered, which did not. */
  tierReads(): { tier: CacheTier; hits: number; misses: number }[] {
    const { localHits, localMisses, redisHits, redisMisses } = this.counts;
    const reads = { local: { hits: localHits, misses: localMisses }, redis: { hits: redisHits, misses: redisMisses } };
    return this.store.tiers.map((tier) => ({ tier, ...reads[tier] }));
  }

  /** This process's hits, misses, stale answers and coalesced waits since it started (for `/metrics`). */
  outcomes(): CacheOutcomes {
    return { hits: this.counts.hits, misses: this.counts.misses, stale: this.stale, coalesced: this.coalesced };
  }

  async stats(): Promise<CacheStats> {
    const totals = await this.shared.totals();
    const { hits, misses, entries } = totals;
    const total = hits + misses;
    const tiers: CacheStats["tiers"] = { local: { hits: totals.localHits, misses: totals.localMisses } };
    if (this.store.tiers.includes("redis")) tiers.redis = { hits: totals.redisHits, misses: totals.redisMisses };
    return { driver: this.store.driver, entries, hits, misses, hitRate: total ? Math.round((hits / total) * 1000) / 1000 : 0, tiers };
  }

  // --- internal ---

  /** `mayRejoin`: whether a caller refused for the share of the load it joined may try again (once). */
  private async readAndAnswer(key: string, policy: CachePolicy, load: (signal: AbortSignal) => Promise<unknown>, signal: AbortSignal | undefined, mayRejoin: boolean): Promise<CachedAnswer> {
    return this.answer(key, policy, load, await this.read(key), signal, mayRejoin);
  }

  private answer(
    key: string,
    policy: CachePolicy,
    load: (signal: AbortSignal) => Promise<unknown>,
    stored: StoredEntry | undefined,
    signal: AbortSignal | undefined,
    mayRejoin: boolean,
  ): Promise<CachedAnswer> {
    if (stored && stored.expiresAt > this.now()) {
      this.counts.hits++;
      if (stored.kind === "n") return Promise.reject(cachedNotFound(stored));
      return Promise.resolve({ json: stored.payload, cost: 0, status: "hit", expiresAt: stored.expiresAt, staleSeconds: this.staleSeconds(policy) });
    }
    // A caller that has already given up starts nothing.
    if (signal?.aborted) return Promise.reject(endedWait(signal, 0));
    const client = clientOf(signal);
    let shared = this.inFlight.get(key);
    if (!shared) {
      this.counts.misses++;
      const controller = new AbortController();
      const promise = this.load(key, policy, () => load(controller.signal), stored, controller.signal, client).finally(() => this.inFlight.delete(key));
      shared = { promise, controller, waiters: 0, client };
      this.inFlight.set(key, shared);
      return this.wait(shared, signal);
    }
    this.coalesced++;
    if (!mayRejoin) return this.wait(shared, signal);
    const joined = shared;
    // The starter's share was spent, not this caller's: it is not refused for another's spending.
    return this.wait(joined, signal).catch((error: unknown) => {
      if (!isKind(error, "shareSpent") || joined.client === client || signal?.aborted) throw error;
      return this.readAndAnswer(key, policy, load, signal, false);
    });
  }

  /**
   * One caller's wait for a shared load. The caller's signal ends its own wait only; when the
   * last waiter is gone the load is aborted, since nobody would read its answer.
   */
  private wait(shared: SharedLoad, signal: AbortSignal | undefined): Promise<CachedAnswer> {
    shared.waiters++;
    const joined = performance.now();
    return new Promise<CachedAnswer>((resolve, reject) => {
      const leave = () => {
        signal?.removeEventListener("abort", onAbort);
        shared.waiters--;
      };
      const onAbort = () => {
        leave();
        if (shared.waiters === 0) shared.controller.abort(new Error("nobody waits for this answer any more"));
        reject(endedWait(signal!, performance.now() - joined));
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      shared.promise.then(
        (answer) => {
          leave();
          resolve(answer);
        },
        (error: unknown) => {
          leave();
          reject(error);
        },
      );
    });
  }

  private async load(key: string, policy: CachePolicy, load: () => Promise<unknown>, stale: StoredEntry | undefined, signal: AbortSignal, client: string | undefined): Promise<CachedAnswer> {
    const locks = this.store.locks;
    if (!locks) return this.loadHere(key, policy, load, stale, client);
    // Another instance may be loading this key: wait for its answer rather than ask again.
    const lock = await locks.acquire(key, this.settings.loadMs + LOCK_MARGIN_MS);
    if (lock === "held") {
      this.coalesced++;
      const delivered = await awaitOtherInstance(locks, key, this.settings.loadMs, signal, (raw) => this.fresh(raw));
      if (delivered?.kind === "n") throw cachedNotFound(delivered);
      if (delivered) return { json: delivered.payload, cost: 0, status: "hit", expiresAt: delivered.expiresAt, staleSeconds: this.staleSeconds(policy) };
      if (signal.aborted) throw signal.reason;
    }
    try {
      return await this.loadHere(key, policy, load, stale, client);
    } finally {
      if (typeof lock === "function") await lock();
    }
  }

  /** `client`: whose share of the upstreams' budgets the load spends */
  private async loadHere(key: string, policy: CachePolicy, load: () => Promise<unknown>, stale: StoredEntry | undefined, client: string | undefined): Promise<CachedAnswer> {
    const started = performance.now();
    // A load that called no upstream (an answer the plugin knew) costs nothing, on errors too.
    const upstream = countUpstreamCalls(load, client);
    let value: unknown;
    try {
      value = await upstream.result;
    } catch (error) {
      if (isKind(error, "notFound") && policy.cacheMisses !== false) {
        // A not-found answer is never a stale stand-in: it is kept for its own lifetime only.
        (error as ServiceErrorLike).cachedUntil = await this.write(key, "n", (error as Error).message, this.settings.notFoundTtl, false);
      } else if (stale?.kind === "v" && policy.keepStale !== false && staleMayStandIn(error)) {
        this.stale++;
        return { json: stale.payload, cost: 0, status: "stale", expiresAt: stale.expiresAt, staleSeconds: this.staleSeconds(policy) };
      }
      throw upstream.calls() > 0 ? withCost(error, performance.now() - started) : error;
    }
    const json = JSON.stringify(value);
    const ttl = typeof policy.ttl === "function" ? policy.ttl(value) : policy.ttl;
    const expiresAt = ttl > 0 ? await this.write(key, "v", json, ttl, policy.keepStale !== false) : undefined;
    // A miss that called an upstream costs at least 1 ms, so that it is never mistaken for a cache hit.
    const cost = upstream.calls() > 0 ? Math.max(1, Math.round(performance.now() - started)) : 0;
    return expiresAt === undefined ? { json, cost, status: "miss" } : { json, cost, status: "miss", expiresAt, staleSeconds: this.staleSeconds(policy) };
  }

  /** The decoded entry; a failing store reads as a miss, never as a failed request. */
  private async read(key: string): Promise<StoredEntry | undefined> {
    const raw = (await this.store.storage.getItemRaw<string>(key).catch(() => null)) ?? undefined;
    return raw === undefined ? undefined : decode(raw);
  }

  /** A raw entry that is fresh, decoded; undefined otherwise. */
  private fresh(raw: string | undefined): StoredEntry | undefined {
    const stored = raw === undefined ? undefined : decode(raw);
    return stored && stored.expiresAt > this.now() ? stored : undefined;
  }

  /** Stores an entry; returns the end of its fresh life. */
  private async write(key: string, kind: "v" | "n", payload: string, ttlSeconds: number, keepStale = true): Promise<number> {
    const expiresAt = this.now() + ttlSeconds * 1000;
    // A failing cache store must never fail the request it caches.
    await this.store.storage.setItemRaw(key, encodeEntry({ expiresAt, kind, payload }), { ttl: ttlSeconds + (keepStale ? this.settings.staleTtl : 0) }).catch(() => undefined);
    return expiresAt;
  }

  /** How long past its life an answer of `policy` may stand in for a failing upstream. */
  private staleSeconds(policy: CachePolicy): number {
    return policy.keepStale === false ? 0 : this.settings.staleTtl;
  }
}

/** A cached not-found, with the end of its life. */
function cachedNotFound(stored: StoredEntry): NotFoundError {
  const error = new NotFoundError(stored.payload);
  error.cachedUntil = stored.expiresAt;
  return error;
}

/**
 * The life of an answer made of several cached answers (an all-search, a playlist's addresses):
 * the earliest part's, or none when a part has none (it failed, or was not looked up).
 */
export function combinedLife(parts: readonly (CachedAnswer | undefined)[]): Pick<CachedAnswer, "expiresAt" | "staleSeconds"> {
  let expiresAt = Infinity;
  let staleSeconds = Infinity;
  for (const part of parts) {
    if (part?.expiresAt === undefined) return {};
    expiresAt = Math.min(expiresAt, part.expiresAt);
    staleSeconds = Math.min(staleSeconds, part.staleSeconds ?? 0);
  }
  return parts.length ? { expiresAt, staleSeconds } : {};
}

/** The caller's own deadline ended its wait: a timeout in its terms, whatever the signal carried. */
function endedWait(signal: AbortSignal, waitedMs: number): unknown {
  const reason: unknown = signal.reason;
  return isServiceError(reason) ? reason : new UpstreamTimeoutError("the upstream", waitedMs);
}

/** A lock outlives its holder's deadline by this much, so that it never lapses while the holder still works. */
const LOCK_MARGIN_MS = 1000;

/**
 * A cache key from an operation and its normalised parameters: sorted, values encoded. The
 * key is already in unstorage's normal form (no `/`, `\\`, `?`, `::` or edge `:`; values are
 * percent-encoded), so it names the same item in every driver.
 */
export function cacheKey(operation: string, params: Record<string, string | number | boolean | undefined>): string {
  let key = `${operation}|`;
  for (const name of Object.keys(params).sort()) {
    const value = params[name];
    if (value !== undefined) key += `${name}=${encodeURIComponent(String(value))}&`;
  }
  return key;
}
