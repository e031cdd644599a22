/** The recording matcher against its case table, and the rules behind it one by one. */
import { describe, expect, it } from "vitest";
import { normalIsrc } from "../../../core/mapping/isrc.ts";
import { DURATION_TOLERANCE_S, ISRC_HINT_CONFIDENCE, recordingOf, sameRecording, sameSong } from "../../../server/engine/match/recording.ts";
import { HARD_NEGATIVES, MATCH_CASES, SAME_RECORDING, type MatchCase } from "./cases.ts";

describe("the case table", () => {
  it("holds at least 40 pairs, half of them hard negatives", () => {
    expect(MATCH_CASES.length).toBeGreaterThanOrEqual(40);
    expect(HARD_NEGATIVES.length).toBeGreaterThanOrEqual(MATCH_CASES.length / 2);
    expect(new Set(MATCH_CASES.map((c) => c.name)).size).toBe(MATCH_CASES.length);
  });

  /** The pair's verdict asked both ways (with each side's ISRCs vouched for as the case says). */
  const bothWays = (c: MatchCase) => {
    const [a, b] = c.isrcs ?? ["uploader", "uploader"];
    return [sameSong(c.a, c.b, [a, b]), sameSong(c.b, c.a, [b, a])];
  };

  it.each(SAME_RECORDING.map((c) => [c.name, c] as const))("same recording: %s", (_, c) => {
    const [verdict, reversed] = bothWays(c);
    expect(verdict).toMatchObject({ same: true, reason: c.reason });
    // The verdict does not depend on which side is asked first.
    expect(reversed).toEqual(verdict);
    if (verdict.same) expect(verdict.confidence).toBeGreaterThan(0.5);
  });

  it.each(HARD_NEGATIVES.map((c) => [c.name, c] as const))("not the same recording: %s", (_, c) => {
    expect(bothWays(c).map((v) => v.same)).toEqual([false, false]);
  });
});

