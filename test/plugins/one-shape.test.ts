/**
 * One song, one shape (issue 45): every bundled source, bound to its simulator, describes a
 * song the same way wherever it appears: in a search page, an album, an artist's songs, a
 * playlist, a chart, a match and `/v1/song` itself give it the same name, artists, album,
 * length, cover and flags. Every `/v1/song/url` answer and every playlist track with an
 * address says `preview` (false when the address is the full song).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBundledApp, type BundledApp } from "../support/bundled-app.ts";

/**
 * The fields a song must show alike everywhere its source lists it. `artistId` is compared
 * apart: a list may not know a guest's id ("" there). `isrc` is what a wire format carries
 * (Deezer's lists leave it out), so it is not compared.
 */
const SHAPE = ["name", "artist", "album", "albumId", "duration", "cover", "available", "vip"] as const;
/** Searches that reach every song of the fixtures that a listing names (and the playlists each source has). */
const SEARCHES = ["paper", "salt", "harbour", "harbor", "night", "lantern", "marrow", "glass", "static", "low", "frost", "drift"];
const PLAYLISTS: Record<string, string[]> = { source_a: ["5550001"], source_c: ["mN3bV"], source_e: ["500612"] };
/** Most albums and artists opened per source: the iTunes charts alone name a hundred. */
const MOST_OPENED = 12;

type Song = Record<(typeof SHAPE)[number] | "source" | "id" | "artistId", unknown>;

let app: BundledApp;
beforeAll(async () => {
  // One client asks for every song: the whole of each budget is its, and Apple's is the demo's.
  app = await startBundledApp({ rateLimit: { points: 1_000_000, duration: 60 }, upstream: { clientShare: 1 } }, { itunes: { requestsPerMinute: 6000 } });
}, 30_000);
afterAll(() => app?.close());

const v1 = async (path: string, query: Record<string, string>) => {
  const target = `${path}?${new URLSearchParams({ origin: "one-shape", ...query })}`;
  const { body } = await app.json(target);
  // Only a song may be gone (a chart keeps what a store no longer sells): anything else failing is the test's failure.
  if (body.code !== 0 && !(path === "/v1/song" && body.code === 3001)) throw new Error(`${target}: ${body.code} ${body.message}`);
  return body as { code: number; message: string; data: any };
};

describe("one song, one shape", () => {
  it("every source gives a song the same fields in search, album, artist, playlist, chart, match and song answers", async () => {
    // Where each song was seen, and how.
    const seen = new Map<string, { where: string; song: Song }[]>();
    const note = (where: string, songs: Song[]) => {
      for (const song of songs) {
        const key = `${song.source}:${song.id}`;
        seen.set(key, [...(seen.get(key) ?? []), { where, song }]);
      }
    };
    const { capability } = (await v1("/v1/source", {})).data as { capability: Record<string, Record<string, boolean>> };
    for (const source of Object.keys(capability)) {
      const can = capability[source];
      for (const q of SEARCHES) note(`search ${q}`, (await v1("/v1/search", { source, q, size: "50" })).data.list);
      for (const id of PLAYLISTS[source] ?? []) note(`playlist ${id}`, (await v1("/v1/playlist", { source, id, size: "100" })).data.song);
      if (can.rank) {
        for (const chart of ((await v1("/v1/rank", { source })).data.list as { id: string }[]).slice(0, 3)) {
          note(`chart ${chart.id}`, (await v1("/v1/rank", { source, id: chart.id })).data.song);
        }
      }
      const listed = [...seen.values()].map((list) => list[0].song).filter((song) => song.source === source);
      const albums = [...new Set(listed.map((song) => song.albumId as string).filter(Boolean))].slice(0, MOST_OPENED);
      for (const id of albums) note(`album ${id}`, (await v1("/v1/album", { source, id })).data?.song ?? []);
      const artists = [...new Set(listed.flatMap((song) => (song.artistId as string[] | undefined) ?? []).filter(Boolean))].slice(0, MOST_OPENED);
      for (const id of artists) note(`artist ${id}`, (await v1("/v1/artist", { source, id })).data?.song ?? []);
    }
    // The matches of the songs other sources have too (each matched song is another source's).
    for (const [source, id] of [["source_a", "9100001"], ["source_c", "dW5pS"], ["source_b", "1600000031"]]) {
      const { data } = await v1("/v1/match", { source, id });
      note(`match of ${source}:${id}`, [data.song, ...data.matches.map((m: { song: Song }) => m.song)]);
    }

    const differences: string[] = [];
    let compared = 0;
    for (const [key, list] of seen) {
      const [source, ...rest] = key.split(":");
      const id = rest.join(":");
      const answer = await v1("/v1/song", { source, id });
      if (answer.code !== 0) continue; // a song a chart keeps after its source stopped selling it
      note("song", [answer.data]);
      for (const { where, song } of list) {
        compared++;
        const differ = (field: string, a: unknown, b: unknown) => differences.push(`${key} ${field}: ${JSON.stringify(a)} in ${where}, ${JSON.stringify(b)} in /v1/song`);
        for (const field of SHAPE) if (JSON.stringify(song[field]) !== JSON.stringify(answer.data[field])) differ(field, song[field], answer.data[field]);
        const [ids, known] = [(song.artistId ?? []) as string[], (answer.data.artistId ?? []) as string[]];
        if (ids.length !== known.length || ids.some((id, i) => id !== "" && id !== known[i])) differ("artistId", ids, known);
      }
    }
    expect(differences).toEqual([]);
    expect(compared).toBeGreaterThan(200);
    for (const source of Object.keys(capability)) expect([...seen.keys()].filter((key) => key.startsWith(`${source}:`)).length, source).toBeGreaterThan(5);
  }, 120_000);

  it("every address says whether it is a preview: /v1/song/url and playlist tracks with_url", async () => {
    const cases = [
      ["source_a", "9100001", true], ["source_b", "1600000012", true], ["source_c", "aZ4kP", false],
      ["source_d", "mh1981-06-12.sbd.tolliver.4411.flac16/mh81-06-12d1t02.flac", false], ["source_e", "1630002", false],
    ] as const;
    for (const [source, id, preview] of cases) {
      const { data } = await v1("/v1/song/url", { source, id });
      expect(data.preview, `${source}:${id}`).toBe(preview);
    }
    for (const [source, ids] of Object.entries(PLAYLISTS)) {
      const { data } = await v1("/v1/playlist", { source, id: ids[0], with_url: "1", size: "100" });
      const addressed = (data.song as { url?: string | null; preview?: boolean }[]).filter((song) => typeof song.url === "string");
      expect(addressed.length, source).toBeGreaterThan(0);
      for (const song of addressed) expect(typeof song.preview, `${source} ${JSON.stringify(song).slice(0, 80)}`).toBe("boolean");
    }
  }, 60_000);
});
