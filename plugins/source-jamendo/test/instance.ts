/**
 * The plugin built for its own tests with the kit's harness (options through the plugin's
 * schema, an upstream client that fails as the service's does, a memory logger); the per-file
 * set-up against the simulator, and the songs it maps, field for field.
 */
import { buildPlugin } from "@music-aggregator/core/testing";
import { afterAll, beforeAll, beforeEach } from "vitest";
import type { Song, SourceMethods } from "@music-aggregator/core";
import jamendo from "../index.ts";
import { CLIENT_ID } from "./fixtures/catalog.ts";
import { API_PREFIX, startJamendoSimulator, type JamendoSimulator } from "./simulator.ts";

export const SOURCE = "source_e";
export { CLIENT_ID };

// Expected addresses are written out, not derived from the fixtures' builders, so the mapping
// is checked against independent values.
export const COVERS = "https://usercontent.jamendo.com";
export const STORAGE = "https://prod-1.storage.jamendo.com";
export const BY_NC_SA = "http://creativecommons.org/licenses/by-nc-sa/3.0/";
export const BY = "http://creativecommons.org/licenses/by/4.0/";

export function createJamendo(options: Record<string, unknown>) {
  const { instance, logs } = buildPlugin(jamendo, { options, sourceId: SOURCE, upstream: { maxBodyBytes: 1 << 20, userAgent: "jamendo-plugin-tests/1.0" } });
  return { methods: instance as SourceMethods, logs };
}

/** The plugin's options pointing at a simulator: its `/v3.0` prefix and the simulator's client id. */
export const simOptions = (sim: { url: string }, more: Record<string, unknown> = {}) => ({ baseURL: `${sim.url}${API_PREFIX}`, clientId: CLIENT_ID, ...more });

/**
 * The simulator and the plugin pointed at it (`options` added to its own), started once for
 * the file, counters reset before each test. `bind` hands both to the file's variables.
 */
export function useJamendoSimulator(bind: (started: { sim: JamendoSimulator; jamendoSource: SourceMethods }) => void, options: Record<string, unknown> = {}): void {
  let sim: JamendoSimulator | undefined;
  beforeAll(async () => {
    sim = await startJamendoSimulator();
    bind({ sim, jamendoSource: createJamendo(simOptions(sim, options)).methods });
  });
  afterAll(() => sim?.close());
  beforeEach(() => sim?.reset());
}

/** The start of every request the plugin sends: the client id and the JSON format. */
export const asked = (path: string, query: string) => `GET ${API_PREFIX}${path}?client_id=${CLIENT_ID}&format=json&${query}`;

/** A song exactly as the plugin maps it, to compare with `toEqual`: every field, available unless said, never VIP. */
export function jamendoSong(
  fields: Pick<Song, "id" | "name" | "artist" | "album" | "albumId" | "duration" | "cover"> & { artistId: string; license: string | null; available?: boolean },
): Song & { license: string | null } {
  const { license, available, artistId, ...rest } = fields;
  return { source: SOURCE, ...rest, available: available ?? true, vip: false, artistId: [artistId], explicit: null, license };
}

/** The kit's call helpers under the names these tests use: `ctx()` is a fresh per-call context, as the core gives one. */
export { callContext as ctx, codeOf } from "@music-aggregator/core/testing";
