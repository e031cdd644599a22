/**
 * ISRC first (issue 40): Deezer's search answers carry no ISRC, so equal ISRCs used to decide
 * only where both songs happened to carry one. A song whose ISRC is known is now looked up on
 * every other source that offers the `isrc` look-up (Deezer's `/track/isrc:{isrc}`): one call
 * per source, cached, within its budget; what it finds is judged like any candidate, so an
 * uploader's ISRC still only confirms what title, version, artist and length say.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ISRC_HINT_CONFIDENCE } from "../../server/engine/match/recording.ts";
import { v1 } from "../support/fake-app.ts";
import { audiusUpload, deezerTrack, startTwoSourcesApp, type TwoSourcesApp } from "../support/two-sources.ts";

const GALANG = 3135557;
const SUNSHOWERS = 3135558;

let t: TwoSourcesApp;
beforeAll(async () => {
  t = await startTwoSourcesApp({
    deezer: [
      deezerTrack(GALANG, "Galang", "M.I.A.", 215, "GBBKS0500123"),
      deezerTrack(SUNSHOWERS, "Sunshowers (2005 Remaster)", "M.I.A.", 196, "GBBKS0400077"),
    ],
    audius: [
      audiusUpload("Fan001", "M.I.A. - Galang (Official Audio)", "M.I.A.", 216, "GBBKS0500123"),
      audiusUpload("Sc4m02", "Galang", "scam.example", 30, "GBBKS0500123"),
      audiusUpload("Fan002", "Sunshowers", "M.I.A.", 197, "GBBKS0400077"),
      audiusUpload("Fan003", "Galang", "M.I.A.", 215),
    ],
  });
});
afterAll(() => t.close());

interface Matched {
  song: { source: string; id: string; isrc?: string };
  confidence: number;
  reason: string;
}
const matchesOf = async (id: string): Promise<Matched[]> => (await t.json(v1("match", { source: "source_b", id }))).body.data.matches;
const lookups = () => t.sims.deezer.log.filter((line) => line.startsWith("GET /track/isrc:")).length;

describe("/v1/match of a song whose ISRC is known", () => {
  it("asks Deezer for its copy of that ISRC once, and says the ISRC decided", async () => {
    const before = lookups();
    expect(await matchesOf("Fan001")).toEqual([
      { song: expect.objectContaining({ source: "source_a", id: String(GALANG), isrc: "GBBKS0500123" }), reason: "isrc", confidence: ISRC_HINT_CONFIDENCE },
    ]);
    expect(lookups() - before).toBe(1);
    expect(t.sims.deezer.log).toContain("GET /track/isrc:GBBKS0500123");
  });

  it("keeps the look-up's answer: another song of the same ISRC asks nothing more, and an upload claiming it is still judged by its metadata", async () => {
    const before = lookups();
    expect(await matchesOf("Sc4m02")).toEqual([]);
    expect(lookups() - before).toBe(0);
  });

  it("finds the copy by its ISRC even when the source's search fails, naming the source in failed", async () => {
    t.sims.deezer.fault({ kind: "status", status: 500 }, "GET /search");
    try {
      const r = await t.json(v1("match", { source: "source_b", id: "Fan002" }));
      expect(r.body.data.failed).toEqual(["source_a"]);
      expect(r.body.data.matches).toEqual([{ song: expect.objectContaining({ source: "source_a", id: String(SUNSHOWERS) }), reason: "isrc", confidence: ISRC_HINT_CONFIDENCE }]);
    } finally {
      t.sims.deezer.fault(undefined);
    }
  });

  it("a song without an ISRC asks no look-up: metadata alone", async () => {
    const before = lookups();
    expect(await matchesOf("Fan003")).toEqual([{ song: expect.objectContaining({ source: "source_a", id: String(GALANG) }), reason: "metadata", confidence: 0.95 }]);
    expect(lookups() - before).toBe(0);
  });
});
