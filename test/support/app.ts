/**
 * Builds the real service for tests: a config (validated like the real one), a plugin
 * catalog from given definitions (or discovered from `plugins/`), the DI container and the
 * h3 app, served on a real port-0 socket. Nothing of the project is mocked.
 */
import "reflect-metadata";
import type { H3 } from "h3";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { DependencyContainer } from "tsyringe";
import { parseConfig, type AppConfig, type AppConfigInput } from "../../server/engine/config.ts";
import { createMemoryLogger } from "../../core/testing/memory-logger.ts";
import { PluginCatalog, discoverPlugins } from "../../server/engine/plugins/discover.ts";
import type { AnyPluginDefinition } from "../../core/plugin.ts";
import { composeService, type ComposedService } from "../../server/process/compose.ts";
import { hardenServer, nodeEntry } from "../../server/process/node-server.ts";

export const TEST_UA = "music-aggregator-tests/1.0";

export interface TestApp {
  /** the h3 app behind the node handler */
  app: H3;
  /** the service as the composition root made it */
  service: ComposedService;
  /** its container, to look inside */
  scope: DependencyContainer;
  config: AppConfig;
  url: string;
  /** log lines written by the service */
  logs: string[];
  /** GET (or another method) over real HTTP with a test user-agent */
  get(path: string, init?: RequestInit): Promise<Response>;
  /** GET a /v1 path and parse the JSON envelope */
  json(path: string, init?: RequestInit): Promise<{ status: number; body: any; headers: Headers }>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: AppConfigInput;
  /** plugin definitions to register; default: discover `plugins/` */
  plugins?: AnyPluginDefinition[];
  env?: NodeJS.ProcessEnv;
  /** the port to listen on (default: any free one) */
  port?: number;
  /** leave the lifecycle `starting` (a test of the start) instead of ready once listening */
  starting?: boolean;
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = parseConfig(options.config ?? {}, options.env ?? {});
  const catalog = options.plugins ? new PluginCatalog(options.plugins) : await discoverPlugins({ modules: config.plugins });
  const logger = createMemoryLogger();
  const service = composeService({ config, catalog, logger });
  const handler = nodeEntry(service.handler, logger);
  const server: Server = createServer(handler);
  hardenServer(server, handler, { headersMs: config.server.headersTimeoutMs, requestMs: config.server.requestTimeoutMs });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Plugins bound, listener up: ready, as the real start says once it listens.
  if (!options.starting) service.lifecycle.ready();

  const get = (path: string, init: RequestInit = {}) =>
    fetch(url + path, { ...init, headers: { "user-agent": TEST_UA, ...(init.headers as Record<string, string>) } });
  return {
    app: service.app,
    service,
    scope: service.container,
    config,
    url,
    logs: logger.lines,
    get,
    async json(path, init) {
      const response = await get(path, init);
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await service.dispose();
    },
  };
}
