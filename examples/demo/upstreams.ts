/**
 * Demo mode's upstreams: every bundled plugin's simulator with its hand-written fixtures, each
 * on a local port, plus the demo CDN and lyrics host (`extras.ts`), and the config and plugin
 * catalog that bind the real service to them (its covers and audio on the demo CDN). Used by
 * `npm run demo` and by the tests that need the whole service with no network (the
 * playground's browser test, the OpenAPI examples).
 */
import type { AppConfigInput } from "../../server/engine/config.ts";
import type { AnyPluginDefinition } from "@music-aggregator/core";
import { PluginCatalog } from "../../server/engine/plugins/discover.ts";
import { startLrclibSimulator } from "../../plugins/lyrics-lrclib/test/lrclib-upstream.ts";
import { startShareHost } from "../../plugins/share-baidu/test/simulator.ts";
import { startArchiveSimulator } from "../../plugins/source-archive/test/simulator.ts";
import { startAudiusSimulator } from "../../plugins/source-audius/test/simulator.ts";
import { startDeezerSimulator } from "../../plugins/source-deezer/test/simulator.ts";
import { startItunesSimulator } from "../../plugins/source-itunes/test/simulator.ts";
import { CLIENT_ID as JAMENDO_DEMO_CLIENT_ID } from "../../plugins/source-jamendo/test/fixtures/catalog.ts";
import { API_PREFIX as JAMENDO_PREFIX, startJamendoSimulator } from "../../plugins/source-jamendo/test/simulator.ts";
import { withDemoAddresses } from "./demo-addresses.ts";
import { startDemoCdn, startDemoLyrics } from "./extras.ts";
import { type Simulator } from "@music-aggregator/core/testing";

/** The QR sign secret of demo mode (it signs nothing that matters). */
export const DEMO_QR_SECRET = "demo-mode-qr-secret";

export interface DemoUpstreams {
  /** the service's config: every source, lyrics and the share backend bound to a simulator */
  config: AppConfigInput;
  /** what that config binds, for the start-up line (in place of a config file's name) */
  configName: string;
  /** base URL of each simulator, by what it stands in for */
  urls: Record<"deezer" | "itunes" | "audius" | "archive" | "jamendo" | "lrclib" | "lyrics" | "share" | "cdn", string>;
  /** the catalog to start the service with: `plugins`, with the sources' covers and addresses mapped to the demo CDN */
  catalog(plugins: PluginCatalog | AnyPluginDefinition[]): PluginCatalog;
  close(): Promise<void>;
}

export async function startDemoUpstreams(): Promise<DemoUpstreams> {
  const started: Simulator[] = [];
  const start = async <S extends Simulator>(simulator: Promise<S>): Promise<S> => {
    const sim = await simulator;
    started.push(sim);
    return sim;
  };
  const close = async () => void (await Promise.all(started.splice(0).map((sim) => sim.close())));
  try {
    const [deezer, itunes, audius, archive, jamendo, lrclib, share, cdn] = await Promise.all([
      start(startDeezerSimulator()),
      start(startItunesSimulator()),
      start(startAudiusSimulator()),
      start(startArchiveSimulator()),
      start(startJamendoSimulator()),
      start(startLrclibSimulator()),
      start(startShareHost()),
      start(startDemoCdn()),
    ]);
    const lyrics = await start(startDemoLyrics(lrclib.url));
    const urls = { deezer: deezer.url, itunes: itunes.url, audius: audius.url, archive: archive.url, jamendo: jamendo.url, lrclib: lrclib.url, lyrics: lyrics.url, share: share.url, cdn: cdn.url };
    const config = demoConfig(urls);
    return { config, configName: describeDemoConfig(config), urls, catalog: (plugins) => demoCatalog(plugins, cdn.url), close };
  } catch (error) {
    await close();
    throw error;
  }
}

// --- internal ---

function demoConfig(urls: DemoUpstreams["urls"]): AppConfigInput {
  return {
    sources: {
      source_a: { plugin: "deezer", options: { baseURL: urls.deezer } },
      // The simulator has no budget of Apple's; the plugin's default (20 a minute) would starve a demo.
      source_b: { plugin: "itunes", options: { baseURL: urls.itunes, chartsBaseURL: urls.itunes, requestsPerMinute: 6000 } },
      source_c: { plugin: "audius", options: { baseURL: urls.audius, appName: "music-aggregator-demo" } },
      source_d: { plugin: "archive", options: { baseURL: urls.archive } },
      source_e: { plugin: "jamendo", options: { baseURL: `${urls.jamendo}${JAMENDO_PREFIX}`, clientId: JAMENDO_DEMO_CLIENT_ID } },
    },
    lyrics: { plugin: "lrclib", options: { baseURL: urls.lyrics } },
    share: { plugin: "baidu", options: { baseURL: urls.share }, qrSecret: DEMO_QR_SECRET },
    // Someone trying the playground clicks a lot; the default 120 a minute is for the open internet.
    rateLimit: { points: 1200, duration: 60 },
  };
}

/** "demo config: source_a deezer, …, lyrics lrclib, share baidu, each on a local simulator" */
function describeDemoConfig(config: AppConfigInput): string {
  const sources = Object.entries(config.sources ?? {}).map(([id, binding]) => `${id} ${binding ? binding.plugin : "off"}`);
  const lyrics = config.lyrics ? [`lyrics ${config.lyrics.plugin}`] : [];
  return `demo config: ${[...sources, ...lyrics, `share ${config.share?.plugin}`].join(", ")}, each on a local simulator`;
}

function demoCatalog(plugins: PluginCatalog | AnyPluginDefinition[], cdn: string): PluginCatalog {
  const definitions = Array.isArray(plugins) ? plugins : [...plugins.sources.values(), ...plugins.lyrics.values(), ...plugins.share.values()];
  return new PluginCatalog(definitions.map((def) => (def.kind === "source" ? withDemoAddresses(def, cdn) : def)));
}
