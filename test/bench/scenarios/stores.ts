/**
 * Cached answers with the cache (and the rate limit) in Redis, side by side with the memory
 * store in one run: three services taking turns under the same loads, each on its own Redis
 * prefix of one private `redis-server` (kept off the server core, like the simulators):
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
import { fillAndRead, measureRounds } from "../lib/rounds.ts";
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

export async function stores(upstream: Upstream, roundSeconds: number): Promise<Row[]> {
  if (!HAVE_REDIS_SERVER) return [{ metric: "cached answers with Redis: skipped, redis-server is not installed", measured: "", target: "" }];
  const redis = await startPrivateRedis();
  pinHelper(redis.pid!);
  const services: Partial<Record<Store, Service>> = {};
  try {
    services.memory = await startService(upstream, { rateLimit: { trustProxy: true } });
    services.tiered = await startService(upstream, { rateLimit: { trustProxy: true }, store: { redis: redis.url, prefix: "tiered" } });
    services.redisOnly = await startService(upstream, { rateLimit: { trustProxy: true }, store: { redis: redis.url, prefix: "redis-only" }, cache: { localTier: false } });
    const songs = Array.from({ length: DISTINCT_SONGS }, (_, i) => `/v1/song?origin=blog-player&source=source_a&id=z${i}`);
    for (const service of Object.values(services)) await fillAndRead(service.ready, [SONG, ...songs]);

    const names = Object.keys(STORES) as Store[];
    const pids = Object.fromEntries(names.map((name) => [name, services[name]!.pid]));
    const single = await measureRounds(Object.fromEntries(names.map((name) => [name, services[name]!.ready + SONG])), pids, roundSeconds);
    const bases = Object.fromEntries(names.map((name) => [name, services[name]!.ready]));
    const popular = zipfSample(songs, SAMPLES, 1);
    const zipf = await measureRounds(bases, pids, roundSeconds, popular);
    const manyClients = await measureRounds(bases, pids, roundSeconds, popular, CLIENTS);
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
    { metric: `${load}: ${STORES.memory} (${loadTool()}, ${CONNECTIONS} connections)`, measured: fmt.rps(rps.memory) + cpu("memory"), target: "(baseline)", ratio: 1 },
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
