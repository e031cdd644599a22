/** /v1/source: the capability matrix built from the registered plugins and the config. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { defineLyricsPlugin } from "../../core/plugin.ts";
import { startFakeApp, v1, type FakeApp } from "../support/fake-app.ts";

const lyrics = defineLyricsPlugin({
  id: "echo-lyrics",
  name: "Echo lyrics",
  options: z.object({}),
  create: () => ({ find: async (song) => ({ lyric: `[00:00.00]${song.name} by ${song.artist[0]}`, translation: null }) }),
});

describe("capability matrix", () => {
  let t: FakeApp;
  beforeAll(async () => {
    t = await startFakeApp({
      sources: { source_a: { search: true, song: true }, source_b: undefined, source_c: { search: true } },
      extraPlugins: [lyrics],
      config: { disable: ["source_b"], lyrics: { plugin: "echo-lyrics" } },
    });
  });
  afterAll(() => t.close());

  it("shows every bound source, disabled ones included, with lyric served by the provider", async () => {
    const r = await t.json(v1("source"));
    expect(r.body).toMatchObject({ code: 0, source: null, cost: 0 });
    expect(r.body.data).toEqual({
      capability: {
        // match is the service's: a source with song lookups, and another enabled source that searches.
        source_a: { search: true, song: true, url: false, lyric: true, album: false, artist: false, playlist: false, rank: false, match: true, transfer: false },
        source_b: { search: true, song: true, url: true, lyric: true, album: true, artist: true, playlist: true, rank: true, match: true, transfer: true },
        // No song capability: the provider has nothing to look lyrics up by, the matcher nothing to match.
        source_c: { search: true, song: false, url: false, lyric: false, album: false, artist: false, playlist: false, rank: false, match: false, transfer: false },
      },
      disable: ["source_b"],
      // extension: what each source is, from its plugin's definition (these name no home page nor credit)
      sources: Object.fromEntries(
        ["source_a", "source_b", "source_c"].map((id) => [id, { name: `Fake source fake-source-${id.slice(-1)}`, plugin: `fake-source-${id.slice(-1)}`, homepage: null, playback: "full", attribution: null, links: [], lookups: [] }]),
      ),
    });
  });

  it("answers lyric through the provider for a source without its own", async () => {
    const r = await t.json(v1("lyric", { source: "source_a", id: "4" }));
    expect(r.body.data).toEqual({ source: "source_a", id: "4", lyric: "[00:00.00]Harder, Better by Fake Artist", translation: null });
  });

  it("leaves a disabled source out of search all", async () => {
    const r = await t.json(v1("search", { source: "all", q: "o" }));
    // The same recordings on both: each entry shows one and names the other as its alternative.
    const songs = r.body.data.list.flatMap((s: { source: string; alternatives: { source: string }[] }) => [s, ...s.alternatives]);
    expect(new Set(songs.map((s: { source: string }) => s.source))).toEqual(new Set(["source_a", "source_c"]));
  });
});

describe("without a lyrics provider", () => {
  it("reports lyric false for sources without lyrics of their own", async () => {
    const t = await startFakeApp({ sources: { source_a: { song: true } }, config: { lyrics: false } });
    try {
      const r = await t.json(v1("source"));
      expect(r.body.data.capability.source_a.lyric).toBe(false);
      expect((await t.json(v1("lyric", { source: "source_a", id: "1" }))).body.code).toBe(1003);
    } finally {
      await t.close();
    }
  });
});
