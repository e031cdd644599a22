/**
 * The demo's catalogue shows the aggregation (issue 45): the same recordings on several demo
 * sources, from the bundled plugins' own fixtures. A Deezer preview whose full-length copy is
 * an Audius upload (and an iTunes remaster of it), a VIP song on Audius with a free copy on
 * Jamendo, and a live take on the archive that must stay apart: alternatives, `/v1/match` and
 * `fallback=1` answer with them, the demo's covers agree across endpoints, and README's demo
 * section names every query and id that shows them.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { useDemoApp } from "../support/demo-app.ts";
import { PROJECT_ROOT } from "../support/main-process.ts";

/** The songs the demo's aggregation is made of, by source. */
const LANTERNS = { deezer: "9100001", audius: "pL4nT", remaster: "1600000031", live: "mv2022-03-04.harbourhall.flac16/mv22-03-04t01.flac" };
const SATELLITES = { audius: "dW5pS", jamendo: "1714410" };
/** Deezer's demo playlist "Harbour Lights", with Paper Lanterns on it. */
const PLAYLIST = "5550001";

const demo = useDemoApp();
const v1 = async (path: string, query: Record<string, string>) => {
  const { body } = await demo.app.json(`${path}?${new URLSearchParams({ origin: "demo-catalogue", ...query })}`);
  return body as { code: number; message: string; data: any };
};

describe("the demo's catalogue across sources", () => {
  it("an all-search for paper shows one entry per recording, with its copies as alternatives, and the live take apart", async () => {
    const { data } = await v1("/v1/search", { source: "all", q: "paper", size: "50" });
    expect(data.failed).toEqual([]);
    const entry = (source: string, id: string) => data.list.find((song: { source: string; id: string }) => song.source === source && song.id === id);
    // The full-length upload stands for the recording; Deezer's preview and iTunes' remaster are its copies.
    expect(entry("source_c", LANTERNS.audius)).toMatchObject({ name: "Paper Lanterns", available: true, vip: false });
    expect(entry("source_c", LANTERNS.audius).alternatives).toEqual([
      { source: "source_a", id: LANTERNS.deezer, available: true, vip: false },
      { source: "source_b", id: LANTERNS.remaster, available: true, vip: false },
    ]);
    expect(entry("source_a", LANTERNS.deezer)).toBeUndefined();
    // The live take is another recording: an entry of its own, no copies.
    expect(entry("source_d", LANTERNS.live)).toMatchObject({ name: "Paper Lanterns", album: "Marlow Vane Live at Harbour Hall on 2022-03-04", alternatives: [] });
    // The VIP upload's free copy plays: it stands for the recording, the gated one among its copies.
    expect(entry("source_e", SATELLITES.jamendo)).toMatchObject({ name: "Paper Satellites", available: true, alternatives: [{ source: "source_c", id: SATELLITES.audius, available: false, vip: true }] });
  });

  it("/v1/match finds the upload (by its ISRC) and the remaster, never the live take", async () => {
    const { data } = await v1("/v1/match", { source: "source_a", id: LANTERNS.deezer });
    expect(data.matches.map((m: { song: { source: string; id: string }; reason: string }) => [m.song.source, m.song.id, m.reason])).toEqual([
      ["source_c", LANTERNS.audius, "isrc"],
      ["source_b", LANTERNS.remaster, "metadata"],
    ]);
    expect(data.failed).toEqual([]);
  });

  it("fallback=1 plays a preview in full from its upload, and a VIP song from its free copy", async () => {
    const preview = await v1("/v1/song/url", { source: "source_a", id: LANTERNS.deezer });
    expect(preview.data).toMatchObject({ source: "source_a", preview: true });
    const full = await v1("/v1/song/url", { source: "source_a", id: LANTERNS.deezer, fallback: "1" });
    expect(full.data).toMatchObject({ source: "source_c", id: LANTERNS.audius, preview: false, matchedFrom: { source: "source_a", id: LANTERNS.deezer } });

    expect((await v1("/v1/song/url", { source: "source_c", id: SATELLITES.audius })).code).toBe(3002);
    const free = await v1("/v1/song/url", { source: "source_c", id: SATELLITES.audius, fallback: "1" });
    expect(free.data).toMatchObject({ source: "source_e", id: SATELLITES.jamendo, preview: false, matchedFrom: { source: "source_c", id: SATELLITES.audius } });
    // The live take is full length too, yet never played for the studio recording.
    expect(full.data.id).not.toBe(LANTERNS.live);
  });

  it("a song shows the same demo cover in a search and in /v1/song, even after its address was asked for", async () => {
    await v1("/v1/song/url", { source: "source_c", id: LANTERNS.audius });
    const listed = (await v1("/v1/search", { source: "source_c", q: "paper" })).data.list.find((song: { id: string }) => song.id === LANTERNS.audius);
    const song = (await v1("/v1/song", { source: "source_c", id: LANTERNS.audius })).data;
    expect(song.cover).toBe(listed.cover);
    expect(song.cover).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/cover\/source_c\//);
  });

  it("a Deezer link resolves to the song and its copies, and Deezer's playlist carries over without the live take", async () => {
    const { data } = await v1("/v1/resolve", { url: `https://www.deezer.com/track/${LANTERNS.deezer}` });
    expect(data).toMatchObject({ kind: "song", item: { source: "source_a", id: LANTERNS.deezer }, failed: [] });
    expect(data.copies.map((c: { source: string; id: string; reason: string }) => [c.source, c.id, c.reason])).toEqual([
      ["source_c", LANTERNS.audius, "isrc"],
      ["source_b", LANTERNS.remaster, "metadata"],
    ]);
    const transfer = (await v1("/v1/playlist/match", { source: "source_a", id: PLAYLIST, to: "source_b,source_c,source_d" })).data;
    const lanterns = transfer.tracks.find((t: { song: { id: string } }) => t.song.id === LANTERNS.deezer);
    expect(lanterns.copies.source_b.song.id).toBe(LANTERNS.remaster);
    expect(lanterns.copies.source_c.song.id).toBe(LANTERNS.audius);
    expect(lanterns.copies.source_d).toBeNull();
    expect(transfer.unmatched).toBeGreaterThan(0);
  });

  it("README's demo section names the query and every id that shows it", () => {
    const readme = readFileSync(`${PROJECT_ROOT}/README.md`, "utf8");
    const section = readme.slice(readme.indexOf("### What the demo shows"), readme.indexOf("\n## ", readme.indexOf("### What the demo shows")));
    expect(section.length).toBeGreaterThan(200);
    for (const id of [...Object.values(LANTERNS), ...Object.values(SATELLITES), "q=paper", "fallback=1", "/v1/match", "/v1/resolve", "/v1/playlist/match", `id=${PLAYLIST}`]) {
      expect(section, id).toContain(id);
    }
  });
});
