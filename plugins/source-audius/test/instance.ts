/**
 * The plugin built for its own tests the way the service builds it: bound through the real
 * core (config, DI, registry, upstream client) against the simulator; the per-file set-up,
 * and the songs it maps, field for field.
 */
import { afterAll, beforeAll, beforeEach } from "vitest";
import { type Song, type SourceMethods } from "@music-aggregator/core";
import { bindSourcePlugin } from "@music-aggregator/core/testing";
import audius from "../index.ts";
import { startAudiusSimulator, type AudiusSimulator } from "./simulator.ts";

export const SOURCE = "source_c";
export const UA = "audius-plugin-tests/1.0";

// Expected addresses are written out, not derived from the fixtures' builders, so the
// mapping is checked against an independent value.
export const IMG = "https://media-3.tidewater-content.net/content";
export const NODE = "https://node-7.tidewater-content.net";

/** The plugin bound as `source_c` with `options`; no retries, so calls can be counted. */
export async function bindAudius(options: Record<string, unknown>) {
  const bound = await bindSourcePlugin(audius, {
    options,
    sourceId: SOURCE,
    upstream: { timeoutMs: 2000, retries: 0, userAgent: UA },
  });
  return { methods: bound.methods as SourceMethods, logs: bound.logs, close: bound.close };
}

/**
 * The simulator and the plugin pointed at it (`options` added to its `baseURL`), started once
 * for the file, counters reset before each test. `bind` hands both to the file's variables.
 */
export function useAudiusSimulator(bind: (started: { sim: AudiusSimulator; audiusSource: SourceMethods }) => void, options: Record<string, unknown> = {}): void {
  let sim: AudiusSimulator | undefined;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    sim = await startAudiusSimulator();
    const bound = await bindAudius({ baseURL: sim.url, appName: "aggregator-tests", ...options });
    close = bound.close;
    bind({ sim, audiusSource: bound.methods });
  });
  afterAll(async () => {
    await close?.();
    await sim?.close();
  });
  beforeEach(() => sim?.reset());
}

/**
 * A song exactly as the plugin maps it: every field, the source it is bound to, playable and
 * not gated unless said; `artistId` is the uploader's id, `popularity` its play count; Audius
 * says nothing of explicit lyrics.
 */
export function audiusSong(
  fields: Pick<Song, "id" | "name" | "artist" | "duration" | "cover"> & { artistId: string } & Partial<Pick<Song, "album" | "albumId" | "available" | "vip" | "popularity">>,
): Song {
  const { artistId, ...rest } = fields;
  return { source: SOURCE, album: "", albumId: "", available: true, vip: false, ...rest, artistId: [artistId], explicit: null };
}

/** Audius's web site, where `link`s point. */
export const WEB = "https://audius.co";

/** The kit's call helpers under the names these tests use: `ctx()` is a fresh per-call context, as the core gives one. */
export { callContext as ctx, codeOf } from "@music-aggregator/core/testing";
