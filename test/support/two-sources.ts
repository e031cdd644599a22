/**
 * The real service bound to two simulated upstreams whose tracks a test writes itself:
 * Deezer as `source_a` (a label-delivered catalogue of 30-second previews, ISRCs it vouches
 * for) and Audius as `source_b` (uploads, full length, ISRCs as the uploader typed them).
 */
import { startAudiusSimulator } from "../../plugins/source-audius/test/simulator.ts";
import type { TrackSeed as AudiusTrack } from "../../plugins/source-audius/test/fixtures/shapes.ts";
import { startDeezerSimulator, type DeezerSimulator } from "../../plugins/source-deezer/test/simulator.ts";
import type { TrackSeed as DeezerTrack } from "../../plugins/source-deezer/test/fixtures/shapes.ts";
import type { Simulator } from "@music-aggregator/core/testing";
import { startTestApp, type TestApp } from "./app.ts";

export interface TwoSourcesApp extends TestApp {
  sims: { deezer: DeezerSimulator; audius: Simulator };
}

export async function startTwoSourcesApp(tracks: { deezer: DeezerTrack[]; audius: AudiusTrack[] }): Promise<TwoSourcesApp> {
  const deezer = await startDeezerSimulator(tracks.deezer);
  const audius = await startAudiusSimulator(tracks.audius);
  const app = await startTestApp({
    config: {
      lyrics: false,
      rateLimit: { points: 1_000_000, duration: 60 },
      sources: {
        source_a: { plugin: "deezer", options: { baseURL: deezer.url } },
        source_b: { plugin: "audius", options: { baseURL: audius.url, appName: "two-sources-tests" } },
        // Only the two simulated upstreams: no default source reaches for the network.
        source_c: false,
        source_d: false,
      },
    },
  });
  return {
    ...app,
    sims: { deezer, audius },
    async close() {
      await app.close();
      await Promise.all([deezer.close(), audius.close()]);
    },
  };
}

/** A Deezer track with a preview, alone on its album. */
export function deezerTrack(id: number, title: string, artist: string, seconds: number, isrc: string): DeezerTrack {
  const by = { id: 4100 + (id % 800), name: artist, md5: "0".repeat(32) };
  const album = { id: 7100 + (id % 1000), title, md5: "1".repeat(32), releaseDate: "2020-03-01", artist: by };
  const preview = `https://cdns-preview-a.dzcdn.net/stream/c-${id.toString(16).padStart(32, "0")}-4.mp3`;
  return { id, title, seconds, album, artist: by, readable: true, preview, releaseDate: "2020-03-01", position: 1, isrc };
}

/** An Audius upload, streamable, with the ISRC its uploader typed (if any). */
export function audiusUpload(id: string, title: string, artist: string, seconds: number, isrc?: string): AudiusTrack {
  const user = { id: `U${id}`, handle: artist.toLowerCase().replace(/[^a-z0-9]/g, ""), name: artist, picture: null, followers: 12 };
  const cid = `baeaaaiq${id.toLowerCase().padEnd(16, "0")}`;
  return { id, title, seconds, user, art: null, releaseDate: "2024-01-01 12:00:00", plays: 9000, genre: "Electronic", cid, ...(isrc ? { isrc } : {}) };
}
