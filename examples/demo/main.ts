/**
 * Demo mode (`npm run demo`): every upstream simulator with its fixtures, then the real
 * service bound to them on `PORT`/`HOST` (default 3000 on 127.0.0.1), so the whole API, the
 * docs and the playground can be tried with no network; an operator's config (`MUSIC_CONFIG`)
 * is laid over the demo's, so a plugin of one's own runs beside the demo sources. The service starts exactly as
 * `main.ts` starts it (`service.ts`); only the config (the demo's own, which the start-up line
 * names) and the demo CDN's covers and addresses differ.
 */
import "reflect-metadata";
import { listenAddress, mergeConfig, parseConfig, readConfigFile } from "../../server/engine/config.ts";
import { createConsoleLogger } from "../../server/engine/logger.ts";
import { discoverPlugins } from "../../server/engine/plugins/discover.ts";
import { startDemoUpstreams } from "./upstreams.ts";
import { closeOnSignals, exitOnStartFailure, startService } from "../../server/process/service.ts";

const log = createConsoleLogger("demo");

async function main(): Promise<void> {
  const { port, host } = listenAddress();
  const upstreams = await startDemoUpstreams();
  try {
    // An operator's config (MUSIC_CONFIG, or music.config.* here) is laid over the demo's own.
    const own = await readConfigFile();
    const config = parseConfig(mergeConfig(upstreams.config as Record<string, unknown>, own.raw), process.env, own.file ? `demo config + ${own.file}` : "demo config");
    const catalog = upstreams.catalog(await discoverPlugins({ modules: config.plugins }));
    const configName = own.file ? `${upstreams.configName}, with ${own.file} over it` : upstreams.configName;
    const service = await startService({ config, configName, catalog, port, host, log });
    const base = service.url.replace(/\/$/, "");
    log.info(`demo mode: every upstream is a local simulator (${Object.keys(upstreams.urls).join(", ")}); covers and audio come from the demo CDN at ${upstreams.urls.cdn}; nothing leaves this machine`);
    log.info(`status:        ${base}/`);
    log.info(`API reference: ${base}/docs`);
    log.info(`playground:    ${base}/playground`);
    closeOnSignals(async () => {
      await service.close();
      await upstreams.close();
    }, log);
  } catch (error) {
    await upstreams.close();
    throw error;
  }
}

main().catch((error: unknown) => exitOnStartFailure(error, log));
