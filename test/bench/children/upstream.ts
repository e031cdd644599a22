/**
 * Bench child: `BENCH_SIMULATORS` FakeFM upstream simulators (the wire format of the
 * test-only source plugin) that know every id, so the cache can be filled with as many
 * distinct songs as wanted. Ids starting with `missing` answer 404. Playlist `transfer` and
 * the searches for its titles are the transfer scenario's (`scenarios/transfer.ts`): 100
 * tracks of distinct titles, each found on the other simulators but every tenth (with a live
 * take beside each copy), every answer after 50 to 200 ms. Commands: `fault`, `calls`,
 * `reset`, `searchTimes` (when each transfer search arrived).
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

/** The transfer scenario's playlist: 100 distinct titles and their artists and lengths. */
const WORDS = ["Amber", "Brittle", "Copper", "Distant", "Electric", "Fading", "Golden", "Hollow", "Iron", "Jade"];
const PLACES = ["Harbour", "Lantern", "Meadow", "Northern", "Orchard", "Pilgrim", "Quarry", "Riverbed", "Saltmarsh", "Tideline"];
const MIX = Array.from({ length: 100 }, (_, i) => ({ i, title: `${WORDS[i % 10]} ${PLACES[Math.floor(i / 10)]}`, artist: `Artist ${i % 7}`, seconds: 150 + i }));
const mixTrack = (id: string, title: string, artist: string, seconds: number): FakeTrack => ({ ...track(id), title, artists: [artist], seconds, album: { id: 1, title: "Mix", cover: null } });
const slowly = () => new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 150));
const param = (event: H3Event) => getRouterParam(event, "id") ?? "";
const known = (event: H3Event) => !param(event).startsWith("missing");

function startBenchUpstream(searchTimes: number[]): Promise<Simulator> {
  return startSimulator({
    "GET /tracks/:id": (event) => (known(event) ? track(param(event)) : notFound()),
    "GET /tracks/:id/lyrics": (event) => (known(event) ? { lrc: track(param(event)).lyrics } : notFound()),
    "GET /search": async (event) => {
      const { q = "", page = "1", size = "20" } = getQuery(event) as Record<string, string>;
      const mixed = MIX.find((m) => m.title === q);
      if (mixed) {
        searchTimes.push(Date.now());
        await slowly();
        const copies = mixed.i % 10 === 0 ? [] : [mixTrack(`copy-${mixed.i}`, mixed.title, mixed.artist, mixed.seconds + 1)];
        return { total: copies.length + 1, items: [...copies, mixTrack(`live-${mixed.i}`, `${mixed.title} (Live)`, mixed.artist, mixed.seconds)] };
      }
      const start = (Number(page) - 1) * Number(size);
      return { total: 1000, items: Array.from({ length: Number(size) }, (_, i) => track(`${q}-${start + i}`)) };
    },
    "GET /albums/:id": (event) =>
      known(event)
        ? { id: param(event), title: "Discovery", artists: ["Daft Punk"], cover: null, released: "2001", tracks: Array.from({ length: 14 }, (_, i) => track(`a${i}`)) }
        : notFound(),
    "GET /artists/:id": (event) =>
      known(event) ? { id: param(event), name: "Daft Punk", picture: null, top: Array.from({ length: 10 }, (_, i) => track(`t${i}`)) } : notFound(),
    "GET /playlists/:id": async (event) => {
      if (!known(event)) return notFound();
      const { page = "1", size = "50" } = getQuery(event) as Record<string, string>;
      const start = (Number(page) - 1) * Number(size);
      if (param(event) === "transfer") {
        await slowly();
        const tracks = MIX.slice(start, start + Number(size)).map((m) => mixTrack(`mix-${m.i}`, m.title, m.artist, m.seconds));
        return { id: "transfer", title: "Transfer Mix", owner: "bench", cover: null, total: MIX.length, tracks };
      }
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
const searchTimes: number[][] = [];
for (let i = 0; i < count; i++) simulators.push(await startBenchUpstream((searchTimes[i] = [])));

serveCommands(
  simulators.map((s) => s.url),
  {
    fault: ({ index, fault, route }: { index: number; fault?: Fault; route?: string }) => simulators[index].fault(fault, route),
    calls: ({ index }: { index: number }) => simulators[index].log.length,
    reset: ({ index }: { index: number }) => {
      simulators[index].reset();
      searchTimes[index].length = 0;
    },
    searchTimes: ({ index }: { index: number }) => searchTimes[index],
  },
);