describe("rules", () => {
  const base = { name: "Paper Lanterns", artist: ["Marlow Vane"], album: "Tidal Lines", duration: 241 };

  it("confidence: 1 for vouched ISRCs, 0.99 for an uploader's with the metadata agreeing, 0.95 for equal lengths falling to 0.80 at the tolerance, a little more for the same album", () => {
    expect(sameSong({ ...base, isrc: "QZAAA2400001" }, { ...base, name: "Other", isrc: "qz-aaa-24-00001" }, ["vouched", "vouched"])).toEqual({ same: true, reason: "isrc", confidence: 1 });
    expect(sameSong({ ...base, isrc: "QZAAA2400001" }, { ...base, album: "", duration: 244, isrc: "QZAAA2400001" }, ["vouched", "uploader"])).toEqual({
      same: true,
      reason: "isrc",
      confidence: ISRC_HINT_CONFIDENCE,
    });
    expect(sameSong(base, { ...base, album: "" })).toEqual({ same: true, reason: "metadata", confidence: 0.95 });
    expect(sameSong(base, base)).toEqual({ same: true, reason: "metadata", confidence: 0.98 });
    expect(sameSong(base, { ...base, album: "", duration: 241 + DURATION_TOLERANCE_S })).toEqual({ same: true, reason: "metadata", confidence: 0.8 });
    expect(sameSong(base, { ...base, duration: 241 + DURATION_TOLERANCE_S + 1 })).toEqual({ same: false, why: "lengths 4 s apart" });
  });

  it("a length left out is matched without it only for a list's track that may leave it out, release tags equal, at 0.7", () => {
    const listed = (song: typeof base) => ({ ...recordingOf(song), lengthOptional: true });
    const unknown = { ...base, duration: 0 };
    expect(sameRecording(listed(unknown), recordingOf({ ...base, duration: 400 }))).toEqual({ same: true, reason: "metadata", confidence: 0.73 });
    expect(sameRecording(recordingOf({ ...base, album: "" }), listed({ ...unknown, album: "" }))).toEqual({ same: true, reason: "metadata", confidence: 0.7 });
    // Only where a list may leave it out: a source's song without a length matches nothing.
    expect(sameSong(unknown, base)).toEqual({ same: false, why: "a length is unknown" });
    expect(sameRecording(listed(unknown), listed(unknown))).toEqual({ same: false, why: "a length is unknown" });
    // What a length would have told apart stays apart.
    expect(sameRecording(listed(unknown), recordingOf({ ...base, name: "Paper Lanterns (Single Version)" }))).toEqual({ same: false, why: "different releases, a length unknown" });
    expect(sameRecording(listed(unknown), recordingOf({ ...base, name: "Paper Lanterns (Live)" })).same).toBe(false);
    expect(sameRecording(listed(unknown), recordingOf({ ...base, album: "Tidal Lines (Remixes)" })).same).toBe(false);
    expect(sameRecording(listed(unknown), recordingOf({ ...base, artist: ["The Cover Band"] })).same).toBe(false);
  });

  it("an uploader's ISRC is a hint: it never overrides the metadata, whoever the other side is", () => {
    const upload = { ...base, name: "Paper Lanterns (FREE crypto at scam.example)", artist: ["scam.example"], duration: 30, isrc: "QZAAA2400001" };
    for (const isrcs of [["vouched", "uploader"], ["uploader", "vouched"], ["uploader", "uploader"]] as const) {
      expect(sameSong({ ...base, isrc: "QZAAA2400001" }, upload, isrcs)).toEqual({ same: false, why: "different versions" });
    }
    // A source that does not say is an uploader's.
    expect(recordingOf({ ...base, isrc: "QZAAA2400001" }).isrcs).toBe("uploader");
  });

  it("one side's ISRC alone decides nothing: the metadata does", () => {
    expect(sameSong({ ...base, isrc: "QZAAA2400001" }, base)).toMatchObject({ same: true, reason: "metadata" });
    expect(sameSong({ ...base, isrc: "QZAAA2400001" }, { ...base, name: "Paper Lanterns (Live)" }).same).toBe(false);
  });

  it("reads ISRCs in their plain form only", () => {
    expect(normalIsrc("GB-DUW-00-00059")).toBe("GBDUW0000059");
    expect(normalIsrc(" usrc17607839 ")).toBe("USRC17607839");
    expect(normalIsrc("not an isrc")).toBeUndefined();
    expect(normalIsrc("")).toBeUndefined();
    expect(normalIsrc(null)).toBeUndefined();
  });

  it("a title without words matches nothing, not even itself", () => {
    const blank = recordingOf({ ...base, name: "(Live)" });
    expect(blank.core).toBe("live");
    const empty = recordingOf({ ...base, name: "!!!" });
    expect(sameRecording(empty, empty)).toEqual({ same: false, why: "different titles" });
  });

  it("the primary artists are the first credit and the names written in it, never a guest", () => {
    expect([...recordingOf({ ...base, artist: ["Simon & Garfunkel"] }).primary].sort()).toEqual(["garfunkel", "simon", "simonandgarfunkel"]);
    expect([...recordingOf({ ...base, artist: ["Calvin Harris feat. Dua Lipa"] }).primary]).toEqual(["calvinharris"]);
    expect([...recordingOf({ ...base, artist: ["Marlow Vane", "Ines Okafor"] }).primary]).toEqual(["marlowvane"]);
    expect([...recordingOf({ ...base, artist: ["", "The Quiet Harbour"] }).primary]).toEqual(["quietharbour"]);
  });

  it("an album of instrumentals, remixes, karaoke… makes its songs that version, unless their titles say so already", () => {
    expect(recordingOf({ ...base, album: "Tidal Lines (Instrumentals)" }).versions).toEqual(["album instrumental"]);
    expect(recordingOf({ ...base, name: "Paper Lanterns (Kestrel Remix)", album: "Paper Lanterns: The Remixes" }).versions).toEqual(["kestrel remix"]);
    expect(recordingOf({ ...base, album: "Karaoke Hits 7" }).versions).toEqual(["album karaoke"]);
  });

  it("a live album makes its songs live takes of that album", () => {
    expect(recordingOf({ ...base, album: "Live at Wembley (Remastered)" }).versions).toEqual(["live at wembley"]);
    expect(recordingOf({ ...base, album: "Marlow Vane Live at Wembley" }).versions).toEqual(["live@marlow vane live at wembley"]);
    expect(recordingOf({ ...base, name: "Paper Lanterns (Live)", album: "Greatest Hits" }).versions).toEqual(["live@greatest hits"]);
    expect(recordingOf({ ...base, name: "Paper Lanterns (Live at Wembley 1986)", album: "Live at Wembley" }).versions).toEqual(["live at wembley 1986"]);
  });
});
