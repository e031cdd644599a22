/**
 * Bench child: `BENCH_SIMULATORS` FakeFM upstream simulators (the wire format of the
 * test-only source plugin) that know every id, so the cache can be filled with as many
 * distinct songs as wanted. Ids starting with `missing` answer 404. Commands: `fault`,
 * `calls`, `reset`.
 */
import { getQuery, getRouterParam, type H3Event } from "h3";
import type { FakeTrack } from "../../fixtures/source-fake/upstream.ts";
import { startSimulator, type Fault, type Simulator } from "@music-aggregator/core/testing";
import { serveCommands } from "../lib/child.ts";

/** A track shaped like a real one (Deezer-like names and cover URL lengths). */
function track(id: string): FakeTrack {
  return {
    id: id as unknown as number,
    title: `Harder, Better, Faster, Stronger (${id})`,
    artists: ["Daft Punk"],
    album: { id: 302127, title: "Discovery", cover: "https://e-cdns-images.dzcdn.net/images/cover/2e018122cb56986277102d2041a592c8/500x500-000000-80-0-0.jpg" },
    seconds: 224,
    paid: false,
    streams: [
      { quality: "standard", kbps: 128, href: `https://cdn.bench.invalid/stream/${id}/128.mp3`, expires: null },
      { quality: "high", kbps: 320, href: `https://cdn.bench.invalid/stream/${id}/320.mp3`, expires: null },
    ],
    released: "2001-03-07",
    lyrics: "[00:01.00]work it harder",
  };
}

const notFound = () => Response.json({ error: "no such thing" }, { status: 404 });
const param = (event: H3Event) => getRouterParam(event, "id") ?? "";
const known = (event: H3Event) => !param(event).startsWith("missing");

function startBenchUpstream(): Promise<Simulator> {
  return startSimulator({
    "GET /tracks/:id": (event) => (known(event) ? track(param(event)) : notFound()),
    "GET /tracks/:id/lyrics": (event) => (known(event) ? { lrc: track(param(event)).lyrics } : notFound()),
    "GET /search": (event) => {
      const { q = "", page = "1", size = "20" } = getQuery(event) as Record<string, string>;
      const start = (Number(page) - 1) * Number(size);
      return { total: 1000, items: Array.from({ length: Number(size) }, (_, i) => track(`${q}-${start + i}`)) };
    },
    "GET /albums/:id": (event) =>
      known(event)
        ? { id: param(event), title: "Discovery", artists: ["Daft Punk"], cover: null, released: "2001", tracks: Array.from({ length: 14 }, (_, i) => track(`a${i}`)) }
        : notFound(),
    "GET /artists/:id": (event) =>
      known(event) ? { id: param(event), name: "Daft Punk", picture: null, top: Array.from({ length: 10 }, (_, i) => track(`t${i}`)) } : notFound(),
    "GET /playlists/:id": (event) => {
      if (!known(event)) return notFound();
      const { page = "1", size = "50" } = getQuery(event) as Record<string, string>;
      const start = (Number(page) - 1) * Number(size);
      const count = Math.max(0, Math.min(Number(size), 200 - start));
      return { id: param(event), title: "Bench Mix", owner: "bench", cover: null, total: 200, tracks: Array.from({ length: count }, (_, i) => track(`p${start + i}`)) };
    },
    "GET /charts": () => ({ charts: [{ id: 0, title: "Top", cover: null, updated: "2026-11-20T00:00:00Z" }] }),
    "GET /charts/:id": (event) =>
      known(event) ? { id: param(event), title: "Top", cover: null, updated: "2026-11-20T00:00:00Z", tracks: Array.from({ length: 20 }, (_, i) => track(`c${i}`)) } : notFound(),
  });
}

const count = Number(process.env.BENCH_SIMULATORS ?? 1);
const simulators: Simulator[] = [];
for (let i = 0; i < count; i++) simulators.push(await startBenchUpstream());

serveCommands(
  simulators.map((s) => s.url),
  {
    fault: ({ index, fault, route }: { index: number; fault?: Fault; route?: string }) => simulators[index].fault(fault, route),
    calls: ({ index }: { index: number }) => simulators[index].log.length,
    reset: ({ index }: { index: number }) => simulators[index].reset(),
  },
);
