/**
 * The plugin against real recorded Internet Archive answers (run when `../shared/recordings`
 * sits beside the project): the mapped values of a Shorten show with VBR MP3 derivatives, of a
 * stream-only FLAC show, of a 78 rpm record, and the recorded `{}` of an unknown identifier.
 *
 * The recorded searches are other projects' queries, never this plugin's (which always
 * restricts to audio), so each search test names the recorded answer that stands in for its
 * request; and item reads without a recording of their own get the recorded answer for an
 * unknown identifier, as the archive would give for an item it does not have. Two files of the
 * folder hold a bare body rather than recorded interactions; they are left out.
 */
import type { RankDetail, SourceMethods } from "@music-aggregator/core";
import { type BoundTestSource, type Interaction, startReplaySimulator, type ReplaySimulator } from "@music-aggregator/core/testing";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { hasRecordings, sharedRecordings } from "../../support/recordings.ts";
import { SOURCE, bindArchive, codeOf, ctx } from "../../../plugins/source-archive/test/instance.ts";

const GD70 = "gd70-10-23.aud.wolfson.15080.sbefail.shnf";
const GD77 = "gd1977-04-23.mtx.seamons.97596.sbeok.flac16";
const PLATE = "78_the-continental-you-kiss-while-youre-dancing_larry-adler-harbach-kern_gbia0034616";

