/**
 * Bench child: the real service (config validated like the real one, the DI container, the
 * h3 app) on node:http, with its sources bound to the test-only FakeFM plugin pointing at the
 * bench simulators. The config comes as JSON in `BENCH_CONFIG`. Only errors are logged.
 */
import "reflect-metadata";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { toNodeHandler } from "h3/node";
import { parseConfig } from "../../../core/config.ts";
import { createServiceContainer } from "../../../core/container.ts";
import { createConsoleLogger } from "../../../core/logger.ts";
import { PluginCatalog } from "../../../core/plugins/discover.ts";
import { createApp } from "../../../server/app.ts";
import fake from "../../fixtures/source-fake/index.ts";
import { memoryAfterGc, serveCommands } from "../lib/child.ts";

const config = parseConfig(JSON.parse(process.env.BENCH_CONFIG ?? "{}"), {});
const scope = createServiceContainer({ config, catalog: new PluginCatalog([fake]), logger: createConsoleLogger("bench-service", true) });
const server = createServer(toNodeHandler(createApp(scope)));
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
serveCommands(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, { memory: () => memoryAfterGc() });
