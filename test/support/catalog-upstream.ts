/**
 * A FakeFM upstream (the wire format of the test-only source plugin, `fixtures/source-fake`)
 * serving tracks and playlists a test writes itself, each answer after a latency drawn from a
 * range, and the real service bound to several of them: what the transfer tests move
 * playlists between. Its search finds a track when every word of the query is in its title
 * or artists, as an upstream engine does; its window is the first `size` of them.
 */
import { getQuery, getRouterParam } from "h3";
import { hasAllWords, startSimulator, type Simulator } from "@music-aggregator/core/testing";
import type { AppConfigInput } from "../../server/engine/config.ts";
import { makeFakeSource } from "../fixtures/source-fake/index.ts";
import type { FakeTrack } from "../fixtures/source-fake/upstream.ts";
import { startTestApp, type TestApp } from "./app.ts";

export interface CatalogUpstream {
  tracks: FakeTrack[];
  playlists?: Record<string, { title: string; tracks: FakeTrack[] }>;
  /** each answer waits between these milliseconds */
  latencyMs?: [number, number];
  /** FakeFM's published limit (the plugin's budget), requests per second */
  requestsPerSecond?: number;
}

/** A catalogue's simulator, and when each request reached it (epoch ms). */
export type CatalogSimulator = Simulator & { times: number[] };

export interface CatalogApp extends TestApp {
  sims: Record<string, CatalogSimulator>;
}

/** A track of `artist`, playable, with its length. */
export function fakeTrack(id: string, title: string, artist: string, seconds: number, album = ""): FakeTrack {
  return {
    id: id as unknown as number,
    title,
    artists: [artist],
    album: { id: 1, title: album, cover: null },
    seconds,
    paid: false,
    streams: [{ quality: "standard", kbps: 128, href: `https://cdn.example.invalid/${encodeURIComponent(id)}.mp3`, expires: null }],
    released: null,
  };
}

export async function startCatalogUpstream(upstream: CatalogUpstream): Promise<CatalogSimulator> {
  const [min, max] = upstream.latencyMs ?? [0, 0];
  const times: number[] = [];
  const wait = () => {
    times.push(Date.now());
    return new Promise((resolve) => setTimeout(resolve, min + Math.random() * (max - min)));
  };
  const simulator = await startSimulator({
    "GET /search": async (event) => {
      await wait();
      const { q = "", page = "1", size = "20" } = getQuery(event) as Record<string, string>;
      const hits = upstream.tracks.filter((t) => hasAllWords(q, t.title, ...t.artists));
      const start = (Number(page) - 1) * Number(size);
      return { total: hits.length, items: hits.slice(start, start + Number(size)) };
    },
    "GET /tracks/:id": async (event) => {
      await wait();
      return upstream.tracks.find((t) => String(t.id) === getRouterParam(event, "id")) ?? Response.json({ error: "no such thing" }, { status: 404 });
    },
    "GET /playlists/:id": async (event) => {
      await wait();
      const id = getRouterParam(event, "id") ?? "";
      const playlist = upstream.playlists?.[id];
      if (!playlist) return Response.json({ error: "no such thing" }, { status: 404 });
      const { page = "1", size = "50" } = getQuery(event) as Record<string, string>;
      const start = (Number(page) - 1) * Number(size);
      return { id, title: playlist.title, owner: "tester", cover: null, total: playlist.tracks.length, tracks: playlist.tracks.slice(start, start + Number(size)) };
    },
  });
  return Object.assign(simulator, { times });
}

/** The service with one FakeFM source per upstream, by public id. */
export async function startCatalogApp(upstreams: Record<string, CatalogUpstream>, config: AppConfigInput = {}): Promise<CatalogApp> {
  const sims: Record<string, CatalogSimulator> = {};
  const sources: Record<string, { plugin: string; options: Record<string, unknown> }> = {};
  for (const [id, upstream] of Object.entries(upstreams)) {
    sims[id] = await startCatalogUpstream(upstream);
    sources[id] = { plugin: `fake-${id.replace(/_/g, "-")}`, options: { baseURL: sims[id].url, ...(upstream.requestsPerSecond ? { requestsPerSecond: upstream.requestsPerSecond } : {}) } };
  }
  const plugins = Object.keys(upstreams).map((id) => makeFakeSource(`fake-${id.replace(/_/g, "-")}`, { search: true, song: true, url: true, playlist: true }));
  const app = await startTestApp({ plugins, config: { lyrics: false, rateLimit: { points: 1_000_000, duration: 60 }, ...config, sources } });
  return {
    ...app,
    sims,
    async close() {
      await app.close();
      await Promise.all(Object.values(sims).map((s) => s.close()));
    },
  };
}
