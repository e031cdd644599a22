// The Tracklist API as a simulator on port 0, for the plugin's tests (and anyone running its contract suite).
import { getQuery, getRouterParam } from "h3";
import { startSimulator } from "@music-aggregator/core/testing";

const track = (id, title, extra = {}) => ({
  id,
  title,
  artists: ["The Examples"],
  album: { id: 10, title: "First Pressing", art: "https://img.tracklist.example/10.jpg" },
  length_ms: 180_400 + id * 1000,
  release: "2021-03-05",
  premium: false,
  stream: { url: `https://cdn.tracklist.example/${id}.mp3`, kbps: 160 },
  ...extra,
});

export const TRACKS = [
  track(1, "Opening Bars"),
  track(2, "Second Take"),
  track(3, "Members Only", { premium: true, stream: null }),
  track(4, "Lost Master", { stream: null }),
];

/** Starts the simulator; `fixtures` are what the contract suite asks for. */
export async function startTracklist() {
  const simulator = await startSimulator({
    "GET /v2/search": (event) => {
      const { q = "", page = "1", per_page = "20" } = getQuery(event);
      const hits = TRACKS.filter((t) => t.title.toLowerCase().includes(String(q).toLowerCase()));
      const start = (Number(page) - 1) * Number(per_page);
      return { total: hits.length, results: hits.slice(start, start + Number(per_page)) };
    },
    "GET /v2/tracks/:id": (event) =>
      TRACKS.find((t) => String(t.id) === getRouterParam(event, "id")) ?? Response.json({ error: "not found" }, { status: 404 }),
  });
  return { simulator, fixtures: { search: "t", song: "1", vipSong: "3", missing: { song: "999" } } };
}
