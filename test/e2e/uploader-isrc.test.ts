/**
 * An uploader cannot choose what `fallback=1` plays (issue 38). An Audius upload titled "Paper
 * Planes (FREE crypto at scam.example)" by another artist, 30 s long, claiming the ISRC of
 * Deezer's "Paper Planes", was `/v1/match`'s top match with confidence 1, and `fallback=1` on
 * the Deezer preview answered its address. Audius ISRCs are whatever the uploader typed: they
 * only count where title, version, artist and length agree too; Deezer's are the labels'.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ISRC_HINT_CONFIDENCE } from "../../server/engine/match/recording.ts";
import { v1 } from "../support/fake-app.ts";
import { audiusUpload, deezerTrack, startTwoSourcesApp, type TwoSourcesApp } from "../support/two-sources.ts";

const PAPER_PLANES = 3135556;
const GALANG = 3135557;

let t: TwoSourcesApp;
beforeAll(async () => {
  t = await startTwoSourcesApp({
    deezer: [deezerTrack(PAPER_PLANES, "Paper Planes", "M.I.A.", 204, "GBBKS0700567"), deezerTrack(GALANG, "Galang", "M.I.A.", 215, "GBBKS0500123")],
    audius: [
      audiusUpload("Sc4m01", "Paper Planes (FREE crypto at scam.example)", "scam.example", 30, "GBBKS0700567"),
      audiusUpload("Sc4m02", "Galang", "scam.example", 30, "GBBKS0500123"),
      audiusUpload("Fan001", "M.I.A. - Galang (Official Audio)", "M.I.A.", 216, "GBBKS0500123"),
    ],
  });
});
afterAll(() => t.close());

interface Matched {
  song: { source: string; id: string };
  confidence: number;
  reason: string;
}
const matchesOf = async (id: number): Promise<Matched[]> => (await t.json(v1("match", { source: "source_a", id }))).body.data.matches;
const fallback = (id: number) => t.json(v1("song/url", { source: "source_a", id, fallback: 1 }));

describe("an upload claiming a Deezer track's ISRC", () => {
  it("is not /v1/match's match of the Deezer song when its title, artist and length disagree", async () => {
    expect(await matchesOf(PAPER_PLANES)).toEqual([]);
  });

  it("is not what fallback=1 plays for the Deezer preview: the preview stands", async () => {
    const r = await fallback(PAPER_PLANES);
    expect(r.body.code).toBe(0);
    expect(r.body.data).toMatchObject({ source: "source_a", id: String(PAPER_PLANES), preview: true });
    expect(r.body.data.matchedFrom).toBeUndefined();
    expect(JSON.stringify(r.body)).not.toContain("Sc4m01");
  });

  it("is not joined to the Deezer song in an all-search", async () => {
    const r = await t.json(v1("search", { source: "all", q: "paper planes" }));
    const list: { source: string; id: string; alternatives: unknown[] }[] = r.body.data.list;
    expect(list.map((s) => [s.source, s.id, s.alternatives])).toEqual([
      ["source_a", String(PAPER_PLANES), []],
      ["source_b", "Sc4m01", []],
    ]);
  });

  it("with the right title, artist and length, is a match by its ISRC below certainty, and plays", async () => {
    // The other upload claiming Galang's ISRC is 30 s long, by another artist: never matched.
    expect(await matchesOf(GALANG)).toEqual([{ song: expect.objectContaining({ source: "source_b", id: "Fan001" }), reason: "isrc", confidence: ISRC_HINT_CONFIDENCE }]);
    const r = await fallback(GALANG);
    expect(r.body.data).toMatchObject({ source: "source_b", id: "Fan001" });
    expect(r.body.data.matchedFrom).toEqual({ source: "source_a", id: String(GALANG), confidence: ISRC_HINT_CONFIDENCE });
  });
});
