/**
 * Bench child: the real service (config validated like the real one, the DI container, the
 * node:http entry with its fast path for cached answers, the h3 app, the count of requests in
 * flight that a graceful close waits for), as `server/service.ts` builds it, with its sources bound
 * to the test-only FakeFM plugin pointing at the bench simulators. The config comes as JSON in
 * `BENCH_CONFIG`. Its log lines, access lines included, are made as in production and dropped
 * (a quiet logger): only errors are written.
 */
import "reflect-metadata";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { parseConfig } from "../../../core/config.ts";
import { createServiceContainer } from "../../../core/container.ts";
import { createConsoleLogger } from "../../../core/logger.ts";
import { PluginCatalog } from "../../../core/plugins/discover.ts";
import { createNodeHandler } from "../../../server/app.ts";
import { trackInFlight } from "../../../server/graceful.ts";
import { hardenServer, nodeEntry } from "../../../server/node-server.ts";
import fake from "../../fixtures/source-fake/index.ts";
import { memoryAfterGc, serveCommands } from "../lib/child.ts";

const config = parseConfig(JSON.parse(process.env.BENCH_CONFIG ?? "{}"), {});
const log = createConsoleLogger("bench-service", true);
const scope = createServiceContainer({ config, catalog: new PluginCatalog([fake]), logger: log });
const handler = nodeEntry(trackInFlight(createNodeHandler(scope)).handler, log);
const server = createServer(handler);
hardenServer(server, handler, { headersMs: config.server.headersTimeoutMs, requestMs: config.server.requestTimeoutMs });
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
serveCommands(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, { memory: () => memoryAfterGc() });
