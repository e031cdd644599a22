/**
 * The plugin built for its own tests with the kit's harness (options through the plugin's
 * schema, an upstream client that fails as the service's does, a memory logger); the per-file
 * set-up against the simulator, and the songs it maps, field for field.
 */
import { buildPlugin } from "@music-aggregator/core/testing";
import { afterAll, beforeAll, beforeEach } from "vitest";
import type { Song, SourceMethods } from "@music-aggregator/core";
import deezer from "../index.ts";
import { startDeezerSimulator, type DeezerSimulator } from "./simulator.ts";

export const SOURCE = "source_a";

// Expected covers are written out, not derived from the catalog, so the mapping is checked
// against an independent value.
export const IMG = "https://e-cdns-images.dzcdn.net/images";
export const TIDAL_COVER = `${IMG}/cover/5f1e2d3c4b5a69788796a5b4c3d2e1f0/1000x1000-000000-80-0-0.jpg`;

export function createDeezer(options: Record<string, unknown>) {
  const { instance, logs } = buildPlugin(deezer, { options, sourceId: SOURCE, upstream: { maxBodyBytes: 1 << 20, userAgent: "deezer-plugin-tests/1.0" } });
  return { methods: instance as SourceMethods, logs };
}

/**
 * The simulator and the plugin pointed at it (`options` added to its `baseURL`), started once
 * for the file, counters reset before each test. `bind` hands both to the file's variables.
 */
export function useDeezerSimulator(bind: (started: { sim: DeezerSimulator; deezerSource: SourceMethods }) => void, options: Record<string, unknown> = {}): void {
  let sim: DeezerSimulator | undefined;
  beforeAll(async () => {
    sim = await startDeezerSimulator();
    bind({ sim, deezerSource: createDeezer({ baseURL: sim.url, ...options }).methods });
  });
  afterAll(() => sim?.close());
  beforeEach(() => sim?.reset());
}

/**
 * A song exactly as the plugin maps it, to compare with `toEqual`: every field, the source
 * it is bound to, readable unless said, and never VIP (Deezer's public API has no VIP tier).
 */
export function deezerSong(
  fields: Pick<Song, "id" | "name" | "artist" | "album" | "albumId" | "duration" | "cover" | "popularity"> & { artistId: string[]; available?: boolean; explicit?: boolean },
): Song {
  const { artistId, ...rest } = fields;
  return { source: SOURCE, ...rest, available: fields.available ?? true, vip: false, artistId, explicit: fields.explicit ?? false };
}

/** The kit's call helpers under the names these tests use: `ctx()` is a fresh per-call context, as the core gives one. */
export { callContext as ctx, codeOf } from "@music-aggregator/core/testing";
