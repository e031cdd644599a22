/**
 * Cached answers with the cache (and the rate limit) in Redis, side by side with the memory
 * store in one run: three configurations, three fresh processes of each (each store's figure
 * the median of its three: processes of one build differ by up to 15 % on this VM, and the
 * mean of two, which a median of two is, still moved the ratio by 0.15 between runs), taking turns
 * under the same loads, each Redis one on its own prefix of one private `redis-server` (kept
 * off the server core, like the simulators):
 * - the memory store (the default config);
 * - `store.redis` with the in-process tier (the default with Redis): a hot key costs one Redis
 *   read per lifetime, and the rate limit, shared by every instance, a Redis round trip per
 *   lease of a busy client's points (`redis-windows.ts`);
 * - `store.redis` with `cache.localTier: false`: every read asks Redis too.
 * Loads: one cached song, and 10,000 cached songs with a Zipf(1.0) popularity, all from one
 * client (wrk's 50 connections), then the same songs from 1,000 clients in turn (each
 * request's `X-Forwarded-For`, believed from loopback): each client has a lease of its own, so
 * one client is the rate limit's best case and many clients its worst.
 */
import { HAVE_REDIS_SERVER, startPrivateRedis } from "../../redis/redis-server.ts";
import { pinHelper } from "../lib/cpu.ts";
import { CONNECTIONS, loadTool } from "../lib/load.ts";
import { bySide, fillAndRead, measureRounds } from "../lib/rounds.ts";
import type { AppConfigInput } from "../../../server/engine/config.ts";
import { startService, type Service, type Upstream } from "../lib/setup.ts";
import { fmt, type Row } from "../lib/table.ts";
import { zipfSample } from "../lib/zipf.ts";

const SONG = "/v1/song?origin=bench&source=source_a&id=3135556";
const DISTINCT_SONGS = 10_000;
const SAMPLES = 100_000;
const CLIENTS = 1000;
/** the target of the issue: cached answers with Redis at no less than this share of the memory store's */
const TARGET = 0.9;

const STORES = {
  memory: "memory store",
  tiered: "Redis store, in-process tier on (default)",
  redisOnly: "Redis store, in-process tier off (cache.localTier: false)",
} as const;
type Store = keyof typeof STORES;

/** fresh processes of each store, each store's figure the median of theirs (`bySide`) */
const PROCESSES = 3;
const STORES_ROUNDS = 4;

export async function stores(upstream: Upstream, roundSeconds: number): Promise<Row[]> {
  if (!HAVE_REDIS_SERVER) return [{ metric: "cached answers with Redis: skipped, redis-server is not installed", measured: "", target: "" }];
  const redis = await startPrivateRedis();
  pinHelper(redis.pid!);
  const configs: Record<Store, AppConfigInput> = {
    memory: { rateLimit: { trustProxy: true } },
    tiered: { rateLimit: { trustProxy: true }, store: { redis: redis.url } },
    redisOnly: { rateLimit: { trustProxy: true }, store: { redis: redis.url }, cache: { localTier: false } },
  };
  // Named by store and process (`tiered0`, …), each Redis one on a prefix of its own.
  const services: Record<string, Service> = {};
  try {
    for (let i = 0; i < PROCESSES; i++) {
      for (const store of Object.keys(STORES) as Store[]) {
        const config = configs[store];
        services[`${store}${i}`] = await startService(upstream, config.store ? { ...config, store: { ...config.store, prefix: `${store}-${i}` } } : config);
      }
    }
    const songs = Array.from({ length: DISTINCT_SONGS }, (_, i) => `/v1/song?origin=blog-player&source=source_a&id=z${i}`);
    for (const service of Object.values(services)) await fillAndRead(service.ready, [SONG, ...songs]);

    const pids = Object.fromEntries(Object.entries(services).map(([name, service]) => [name, service.pid]));
    const bases = Object.fromEntries(Object.entries(services).map(([name, service]) => [name, service.ready]));
    const measure = async (urls: Record<string, string>, paths?: string[], clients = 0) => bySide(await measureRounds(urls, pids, roundSeconds, paths, clients, STORES_ROUNDS));
    const single = await measure(Object.fromEntries(Object.entries(bases).map(([name, base]) => [name, base + SONG])));
    const popular = zipfSample(songs, SAMPLES, 1);
    const zipf = await measure(bases, popular);
    const manyClients = await measure(bases, popular, CLIENTS);
    const songsLabel = `${DISTINCT_SONGS.toLocaleString("en-US")} cached songs, Zipf(1.0)`;
    return [...rows("one cached /v1/song", single), ...rows(songsLabel, zipf), ...rows(`${songsLabel}, ${CLIENTS.toLocaleString("en-US")} clients`, manyClients)];
  } finally {
    await Promise.all(Object.values(services).map((service) => service.stop()));
    await redis.stop();
  }
}

// --- internal ---

function rows(load: string, { rps, cpuUs }: { rps: Record<string, number>; cpuUs: Record<string, number> }): Row[] {
  const cpu = (store: Store) => (cpuUs[store] ? `; ${cpuUs[store].toFixed(1)} µs CPU per answer` : "");
  return [
    { metric: `${load}: ${STORES.memory} (${loadTool()}, ${CONNECTIONS} connections; each store the median of ${PROCESSES} processes)`, measured: fmt.rps(rps.memory) + cpu("memory"), target: "(baseline)", ratio: 1 },
    {
      metric: `${load}: ${STORES.tiered}`,
      measured: fmt.rps(rps.tiered) + cpu("tiered"),
      target: `≥ ${TARGET.toFixed(2)} × ${fmt.rps(rps.memory)}`,
      ratio: rps.tiered / rps.memory,
      pass: rps.tiered / rps.memory >= TARGET,
    },
    { metric: `${load}: ${STORES.redisOnly}`, measured: fmt.rps(rps.redisOnly) + cpu("redisOnly"), target: "(reference)", ratio: rps.redisOnly / rps.memory },
  ];
}
