/**
 * `WORKERS=N` (or `auto`, one per core): the primary process forks N workers that serve one
 * port (node:cluster shares the listening socket) and keeps them running. It holds what the
 * workers share without Redis: the rate limit (rate-limiter-flexible's cluster master), the
 * statistics storage, the summing of their statistics (`core/stats/group-stats.ts`) and of
 * their metrics (`metrics/group.ts`).
 *
 * A worker that dies is replaced, at most MAX_RESTARTS times a minute (a worker that keeps
 * dying stops the group rather than spin); a worker that dies before it listens (a bad plugin
 * config, say) stops the group at once. SIGTERM/SIGINT are passed on to every worker, which
 * drains its requests; the primary exits 0 once all have exited 0.
 */
import cluster, { type Worker } from "node:cluster";
import { availableParallelism } from "node:os";
import { RateLimiterClusterMaster } from "rate-limiter-flexible";
import { Channel } from "../engine/cluster/channel.ts";
import { groupStorageHandler } from "../engine/cluster/group-storage.ts";
import { listenAddress, loadConfig, VERSION } from "../engine/config.ts";
import { exitAfterLogs, type Logger } from "../engine/logger.ts";
import { resolveQrSecret } from "../engine/share/qr-code.ts";
import { GroupTotals } from "../engine/stats/group-stats.ts";
import { checkAddress, freePort } from "./listen.ts";
import { GROUP_METRICS, groupMetricsHandler } from "../request/metrics/group.ts";
import { ConfigError } from "../engine/errors.ts";

const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;
/** workers stop by themselves within 10 s (`main.ts`); this is the primary's bound */
const STOP_TIMEOUT_MS = 15_000;

/** Env `WORKERS`: a count, or `auto` for one per core; 1 (no group) when unset. */
export function workerCount(env: NodeJS.ProcessEnv = process.env): number {
  const value = env.WORKERS?.trim();
  if (!value) return 1;
  if (value === "auto") return availableParallelism();
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1 || count > 256) throw new ConfigError(`WORKERS: expected a count from 1 to 256 or auto, got ${value}`);
  return count;
}

export async function runPrimary(count: number, log: Logger): Promise<void> {
  // The config is checked once here, so a bad one stops the start with one message, not N.
  const { config, file } = await loadConfig();
  // QR signs made by one worker must pass in another: one secret for the group.
  const env: Record<string, string> = {};
  if (!config.share.qrSecret) env.QR_SIGN_SECRET = resolveQrSecret(undefined, log.child("share"));
  const { port: asked, host } = listenAddress();
  if (asked !== 0) await checkAddress(asked, host);
  // Port 0: one free port for all, or each worker would be given its own.
  const port = asked === 0 ? await freePort(host) : asked;

  new RateLimiterClusterMaster();
  const totals = new GroupTotals();
  const storage = groupStorageHandler();
  const metrics = groupMetricsHandler(config.metrics.cacheMs);
  const channels = new Map<number, Channel>();
  const listening = new Set<number>();
  const codes: (number | null)[] = [];
  const restarts: number[] = [];
  let stopping = false;
  let started = false;

  const fork = (): Worker => {
    const worker = cluster.fork({ ...env, PORT: String(port), HOST: host });
    const channel = new Channel(worker).handle("storage", storage).handle(GROUP_METRICS, metrics);
    totals.serve(worker.id, channel, () => channels.entries());
    channels.set(worker.id, channel);
    log.info(`worker ${worker.id} started (pid ${worker.process.pid})`);
    return worker;
  };


  const stop = (why: string, code?: number) => {
    if (stopping) return;
    stopping = true;
    log.info(`${why}: stopping ${channels.size} worker(s), waiting for their requests in flight`);
    setTimeout(() => {
      log.error(`workers still running after ${STOP_TIMEOUT_MS / 1000} s: killing them`);
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGKILL");
      exitAfterLogs(1);
    }, STOP_TIMEOUT_MS).unref();
    if (code !== undefined) codes.push(code);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    if (channels.size === 0) exitAfterLogs(code ?? 0);
  };

  cluster.on("listening", (worker) => {
    listening.add(worker.id);
    if (!started && listening.size === count) {
      started = true;
      log.info(`music-aggregator ${VERSION} listening on http://${host.includes(":") ? `[${host}]` : host}:${port} with ${count} workers (${file ? `config ${file}` : "embedded defaults"})`);
    }
  });

  cluster.on("exit", (worker, code, signal) => {
    channels.get(worker.id)?.close();
    channels.delete(worker.id);
    totals.retire(worker.id);
    if (stopping) {
      codes.push(code);
      if (channels.size > 0) return;
      const ok = codes.every((c) => c === 0);
      log.info(`stopped: every worker has exited${ok ? "" : " (not all cleanly)"}; exit ${ok ? 0 : 1}`);
      return exitAfterLogs(ok ? 0 : 1);
    }
    if (!listening.has(worker.id)) {
      log.error(`worker ${worker.id} exited (${signal ?? code}) before it could listen`);
      return stop("start failed", 1);
    }
    const now = Date.now();
    restarts.push(now);
    while (restarts[0] < now - RESTART_WINDOW_MS) restarts.shift();
    if (restarts.length > MAX_RESTARTS) {
      log.error(`workers died ${restarts.length} times within a minute; giving up`);
      return stop("workers keep dying", 1);
    }
    log.warn(`worker ${worker.id} died (${signal ?? `exit ${code}`}); starting another`);
    fork();
  });

  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  for (let i = 0; i < count; i++) fork();
}

/** This process's channel to the primary when it is a worker of a group. */
export function primaryChannel(): Channel | undefined {
  return cluster.isWorker ? new Channel(process) : undefined;
}
