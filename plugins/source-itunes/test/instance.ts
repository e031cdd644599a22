/**
 * The plugin built for its own tests with the kit's harness (options through the plugin's
 * schema, an upstream client that fails as the service's does, a memory logger); the per-file
 * set-up against the simulator, and the songs it maps, field for field.
 */
import { type Song, type SourceMethods } from "@music-aggregator/core";
import { buildPlugin } from "@music-aggregator/core/testing";
import { afterAll, beforeAll, beforeEach } from "vitest";
import itunes from "../index.ts";
import { startItunesSimulator, type ItunesSimulator } from "./simulator.ts";

export const SOURCE = "source_b";
export const ART = "https://is1-ssl.mzstatic.com/image/thumb";
// Expected covers are written out, not derived from the catalog, so the mapping is checked
// against an independent value.
export const GLASSHOUSE_COVER = `${ART}/Music211/v4/3a/7c/e1/3a7ce1d0-5b2f-4c11-9e0a-8f6b2d4c1a77/5021732149.jpg/600x600bb.jpg`;
export const JUNIPER_ID = "1500000101";
export const OKORO_ID = "1500000202";
export const SALTWATER_COVER = `${ART}/Music221/v4/9d/04/b2/9d04b2aa-71c3-4e8e-a0f5-1c2d3e4f5a6b/198704112233.jpg/600x600bb.jpg`;
/** Enough budget for a whole test file; budget tests set their own. */
const PLENTY = 1000;

export function createItunes(options: Record<string, unknown>) {
  const built = buildPlugin(itunes, { options: { requestsPerMinute: PLENTY, ...options }, sourceId: SOURCE, upstream: { maxBodyBytes: 1 << 20, userAgent: "itunes-plugin-tests/1.0" } });
  return { methods: built.instance as SourceMethods, logs: built.logs };
}

/**
 * The simulator and the plugin pointed at it (both base URLs, `options` added), started once
 * for the file, counters reset before each test. `bind` hands both to the file's variables.
 */
export function useItunesSimulator(bind: (started: { sim: ItunesSimulator; itunesSource: SourceMethods }) => void, options: Record<string, unknown> = {}): void {
  let sim: ItunesSimulator | undefined;
  beforeAll(async () => {
    sim = await startItunesSimulator();
    bind({ sim, itunesSource: createItunes({ baseURL: sim.url, chartsBaseURL: sim.url, ...options }).methods });
  });
  afterAll(() => sim?.close());
  beforeEach(() => sim?.reset());
}

/** A song exactly as the plugin maps it, to compare with `toEqual`: available unless said, never VIP. */
export function itunesSong(
  fields: Pick<Song, "id" | "name" | "artist" | "album" | "albumId" | "duration" | "cover"> & { artistId: string; available?: boolean; explicit?: boolean | null },
): Song {
  const { artistId, ...rest } = fields;
  return { source: SOURCE, ...rest, available: fields.available ?? true, vip: false, artistId: [artistId], explicit: fields.explicit === undefined ? false : fields.explicit };
}

/** The kit's call helpers under the names these tests use: `ctx()` is a fresh per-call context, as the core gives one. */
export { callContext as ctx, codeOf } from "@music-aggregator/core/testing";
