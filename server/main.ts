/**
 * The entry point: load config, discover and bind plugins, build the app, listen on
 * `PORT`/`HOST` (exactly there, or not at all), and shut down gracefully on SIGTERM/SIGINT
 * (in-flight requests finish).
 */
import "reflect-metadata";
import { listenAddress, loadConfig, VERSION } from "../core/config.ts";
import { createServiceContainer, disposeServiceContainer } from "../core/container.ts";
import { createConsoleLogger, flushLogs } from "../core/logger.ts";
import { discoverPlugins } from "../core/plugins/discover.ts";
import type { SourceRegistry } from "../core/sources/source-registry.ts";
import { activeSummary } from "../core/summary.ts";
import { Tokens } from "../core/tokens.ts";
import { createNodeHandler } from "./app.ts";
import { trackInFlight } from "./graceful.ts";
import { serve } from "./listen.ts";
import { nodeEntry } from "./node-server.ts";

const log = createConsoleLogger("music");

async function main(): Promise<void> {
  const { config, file } = await loadConfig();
  const { port, host } = listenAddress();
  const catalog = await discoverPlugins({ modules: config.plugins });
  const scope = createServiceContainer({ config, catalog, logger: log });
  const requests = trackInFlight(createNodeHandler(scope));
  const { server, url } = await serve(nodeEntry(requests.handler, log), {
    port,
    host,
    timeouts: { headersMs: config.server.headersTimeoutMs, requestMs: config.server.requestTimeoutMs },
  });
  const share = scope.isRegistered(Tokens.ShareService, true) ? config.share.plugin : undefined;
  for (const line of activeSummary(config, scope.resolve<SourceRegistry>(Tokens.SourceRegistry), share)) log.info(line);
  log.info(`music-aggregator ${VERSION} listening on ${url} (${file ? `config ${file}` : "embedded defaults"})`);

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
