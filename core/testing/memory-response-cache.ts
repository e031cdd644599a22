/**
 * The response cache of the kit's test harness (`deps.cache`): answers kept in memory for
 * their lifetime, one load per key at a time, a "not found" remembered briefly, as the
 * service's cache does. It keeps no stale answers and counts nothing.
 */
import { NotFoundError, UpstreamTimeoutError, isKind, isServiceError } from "../errors.ts";
import type { CachePolicy, CachedAnswer, ResponseCache } from "../services.ts";

interface Entry {
  json?: string;
  notFound?: string;
  expiresAt: number;
}

/** Lifetime of a remembered "not found", seconds (the service's default `cache.notFoundTtl`). */
const NOT_FOUND_TTL = 60;

export function createMemoryResponseCache(now: () => number = Date.now): ResponseCache {
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<CachedAnswer>>();

  async function load(key: string, policy: CachePolicy, loader: (signal: AbortSignal) => Promise<unknown>): Promise<CachedAnswer> {
    const started = performance.now();
    let value: unknown;
    try {
      value = await loader(new AbortController().signal);
    } catch (error) {
      if (isKind(error, "notFound") && policy.cacheMisses !== false) {
        entries.set(key, { notFound: (error as Error).message, expiresAt: now() + NOT_FOUND_TTL * 1000 });
      }
      throw error;
    }
    const json = JSON.stringify(value);
    const ttl = typeof policy.ttl === "function" ? policy.ttl(value) : policy.ttl;
    const cost = Math.max(1, Math.round(performance.now() - started));
    if (ttl <= 0) return { json, cost, status: "miss" };
    const expiresAt = now() + ttl * 1000;
    entries.set(key, { json, expiresAt });
    return { json, cost, status: "miss", expiresAt, staleSeconds: 0 };
  }

  return {
    async fetch(key, policy, loader, signal) {
      const held = entries.get(key);
      if (held && held.expiresAt > now()) {
        if (held.notFound !== undefined) throw new NotFoundError(held.notFound);
        return { json: held.json!, cost: 0, status: "hit", expiresAt: held.expiresAt, staleSeconds: 0 };
      }
      if (signal?.aborted) throw endedWait(signal, 0);
      let shared = inFlight.get(key);
      if (!shared) {
        shared = load(key, policy, loader).finally(() => inFlight.delete(key));
        inFlight.set(key, shared);
      }
      return signal ? untilAborted(shared, signal) : shared;
    },
    async peek(key) {
      const held = entries.get(key);
      if (!held || held.json === undefined || held.expiresAt <= now()) return undefined;
      return { json: held.json, cost: 0, status: "hit", expiresAt: held.expiresAt, staleSeconds: 0 };
    },
  };
}

// --- internal ---

/** The caller's wait for a shared load, ended by its own signal (the load goes on for the others). */
function untilAborted(shared: Promise<CachedAnswer>, signal: AbortSignal): Promise<CachedAnswer> {
  const joined = performance.now();
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(endedWait(signal, performance.now() - joined));
    signal.addEventListener("abort", onAbort, { once: true });
    shared.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** The caller's own deadline ended its wait: a timeout in its terms, whatever the signal carried. */
function endedWait(signal: AbortSignal, waitedMs: number): unknown {
  const reason: unknown = signal.reason;
  return isServiceError(reason) ? reason : new UpstreamTimeoutError("the upstream", waitedMs);
}
