/**
 * Starting and stopping the real service, shared by the entry point (`main.ts`) and demo mode
 * (`demo.ts`): a config and a plugin catalog in, the DI container, the app, listhen on exactly
 * `PORT`/`HOST`, and a graceful close (in-flight requests finish, then the container is disposed).
 */
import "reflect-metadata";
import cluster from "node:cluster";
import type { Server } from "node:http";
import { FORCED_EXIT_MS, VERSION, type AppConfig } from "../engine/config.ts";
import { exitAfterLogs, logFormatProblem, type Logger } from "../engine/logger.ts";
import type { PluginCatalog } from "../engine/plugins/discover.ts";
import { activeSummary } from "../engine/summary.ts";
import { primaryChannel } from "./cluster.ts";
import { composeService, type ComposedService } from "./compose.ts";
import { InFlight, drainServer } from "./graceful.ts";
import { connectionLimits } from "./connections.ts";
import { serve } from "./listen.ts";
import { nodeEntry } from "./node-server.ts";

export interface ServiceOptions {
  config: AppConfig;
  /** the config file it came from, for the start-up line; none for the embedded defaults */
  file?: string;
  /** what the start-up line says runs when the config is no file's (demo mode's own) */
  configName?: string;
  catalog: PluginCatalog;
  port: number;
  host: string;
  log: Logger;
}

export interface RunningService {
  url: string;
  server: Server;
  service: ComposedService;
  /** stops accepting, lets in-flight requests finish, disposes the container */
  close(): Promise<void>;
}

export async function startService({ config, file, configName, catalog, port, host, log }: ServiceOptions): Promise<RunningService> {
  // In a group of workers (WORKERS), the primary holds what the workers share.
  const service = composeService({ config, catalog, logger: log, group: primaryChannel() });
  const requests = new InFlight();
  const { server, url } = await serve(nodeEntry(service.handler, log, requests), {
    port,
    host,
    timeouts: { headersMs: config.server.headersTimeoutMs, requestMs: config.server.requestTimeoutMs },
    connections: connectionLimits(config),
    log,
  }).catch(async (error: unknown) => {
    await service.dispose();
    throw error;
  });
  // Ready once Redis, when configured, has said whether it answers (at most its start grace).
  await service.redis?.settled();
  service.lifecycle.ready();
  const share = service.front.shares ? config.share.plugin : undefined;
  // In a group the first worker tells what is in force, and the primary where it listens.
  if (cluster.isWorker && cluster.worker!.id !== 1) log.info(`serving on ${url}`);
  else {
    for (const line of activeSummary(config, service.registry, share)) log.info(line);
    const format = logFormatProblem();
    if (format) log.warn(format);
  }
  if (!cluster.isWorker) log.info(`music-aggregator ${VERSION} listening on ${url} (${file ? `config ${file}` : (configName ?? "embedded defaults")})`);
  return {
    url,
    server,
    service,
    async close() {
      // /readyz says 503 from now on, while the listener still serves everything else, so that
      // a load balancer stops sending here before new connections are refused.
      service.lifecycle.draining();
      await new Promise((resolve) => setTimeout(resolve, config.server.readinessGraceMs));
      // Stop accepting; every request already sent is answered, each answer closing its connection.
      const cut = await drainServer(server, requests, config.server.drainTimeoutMs);
      if (cut) log.warn(`drain: ${cut} request(s) still under way after ${config.server.drainTimeoutMs / 1000} s (a client reading nothing, or a slow upstream): their connections are closed`);
      await service.dispose();
    },
  };
}

/** A start that failed: its message logged (a list of problems one line each), then exit 1. */
export function exitOnStartFailure(error: unknown, log: Logger): void {
  for (const line of (error instanceof Error ? error.message : String(error)).split("\n")) log.error(line);
  exitAfterLogs(1);
}

/**
 * On SIGTERM or SIGINT: `close`, then exit 0; exit 1 if closing takes over FORCED_EXIT_MS
 * (config keeps the readiness grace and the drain well within it). A second signal while
 * closing changes nothing. The last line says how it ended, so a log shows the drain was whole.
 */
export function closeOnSignals(close: () => Promise<void>, log: Logger): void {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const started = performance.now();
    log.info(`${signal}: closing, waiting for in-flight requests`);
    const force = setTimeout(() => {
      log.error(`stopped: closing took over ${FORCED_EXIT_MS / 1000} s; exit 1`);
      exitAfterLogs(1);
    }, FORCED_EXIT_MS).unref();
    try {
      await close();
    } catch (error) {
      log.error(`while closing: ${error instanceof Error ? error.message : String(error)}`);
    }
    clearTimeout(force);
    log.info(`stopped: drained and closed in ${((performance.now() - started) / 1000).toFixed(1)} s; exit 0`);
    exitAfterLogs(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}