describe.skipIf(!hasRecordings("archive"))("replay of recorded Internet Archive answers", () => {
  let sim: ReplaySimulator;
  let bound: BoundTestSource;
  let archiveSource: SourceMethods;
  /** the recorded search answer that stands in for the plugin's own search, by a part of its URL */
  let searchStandIn: string | undefined;

  beforeAll(async () => {
    const recorded = sharedRecordings("archive").filter((i): i is Interaction => i !== undefined);
    const unknownItem = recorded.find((i) => i.body === "{}" && i.url.includes("/metadata/"));
    sim = await startReplaySimulator(recorded, {
      fallback: ({ url }) => {
        if (url.pathname.startsWith("/metadata/")) return unknownItem;
        if (url.pathname === "/advancedsearch.php" && searchStandIn) return recorded.find((i) => i.url.includes(searchStandIn!));
        return undefined;
      },
    });
  });
  beforeEach(async () => {
    sim.reset();
    searchStandIn = undefined;
    bound = await bindArchive({ baseURL: sim.url });
    archiveSource = bound.methods as SourceMethods;
  });
  afterEach(() => bound.close());
  afterAll(async () => {
    // Every request the plugin made was answered by a recording.
    expect(sim.misses).toEqual([]);
    await sim.close();
  });

  it(`a Shorten show: lengths from its VBR MP3s, high quality only (${GD70})`, async () => {
    const id = `${GD70}/GD70-10-23d1t02.shn`;
    expect(await archiveSource.song(id, ctx())).toEqual({
      source: SOURCE,
      id,
      name: "Mama Tried",
      artist: ["Grateful Dead"],
      album: "Grateful Dead Live at McDonough Arena, Georgetown U. on 1970-10-23",
      albumId: GD70,
      duration: 189,
      cover: `${sim.url}/services/img/${GD70}`,
      available: true,
      vip: false,
      artistId: ["Grateful Dead"],
      explicit: null,
      quality: ["high"],
      publishAt: "1970-10-23",
      link: `${sim.url}/details/${GD70}`,
    });
    expect(await archiveSource.url(id, "lossless", ctx())).toEqual({
      source: SOURCE,
      id,
      url: `${sim.url}/download/${GD70}/GD70-10-23d1t02.mp3`,
      quality: "high",
      bitrate: 195,
      size: 4621312,
      expireAt: null,
      preview: false,
    });
    expect(sim.served.every((s) => s.recorded)).toBe(true);
  });

  it("the Shorten show as an album: 15 originals in track order across both discs", async () => {
    const album = await archiveSource.album(GD70, ctx());
    expect(album).toMatchObject({ id: GD70, artist: ["Grateful Dead"], publishAt: "1970-10-23" });
    expect(album.song).toHaveLength(15);
    expect(album.song.map((s) => s.name).slice(0, 3)).toEqual(["Casey Jones", "Mama Tried", "Hard to Handle"]);
    expect(album.song[9]).toMatchObject({ id: `${GD70}/GD70-10-23d2t01.shn`, name: "Truckin'" });
    expect(album.song.at(-1)).toMatchObject({ name: "Uncle John's Band", available: true });
    expect(album.song[0].duration).toBe(337);
  });

  it(`a stream-only item: unavailable, no quality, no address (${GD77})`, async () => {
    const id = `${GD77}/gd77-04-23d1t01.flac`;
    expect(await archiveSource.song(id, ctx())).toMatchObject({ id, name: "Tuning", duration: 266, available: false, vip: false, quality: [], publishAt: "1977-04-23" });
    expect(await codeOf(() => archiveSource.url(id, "high", ctx()))).toBe(3001);
    const album = await archiveSource.album(GD77, ctx());
    expect(album.song).toHaveLength(22);
    // The archive's tags keep XML entities; they are decoded.
    expect(album.song[9].name).toBe("Scarlet Begonias ->");
  });

  it("a 78 rpm record: a 192-character song id, a transfer without a title, 24-bit FLAC as lossless", async () => {
    const file = "_78_the-continental-you-kiss-while-youre-dancing_larry-adler-magidson-conrad_gbia0034616h_01_3.8_CT_EQ.flac";
    const id = `${PLATE}/${file}`;
    expect(id).toHaveLength(192);
    expect(await archiveSource.song(id, ctx())).toMatchObject({
      name: file.replace(/\.flac$/, ""),
      artist: ["Larry Adler", "Magidson", "Conrad"],
      album: "(When Your Heart's On Fire) Smoke Gets in Your Eyes; The Continental (You Kiss While You're Dancing)",
      duration: 167,
      quality: ["high", "lossless"],
      publishAt: "1940-06-21",
    });
    expect(await archiveSource.url(id, "lossless", ctx())).toMatchObject({ url: `${sim.url}/download/${id}`, quality: "lossless", bitrate: 2946, size: 61420656 });
    const sideA = `${PLATE}/07 - (When Your Heart's On Fire) Smoke Gets in Yo - Larry Adler.flac`;
    expect(await archiveSource.url(sideA, "high", ctx())).toMatchObject({
      url: `${sim.url}/download/${PLATE}/07%20-%20(When%20Your%20Heart's%20On%20Fire)%20Smoke%20Gets%20in%20Yo%20-%20Larry%20Adler.mp3`,
      bitrate: 247,
    });
    const album = await archiveSource.album(PLATE, ctx());
    expect(album.song).toHaveLength(18);
    expect(album.song.slice(0, 2).map((s) => s.name)).toEqual(["(When Your Heart's On Fire) Smoke Gets in Your Eyes", "The Continental (You Kiss While You're Dancing)"]);
    expect(album.artist).toEqual(["Kern", "Harbach", "Conrad", "Magidson", "Larry Adler"]);
  });

  it("the recorded `{}` of an unknown identifier is 3001; a non-ASCII identifier is refused unasked", async () => {
    expect(await codeOf(() => archiveSource.album("nosuchitem-recorded-nowhere", ctx()))).toBe(3001);
    expect(sim.served).toEqual([{ key: "GET /metadata/nosuchitem-recorded-nowhere?", recorded: false }]);
    expect(await codeOf(() => archiveSource.album("føø", ctx()))).toBe(3001);
    expect(sim.served).toHaveLength(1);
  });

  it("a recorded search page: numFound less the hits that give no song as the total, each hit by its best-matching original", async () => {
    searchStandIn = "year%3A1970&fl";
    const result = await archiveSource.search({ q: "mama tried", page: 1, size: 3 }, ctx());
    // Three hits; only the first item's file list is recorded, the others read as unknown items and are counted out.
    expect(result.total).toBe(1);
    expect(result.list.map((s) => [s.id, s.name])).toEqual([[`${GD70}/GD70-10-23d1t02.shn`, "Mama Tried"]]);
  });

  it("a recorded empty search page, and a chart from a recorded page", async () => {
    searchStandIn = "christmas+music";
    expect(await archiveSource.search({ q: "christmas", page: 1, size: 2 }, ctx())).toEqual({ total: 0, list: [] });
    searchStandIn = "year%3A1970&fl";
    const chart = (await archiveSource.rank("all-time", ctx())) as RankDetail;
    expect(chart.song.map((s) => [s.albumId, s.name])).toEqual([[GD70, "Casey Jones"]]);
  });
});
