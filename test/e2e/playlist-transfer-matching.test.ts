/**
 * What a transfer matches, against `/v1/match` and against real playlists. (1) Every song of
 * each source of the cross-source catalogue, imported as a playlist, gets on each other source
 * a copy exactly when `/v1/match` finds one there, and that copy is the same recording (the
 * catalogue's truth): recall as `/v1/match`'s, no false match. (2) Real recorded Deezer
 * playlists (run when `../shared/recordings` is beside the project): a page through the real
 * Deezer plugin, and whole playlists imported, matched onto a catalogue holding every real
 * track of the recordings (songs of the same titles by other artists among them) and, for each
 * playlist track, its live take, remix, radio edit, a cover and a longer edit: every track finds
 * itself and nothing else.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReplaySimulator, type ReplaySimulator } from "@music-aggregator/core/testing";
import { v1 } from "../support/fake-app.ts";
import { startCrossApp, type CrossApp } from "../support/cross-upstreams.ts";
import { fakeTrack, startCatalogUpstream, type CatalogSimulator } from "../support/catalog-upstream.ts";
import { hasRecordings, sharedRecordings } from "../support/recordings.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { makeFakeSource } from "../fixtures/source-fake/index.ts";
import { discoverPlugins } from "../../server/engine/plugins/discover.ts";
import type { FakeTrack } from "../fixtures/source-fake/upstream.ts";

interface Copy {
  song: { source: string; id: string };
}
interface Track {
  position: number;
  song: { id: string; name: string };
  copies: Record<string, Copy | null>;
  failed: string[];
}

const jspf = (tracks: { name: string; artist: string[]; album: string; duration: number }[]) =>
  JSON.stringify({ playlist: { title: "imported", track: tracks.map((t) => ({ title: t.name, creator: t.artist.join(", "), album: t.album, duration: t.duration * 1000 })) } });

describe("a transfer against /v1/match, over the cross-source catalogue", () => {
  let t: CrossApp;
  beforeAll(async () => {
    t = await startCrossApp();
  });
  afterAll(() => t.close());

  it("finds a copy on a source exactly when /v1/match does, and only the same recording", async () => {
    let compared = 0;
    for (const source of ["source_a", "source_b", "source_c", "source_d"]) {
      const ids = [...t.truth.keys()].filter((k) => k.startsWith(`${source}:`)).map((k) => k.slice(source.length + 1));
      const songs = await Promise.all(ids.map(async (id) => (await t.json(v1("song", { source, id }))).body.data));
      const others = ["source_a", "source_b", "source_c", "source_d"].filter((s) => s !== source);
      const r = await t.get(v1("playlist/match", { to: others.join(","), size: 100 }), { method: "POST", body: jspf(songs), headers: { "content-type": "application/jspf+json" } });
      const body = await r.json();
      expect(body.code, body.message).toBe(0);
      for (const [i, track] of (body.data.tracks as Track[]).entries()) {
        const match = (await t.json(v1("match", { source, id: ids[i] }))).body.data as { matches: Copy[] };
        for (const other of others) {
          const copy = track.copies[other];
          const viaMatch = match.matches.filter((m) => m.song.source === other).map((m) => m.song.id);
          const where = `${source}:${ids[i]} (${songs[i].name}) on ${other}`;
          expect(copy === null, `${where}: ${viaMatch.length} by /v1/match`).toBe(viaMatch.length === 0);
          if (copy) {
            expect(viaMatch, where).toContain(copy.song.id);
            expect(t.truth.get(`${other}:${copy.song.id}`), where).toBe(t.truth.get(`${source}:${ids[i]}`));
          }
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
  }, 120_000);
});

describe.skipIf(!hasRecordings("deezer"))("real recorded Deezer playlists", () => {
  let replay: ReplaySimulator;
  let catalog: CatalogSimulator;
  let app: TestApp;
  const recordings = hasRecordings("deezer") ? sharedRecordings("deezer") : [];
  /** Every track object the recordings hold, by id. */
  const real = new Map<string, FakeTrack>();
  /** The recorded playlists' own tracks, in order. */
  const playlists: FakeTrack[][] = [];
  for (const interaction of recordings) {
    let body: { type?: string; data?: unknown[]; tracks?: { data?: unknown[] } };
    try {
      body = JSON.parse(interaction.body);
    } catch {
      continue;
    }
    const list = (body.type === "playlist" ? body.tracks?.data : body.data) ?? [];
    const tracks = list.flatMap((x) => {
      const r = x as { type?: string; id?: number; title?: string; duration?: number; artist?: { name?: string }; album?: { title?: string } };
      return r.type === "track" && r.title && r.artist?.name && r.duration ? [fakeTrack(String(r.id), r.title, r.artist.name, r.duration, r.album?.title ?? "")] : [];
    });
    for (const track of tracks) real.set(String(track.id), track);
    if (body.type === "playlist" && tracks.length) playlists.push(tracks);
  }
  /** What stands beside each playlist track on the target: other takes and versions of it, and a cover. */
  const traps = playlists.flat().flatMap((x) => [
    fakeTrack(`${x.id}-live`, `${x.title} (Live)`, x.artists[0], x.seconds, x.album.title),
    fakeTrack(`${x.id}-remix`, `${x.title} (Remix)`, x.artists[0], x.seconds),
    fakeTrack(`${x.id}-edit`, `${x.title} - Radio Edit`, x.artists[0], x.seconds),
    fakeTrack(`${x.id}-cover`, x.title, "A Cover Band", x.seconds),
    fakeTrack(`${x.id}-long`, x.title, x.artists[0], x.seconds + 20, x.album.title),
  ]);

  beforeAll(async () => {
    replay = await startReplaySimulator(recordings, {
      normalise: (params) => new URLSearchParams([...params].filter(([name, value]) => !(name === "index" && value === "0"))),
      fallback: (request, recorded) => {
        const copy = new URLSearchParams(request.url.searchParams);
        if ((copy.get("index") ?? "0") === "0") copy.delete("limit");
        return recorded(copy);
      },
    });
    catalog = await startCatalogUpstream({ tracks: [...real.values(), ...traps] });
    const bundled = await discoverPlugins();
    app = await startTestApp({
      plugins: [bundled.sources.get("deezer")!, makeFakeSource("catalog", { search: true, song: true, url: true })],
      config: {
        lyrics: false,
        sources: { source_a: { plugin: "deezer", options: { baseURL: replay.url } }, source_b: { plugin: "catalog", options: { baseURL: catalog.url } }, source_c: false, source_d: false },
      },
    });
  }, 30_000);
  afterAll(async () => {
    await app?.close();
    await Promise.all([replay?.close(), catalog?.close()]);
  });

  const expectEachFindsItself = (tracks: Track[], ids: string[]) => {
    const wrong = tracks.filter((x, i) => x.copies.source_b?.song.id !== ids[i]).map((x) => `${x.position} ${x.song.name}: ${x.copies.source_b?.song.id ?? "none"}`);
    expect(wrong).toEqual([]);
  };

  it("recordings hold real playlists and a pool of real tracks", () => {
    expect(playlists.map((p) => p.length).sort((a, b) => a - b)).toEqual(expect.arrayContaining([60, 93]));
    expect(real.size).toBeGreaterThan(300);
  });

  it("a page of Lounge Soirée (9200461) through the Deezer plugin: every track finds itself, no trap", async () => {
    const r = await app.json(v1("playlist/match", { source: "source_a", id: "9200461", size: 25, to: "source_b" }));
    expect(r.body.code, r.body.message).toBe(0);
    const tracks = r.body.data.tracks as Track[];
    expect(tracks).toHaveLength(25);
    expect(r.body.data).toMatchObject({ total: 102, failed: [], matched: 25, unmatched: 0 });
    expectEachFindsItself(tracks, tracks.map((x) => x.song.id));
  });

  it("every recorded playlist imported whole: every track finds itself, no trap", async () => {
    for (const tracks of playlists) {
      const songs = tracks.map((x) => ({ name: x.title, artist: x.artists, album: x.album.title, duration: x.seconds }));
      const r = await app.get(v1("playlist/match", { to: "source_b", size: 100 }), { method: "POST", body: jspf(songs), headers: { "content-type": "application/jspf+json" } });
      const body = await r.json();
      expect(body.code, body.message).toBe(0);
      expectEachFindsItself(body.data.tracks, tracks.map((x) => String(x.id)));
    }
  });
});
