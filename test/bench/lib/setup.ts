/** The processes of a bench run: one upstream child with four simulators, services on demand. */
import type { AppConfigInput } from "../../../server/engine/config.ts";
import { startChild, type ChildHandle } from "./child.ts";

export type Upstream = ChildHandle<string[]>;
export type Service = ChildHandle<string>;

/** the per-source deadline of an `all` search in the bench config */
export const SEARCH_ALL_DEADLINE_MS = 1000;
export const CACHE_MAX = 50_000;
/**
 * Uncached requests a service answers before its misses are timed. The miss path is a few
 * hundred functions; until V8 has compiled them (some thousands of misses) a miss costs about
 * twice its CPU, and 50 warm-up requests measured that more than the service (docs/performance.md).
 */
export const MISS_WARM_UP = 3000;

export function startUpstream(): Promise<Upstream> {
  return startChild<string[]>("upstream", { BENCH_SIMULATORS: "4" }, { role: "helper" });
}

/**
 * The service with source_a..source_d on the four simulators and a limiter that never says 429;
 * `extra` config on top (its `rateLimit` and `cache` keys merged with the bench's); `env` and
 * node flags (`--cpu-prof`, say) for the process.
 */
export function startService(upstream: Upstream, extra: AppConfigInput = {}, env: Record<string, string> = {}, nodeFlags: string[] = []): Promise<Service> {
  const ids = ["source_a", "source_b", "source_c", "source_d"];
  const config: AppConfigInput = {
    sources: Object.fromEntries(ids.map((id, i) => [id, { plugin: "fake", options: { baseURL: upstream.ready[i] } }])),
    lyrics: false,
    upstream: { searchAllTimeoutMs: SEARCH_ALL_DEADLINE_MS },
    ...extra,
    rateLimit: { points: 1_000_000_000, duration: 60, ...extra.rateLimit },
    cache: { max: CACHE_MAX, ...extra.cache },
    // Every load comes from loopback: a round's connections may meet the last round's still closing.
    server: { maxConnectionsPerAddress: 4096, ...extra.server },
  };
  return startChild<string>("service", { ...env, BENCH_CONFIG: JSON.stringify(config) }, { nodeFlags });
}

/** Clears every fault and counter of the four simulators. */
export async function resetUpstream(upstream: Upstream): Promise<void> {
  await Promise.all([0, 1, 2, 3].map((index) => upstream.call("reset", { index })));
}
