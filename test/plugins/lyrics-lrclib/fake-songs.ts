/** A FakeFM simulator holding the songs the LRCLIB simulator's answers are about. */
import { getRouterParam } from "h3";
import { startSimulator, type Simulator } from "@music-aggregator/core/testing";
import type { FakeTrack } from "../../fixtures/source-fake/upstream.ts";

/** FakeFM songs the LRCLIB simulator's answers are about (ids 11..). */
export const SONGS = {
  synced: fakeTrack(11, "Harbour Lights", ["Mara Quill"], "Low Tide", 215),
  plainOnly: fakeTrack(12, "Paper Kites", ["Mara Quill"], "Low Tide", 187),
  instrumental: fakeTrack(13, "Interlude (Tides)", ["Mara Quill"], "Low Tide", 95),
  viaSearch: fakeTrack(14, "Northern Line (Remastered 2011)", ["The Wayfarers", "Guest Singer"], "Northern Line (Deluxe)", 241),
  noMatch: fakeTrack(15, "Ghost Signal", ["Mara Quill"], "Low Tide", 200),
  diacritics: fakeTrack(16, "Café Déjà Vu [Live]", ["Zoë Ümlaut"], "Paris Sessions", 180),
  farGetHit: fakeTrack(17, "Tin Roof", ["Mara Quill"], "Low Tide", 150),
  noDuration: fakeTrack(18, "Unknown Length", ["Mara Quill"], "", 0),
  instrumentalViaSearch: fakeTrack(19, "Static Hum", ["Mara Quill"], "Live at Home", 121),
  overAnHour: fakeTrack(20, "Slow Tide Suite", ["Mara Quill"], "Low Tide", 3725),
  featuring: fakeTrack(21, "Tidewater (feat. Ines Okafor)", ["Mara Quill", "Ines Okafor"], "Low Tide", 233),
  nowhere: fakeTrack(22, "Ghost Signal (feat. Nobody) [Remastered]", ["Mara Quill"], "Low Tide", 200),
} satisfies Record<string, FakeTrack>;

/** A FakeFM upstream serving `SONGS` (only `/tracks/:id` is needed for lyrics). */
export function startFakeSongs(): Promise<Simulator> {
  const tracks: FakeTrack[] = Object.values(SONGS);
  return startSimulator({
    "GET /tracks/:id": (event) =>
      tracks.find((t) => String(t.id) === getRouterParam(event, "id")) ?? Response.json({ error: "no such thing" }, { status: 404 }),
  });
}

// --- internal ---

function fakeTrack(id: number, title: string, artists: string[], album: string, seconds: number): FakeTrack {
  return {
    id,
    title,
    artists,
    album: { id: 600, title: album, cover: null },
    seconds,
    paid: false,
    streams: [{ quality: "standard", kbps: 128, href: `http://cdn.fake/${id}.mp3`, expires: null }],
    released: "2021-05-01",
  };
}
