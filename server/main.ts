/**
 * The entry point: load config, discover and bind plugins, build the app, listen on
 * `PORT`/`HOST` (exactly there, or not at all), and shut down gracefully on SIGTERM/SIGINT
 * (in-flight requests finish). With `WORKERS` this process becomes the primary of a group of
 * workers (`cluster.ts`), each of which runs the same service.
 */
import "reflect-metadata";
import cluster from "node:cluster";
import { listenAddress, loadConfig, VERSION } from "../core/config.ts";
import { createServiceContainer, disposeServiceContainer } from "../core/container.ts";
import { createConsoleLogger, flushLogs } from "../core/logger.ts";
import { discoverPlugins } from "../core/plugins/discover.ts";
import type { SourceRegistry } from "../core/sources/source-registry.ts";
import { activeSummary } from "../core/summary.ts";
import { Tokens } from "../core/tokens.ts";
import { createNodeHandler } from "./app.ts";
import { primaryChannel, runPrimary, workerCount } from "./cluster.ts";
import { trackInFlight } from "./graceful.ts";
import { serve } from "./listen.ts";
import { nodeEntry } from "./node-server.ts";

const log = createConsoleLogger(cluster.isWorker ? `music:worker-${cluster.worker!.id}` : "music");

async function main(): Promise<void> {
  if (cluster.isPrimary) {
    const workers = workerCount();
    if (workers > 1) return runPrimary(workers, log);
  }
  const { config, file } = await loadConfig();
  const { port, host } = listenAddress();
  const catalog = await discoverPlugins({ modules: config.plugins });
  const scope = createServiceContainer({ config, catalog, logger: log, group: primaryChannel() });
  const requests = trackInFlight(createNodeHandler(scope));
  const { server, url } = await serve(nodeEntry(requests.handler, log), {
    port,
    host,
    timeouts: { headersMs: config.server.headersTimeoutMs, requestMs: config.server.requestTimeoutMs },
  });
  const share = scope.isRegistered(Tokens.ShareService, true) ? config.share.plugin : undefined;
  // In a group the first worker tells what is in force, and the primary where it listens.
  if (cluster.isWorker && cluster.worker!.id !== 1) log.info(`serving on ${url}`);
  else for (const line of activeSummary(config, scope.resolve<SourceRegistry>(Tokens.SourceRegistry), share)) log.info(line);
  if (!cluster.isWorker) log.info(`music-aggregator ${VERSION} listening on ${url} (${file ? `config ${file}` : "embedded defaults"})`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info(`${signal}: closing, waiting for in-flight requests`);
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    // Stop accepting and drop idle keep-alive sockets; requests in flight run to the end.
    server.close();
    server.closeIdleConnections();
    await requests.drained();
    await disposeServiceContainer(scope);
    clearTimeout(force);
    flushLogs();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  log.error(error instanceof Error ? error.message : String(error));
  flushLogs();
  process.exit(1);
});
