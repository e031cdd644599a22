/**
 * The service with every bundled source plugin bound to its own simulator (source_a deezer,
 * source_b itunes, source_c audius, source_d archive, source_e jamendo), no lyrics: for tests
 * that count upstream calls source by source.
 */
import type { AppConfigInput } from "../../server/engine/config.ts";
import type { Simulator } from "../../core/testing/simulator.ts";
import { startArchiveSimulator } from "../../plugins/source-archive/test/simulator.ts";
import { startAudiusSimulator } from "../../plugins/source-audius/test/simulator.ts";
import { startDeezerSimulator } from "../../plugins/source-deezer/test/simulator.ts";
import { startItunesSimulator } from "../../plugins/source-itunes/test/simulator.ts";
import { CLIENT_ID as JAMENDO_CLIENT } from "../../plugins/source-jamendo/test/fixtures/catalog.ts";
import { API_PREFIX as JAMENDO_PREFIX, startJamendoSimulator } from "../../plugins/source-jamendo/test/simulator.ts";
import { startTestApp, type TestApp } from "./app.ts";

export type BundledName = "deezer" | "itunes" | "audius" | "archive" | "jamendo";

export interface BundledApp extends TestApp {
  sims: Record<BundledName, Simulator>;
}

/** `config` is merged over the bindings (say, `upstream.timeoutMs`); `options` over each plugin's options. */
export async function startBundledApp(config: AppConfigInput = {}, options: Partial<Record<BundledName, Record<string, unknown>>> = {}): Promise<BundledApp> {
  const [deezer, itunes, audius, archive, jamendo] = await Promise.all([
    startDeezerSimulator(),
    startItunesSimulator(),
    startAudiusSimulator(),
    startArchiveSimulator(),
    startJamendoSimulator(),
  ]);
  const sims = { deezer, itunes, audius, archive, jamendo };
  const closeSims = () => Promise.all(Object.values(sims).map((sim) => sim.close()));
  try {
    const app = await startTestApp({
      config: {
        lyrics: false,
        ...config,
        sources: {
          source_a: { plugin: "deezer", options: { baseURL: deezer.url, ...options.deezer } },
          source_b: { plugin: "itunes", options: { baseURL: itunes.url, chartsBaseURL: itunes.url, ...options.itunes } },
          source_c: { plugin: "audius", options: { baseURL: audius.url, ...options.audius } },
          source_d: { plugin: "archive", options: { baseURL: archive.url, ...options.archive } },
          source_e: { plugin: "jamendo", options: { baseURL: `${jamendo.url}${JAMENDO_PREFIX}`, clientId: JAMENDO_CLIENT, ...options.jamendo } },
        },
      },
    });
    return {
      ...app,
      sims,
      async close() {
        await app.close();
        await closeSims();
      },
    };
  } catch (error) {
    await closeSims();
    throw error;
  }
}
