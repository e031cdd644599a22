/**
 * Bench child: the real service, started by `server/process/service.ts` as `main.ts` starts it
 * (config validated like the real one, the DI container, listhen, the node:http entry with
 * its fast path for cached answers, the h3 app, the count of requests in flight that a
 * graceful close waits for), with its sources bound to the test-only FakeFM plugin pointing
 * at the bench simulators. The config comes as JSON in `BENCH_CONFIG`. Its log lines, access
 * lines included, are made as in production and dropped (a quiet logger): only errors are
 * written.
 */
import "reflect-metadata";
import type { AddressInfo } from "node:net";
import { parseConfig } from "../../../server/engine/config.ts";
import { createConsoleLogger } from "../../../server/engine/logger.ts";
import { PluginCatalog } from "../../../server/engine/plugins/discover.ts";
import { startService } from "../../../server/process/service.ts";
import fake from "../../fixtures/source-fake/index.ts";
import { memoryAfterGc, serveCommands } from "../lib/child.ts";

const { server } = await startService({
  config: parseConfig(JSON.parse(process.env.BENCH_CONFIG ?? "{}"), {}),
  catalog: new PluginCatalog([fake]),
  port: 0,
  host: "127.0.0.1",
  log: createConsoleLogger("bench-service", { quiet: true }),
});
serveCommands(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, { memory: () => memoryAfterGc() });
