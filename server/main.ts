/**
 * The entry point: load config, discover and bind plugins, build the app, listen on
 * `PORT`/`HOST` (exactly there, or not at all), and shut down gracefully on SIGTERM/SIGINT
 * (in-flight requests finish). The start and the close are `service.ts`'s, shared with demo
 * mode. With `WORKERS` this process becomes the primary of a group of workers (`cluster.ts`),
 * each of which runs the same service.
 */
import "reflect-metadata";
import cluster from "node:cluster";
import { listenAddress, loadConfig } from "./engine/config.ts";
import { createConsoleLogger } from "./engine/logger.ts";
import { discoverPlugins } from "./engine/plugins/discover.ts";
import { runPrimary, workerCount } from "./process/cluster.ts";
import { closeOnSignals, exitOnStartFailure, startService } from "./process/service.ts";

const log = createConsoleLogger(cluster.isWorker ? `music:worker-${cluster.worker!.id}` : "music");

async function main(): Promise<void> {
  if (cluster.isPrimary) {
    const workers = workerCount();
    if (workers > 1) return runPrimary(workers, log);
  }
  const { config, file } = await loadConfig();
  const { port, host } = listenAddress();
  const catalog = await discoverPlugins({ modules: config.plugins });
  const service = await startService({ config, file, catalog, port, host, log });
  closeOnSignals(() => service.close(), log);
}

main().catch((error: unknown) => exitOnStartFailure(error, log));
