/** The merged all-search list: ranked by relevance, one entry per recording, the most playable shown, alternatives named. */
import { describe, expect, it } from "vitest";
import type { Song } from "../../core/domain.ts";
import { mergeWindows, type SourceWindow } from "../../server/engine/music/merged-search.ts";

const song = (source: string, id: string, name: string, artist: string, duration: number, extra: Partial<Song> = {}): Song => ({
  source, id, name, artist: [artist], album: "", albumId: "", duration, cover: null, available: true, vip: false, ...extra,
});
const ids = (list: { source: string; id: string }[]) => list.map((s) => `${s.source}:${s.id}`);

describe("mergeWindows", () => {
  it("orders by relevance, then each source's own rank, then source order", () => {
    const windows: SourceWindow[] = [
      { playback: "preview", list: [song("a", "1", "Paper Kites", "Juniper Lane", 188), song("a", "2", "Paper Lanterns", "Marlow Vane", 241)] },
      { playback: "preview", list: [song("b", "1", "Lanterns of Paper", "Someone", 200), song("b", "2", "Paper", "Other", 100)] },
    ];
    // "paper": exact title (b:2), then whole words in source rank order (a:1, b:1 rank 0; a:2 rank 1).
    expect(ids(mergeWindows("paper", windows))).toEqual(["b:2", "a:1", "b:1", "a:2"]);
  });

  it("an exact title-and-artist match on one source comes before a partial match ranked first elsewhere", () => {
    const windows: SourceWindow[] = [
      { playback: "full", list: [song("a", "1", "Paper Lanterns Remixed Forever", "Someone", 300)] },
      { playback: "full", list: [song("b", "9", "Noise", "X", 1), song("b", "7", "Paper Lanterns", "Marlow Vane", 241)] },
    ];
    expect(ids(mergeWindows("paper lanterns marlow vane", windows))).toEqual(["b:7", "a:1", "b:9"]);
  });

  it("collapses one recording into one entry showing the most playable song, the others as alternatives", () => {
    const windows: SourceWindow[] = [
      { playback: "preview", list: [song("a", "d1", "Paper Lanterns (2019 Remaster)", "Marlow Vane", 241)] },
      { playback: "preview", list: [song("b", "i1", "Paper Lanterns", "Marlow Vane", 242, { available: false })] },
      { playback: "full", list: [song("c", "u1", "Paper Lanterns", "Marlow Vane", 240, { vip: true, available: false }), song("c", "u2", "Paper Lanterns (Live)", "Marlow Vane", 240)] },
      { playback: "full", list: [song("d", "x1", "01 - Paper Lanterns", "Marlow Vane", 241)] },
    ];
    const merged = mergeWindows("paper lanterns", windows);
    expect(ids(merged)).toEqual(["d:x1", "c:u2"]);
    expect(merged[0].alternatives).toEqual([
      { source: "a", id: "d1", available: true, vip: false },
      { source: "b", id: "i1", available: false, vip: false },
      { source: "c", id: "u1", available: false, vip: true },
    ]);
    expect(merged[1].alternatives).toEqual([]);
  });

  it("a preview beats an unavailable song, which beats a VIP one", () => {
    const merged = mergeWindows("tern", [
      { playback: "full", list: [song("a", "1", "Tern", "Q", 200, { vip: true, available: false })] },
      { playback: "full", list: [song("b", "1", "Tern", "Q", 200, { available: false })] },
      { playback: "preview", list: [song("c", "1", "Tern", "Q", 200)] },
    ]);
    expect(ids(merged)).toEqual(["c:1"]);
    // The alternatives in the same order: the unavailable one, then the VIP one.
    expect(ids(merged[0].alternatives!)).toEqual(["b:1", "a:1"]);
  });

  it("folds copies of one source too (a master on its album and on compilations), and needs every song of an entry to agree", () => {
    const merged = mergeWindows("tern", [
      { playback: "full", list: [song("a", "1", "Tern", "Q", 200, { album: "Tern" }), song("a", "2", "Tern", "Q", 200, { album: "Best of Q" })] },
      // b:1 (203) joins a:1 (200); c:1 (197) matches a:1 but not b:1, so it starts an entry; a:2 joins the first.
      { playback: "full", list: [song("b", "1", "Tern", "Q", 203)] },
      { playback: "full", list: [song("c", "1", "Tern", "Q", 197)] },
    ]);
    expect(ids(merged)).toEqual(["a:1", "c:1"]);
    expect(ids(merged[0].alternatives!)).toEqual(["b:1", "a:2"]);
    expect(ids(merged[1].alternatives!)).toEqual([]);
  });

  it("keeps apart what one source lists as two recordings: explicit and clean, a version, another length", () => {
    const merged = mergeWindows("starboy", [
      {
        playback: "preview",
        list: [
          song("a", "1", "Starboy", "The Weeknd", 230, { explicit: true }),
          song("a", "2", "Starboy", "The Weeknd", 230, { explicit: false }),
          song("a", "3", "Starboy (Instrumental)", "The Weeknd", 230),
          song("a", "4", "Starboy", "The Weeknd", 262),
        ],
      },
      // A source that does not say joins the first it matches.
      { playback: "full", list: [song("b", "1", "Starboy", "The Weeknd", 231, { explicit: null })] },
    ]);
    // b:1 is shown for a:1 (full length before a preview).
    expect(merged.map((e) => ids([e, ...e.alternatives!]).join(" "))).toEqual(["b:1 a:1", "a:2", "a:4", "a:3"]);
  });

  it("among equally good matches, the upstream's popularity (else its order) ranks, as a share of each source's songs of that score", () => {
    const merged = mergeWindows("radiohead", [
      {
        playback: "preview",
        list: [
          song("a", "x1", "Nude", "Radiohead", 255, { popularity: 10 }),
          song("a", "x2", "Creep", "Radiohead", 238, { popularity: 500 }),
          song("a", "x3", "Karma Police", "Radiohead", 264, { popularity: 50 }),
          song("a", "t1", "Radiohead", "Jens Lekman", 180, { popularity: 9000 }),
        ],
      },
      { playback: "preview", list: [song("b", "y1", "No Surprises", "Radiohead", 229), song("b", "y2", "Reckoner", "Radiohead", 290)] },
    ]);
    // The artist's songs before the one titled so; within them: a's most popular and b's first (1), then a's second (2/3), b's second (1/2), a's last (1/3).
    expect(ids(merged)).toEqual(["b:y1", "a:x2", "a:x3", "b:y2", "a:x1", "a:t1"]);
  });

  it("an equal ISRC of two vouching sources joins songs whose titles differ; a different one keeps them apart", () => {
    const merged = mergeWindows("harder", [
      { playback: "preview", isrcs: "vouched", list: [song("a", "1", "Harder Better Faster Stronger", "Daft Punk", 224, { isrc: "GBDUW0000059" })] },
      { playback: "full", isrcs: "vouched", list: [song("b", "1", "Harder, Better, Faster, Stronger (Album Version)", "Thomas Bangalter", 230, { isrc: "GBDUW0000059" })] },
      { playback: "full", list: [song("c", "1", "Harder Better Faster Stronger", "Daft Punk", 224, { isrc: "GBDUW0000060" })] },
    ]);
    expect(ids(merged)).toEqual(["b:1", "c:1"]);
    expect(ids(merged[0].alternatives!)).toEqual(["a:1"]);
  });

  it("an upload claiming a label's ISRC joins it only when its title, artist and length agree", () => {
    const label = { playback: "preview", isrcs: "vouched", list: [song("a", "1", "Paper Planes", "M.I.A.", 204, { isrc: "GBBKS0700567" })] } as const;
    const scam = mergeWindows("paper planes", [label, { playback: "full", list: [song("b", "1", "Paper Planes (FREE crypto at scam.example)", "scam.example", 30, { isrc: "GBBKS0700567" })] }]);
    expect(ids(scam)).toEqual(["a:1", "b:1"]);
    expect(scam[0].alternatives).toEqual([]);
    const copy = mergeWindows("paper planes", [label, { playback: "full", list: [song("b", "1", "M.I.A. - Paper Planes (Official Audio)", "M.I.A.", 205, { isrc: "GBBKS0700567" })] }]);
    expect(ids(copy)).toEqual(["b:1"]);
    expect(ids(copy[0].alternatives!)).toEqual(["a:1"]);
  });

  it("shows a song listed twice by its source once, and is the same for the same windows", () => {
    const windows: SourceWindow[] = [{ playback: "full", list: [song("a", "1", "Tern", "Q", 200), song("a", "1", "Tern", "Q", 200)] }];
    expect(ids(mergeWindows("tern", windows))).toEqual(["a:1"]);
    expect(mergeWindows("tern", windows)).toEqual(mergeWindows("tern", windows));
  });
});
