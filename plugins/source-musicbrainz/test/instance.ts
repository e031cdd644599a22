/**
 * The plugin built for its own tests with the kit's harness (options through the plugin's
 * schema, an upstream client that fails as the service's does, a memory logger); the per-file
 * set-up against the simulator, and the values the mapping must give, written out.
 */
import { buildPlugin } from "@music-aggregator/core/testing";
import { afterAll, beforeAll, beforeEach } from "vitest";
import type { SourceLookups, SourceMethods } from "@music-aggregator/core";
import musicbrainz from "../index.ts";
import { API_PREFIX, startMusicBrainzSimulator, type MusicBrainzSimulator } from "./simulator.ts";

export const SOURCE = "source_f";
export const CONTACT = "ops@radio.example.org";
/** The User-Agent MusicBrainz asks for, written out. */
export const USER_AGENT = "music-aggregator/0.1.0 ( ops@radio.example.org )";
export const CAA = "https://coverartarchive.org/release";

export type MusicBrainzSource = SourceMethods & SourceLookups;

/** `retries`: the service's default (config `upstream.retries`) where a test needs them; the harness's 0 otherwise. */
export function createMusicBrainz(options: Record<string, unknown>, retries = 0) {
  const { instance, logs } = buildPlugin(musicbrainz, { options, sourceId: SOURCE, upstream: { maxBodyBytes: 1 << 20, retries } });
  return { methods: instance as MusicBrainzSource, logs };
}

/**
 * The plugin's options pointing at a simulator, its budget wide (a local mirror's): the tests
 * of the one-per-second budget set `requestsPerSecond` back to 1.
 */
export const simOptions = (sim: { url: string }, more: Record<string, unknown> = {}) => ({ baseURL: `${sim.url}${API_PREFIX}`, contact: CONTACT, requestsPerSecond: 1000, ...more });

/** The simulator and the plugin pointed at it, started once for the file, counters reset before each test. */
export function useMusicBrainzSimulator(bind: (started: { sim: MusicBrainzSimulator; mb: MusicBrainzSource }) => void, options: Record<string, unknown> = {}): void {
  let sim: MusicBrainzSimulator | undefined;
  beforeAll(async () => {
    sim = await startMusicBrainzSimulator();
    bind({ sim, mb: createMusicBrainz(simOptions(sim, options)).methods });
  });
  afterAll(() => sim?.close());
  beforeEach(() => sim?.reset());
}

/** A request as the simulator logs it: the path under `/ws/2`, then the query as the plugin sends it. */
export const asked = (path: string, query: string) => `GET ${API_PREFIX}${path}?${query}`;

export { callContext as ctx, codeOf } from "@music-aggregator/core/testing";
