/**
 * `/v1/match` against the four bundled plugins' simulators serving the cross-source catalogue:
 * for every song of every source, the copies it finds are exactly the same recording's other
 * appearances (no trap matched, none missed); ISRC and metadata matches; the pipeline (1002,
 * 1003, 3001, the cache, JSONP, the capability matrix).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeApp, v1 } from "../support/fake-app.ts";
import { CATALOG } from "../support/cross-catalog.ts";
import { SOURCE_OF, startCrossApp, type CrossApp } from "../support/cross-upstreams.ts";

let t: CrossApp;
beforeAll(async () => {
  t = await startCrossApp();
});
afterAll(() => t.close());

interface MatchData {
  song: { source: string; id: string; name: string };
  matches: { song: { source: string; id: string; name: string }; confidence: number; reason: string }[];
  failed: string[];
}

const match = async (source: string, id: string) => t.json(v1("match", { source, id }));
/** The id of `key`'s song on `source` (deezer, itunes, audius or archive). */
const idOf = (key: string, source: keyof typeof SOURCE_OF) => {
  const prefix = `${SOURCE_OF[source]}:`;
  return [...t.truth].find(([song, k]) => k === key && song.startsWith(prefix))![0].slice(prefix.length);
};

describe("/v1/match over the cross-source catalogue", () => {
  it("asks each other source at most once: one search window per source", async () => {
    const id = idOf("starry-night", "archive");
    const searches = () => [
      t.sims.deezer.calls.get("GET /search") ?? 0,
      t.sims.itunes.calls.get("GET /search") ?? 0,
      t.sims.audius.calls.get("GET /v1/tracks/search") ?? 0,
      t.sims.archive.calls.get("GET /advancedsearch.php") ?? 0,
    ];
    const before = searches();
    const r = await match("source_d", id);
    expect(r.body.code).toBe(0);
    expect(searches()).toEqual([before[0] + 1, before[1] + 1, before[2] + 1, before[3]]);
  });

  it("finds, for every song of every source, exactly the same recording's copies on the other sources", async () => {
    let copies = 0;
    for (const [song, key] of t.truth) {
      const [source, id] = [song.slice(0, song.indexOf(":")), song.slice(song.indexOf(":") + 1)];
      const r = await match(source, id);
      expect(r.body.code, `${song}: ${r.body.message}`).toBe(0);
      const data = r.body.data as MatchData;
      expect([data.song.source, data.song.id]).toEqual([source, id]);
      expect(data.failed).toEqual([]);
      const found = data.matches.map((m) => `${m.song.source}:${m.song.id}`).sort();
      const expected = [...t.truth].filter(([other, k]) => k === key && !other.startsWith(`${source}:`)).map(([other]) => other).sort();
      expect(found, `${song} (${key})`).toEqual(expected);
      for (const m of data.matches) expect(m.confidence, song).toBeGreaterThan(0.5);
      copies += found.length;
    }
    // The catalogue's recordings on several sources: every pair of two sources found from both sides.
    const pairs = CATALOG.reduce((sum, r) => sum + r.appearances.reduce((n, a) => n + r.appearances.filter((b) => b.on !== a.on).length, 0), 0);
    expect(copies).toBe(pairs);
  }, 60_000);

  it("an ISRC match comes first (an Audius upload's ISRC, the metadata agreeing: 0.99); metadata matches follow, best first", async () => {
    const r = await match("source_a", idOf("night-ferry", "deezer"));
    const { song, matches } = r.body.data as MatchData;
    expect(song.name).toBe("Night Ferry");
    expect(matches.map((m) => [m.song.source, m.reason, m.confidence])).toEqual([
      ["source_c", "isrc", 0.99],
      // Equal lengths (the archive's 262.40 s is 262) and the same album ("Night Ferry - Single"
      // is iTunes' name of "Night Ferry"; the archive's item is titled so): ties in source order.
      ["source_b", "metadata", 0.98],
      ["source_d", "metadata", 0.98],
    ]);
  });

  it("from an Audius upload whose ISRC Deezer has too, the ISRC decides: Deezer's copy found by /track/isrc:, reason isrc", async () => {
    for (const key of ["night-ferry", "northern-night"]) {
      const r = await match("source_c", idOf(key, "audius"));
      const deezer = (r.body.data as MatchData).matches.find((m) => m.song.source === "source_a");
      expect(deezer, key).toMatchObject({ song: { id: idOf(key, "deezer") }, reason: "isrc", confidence: 0.99 });
    }
  });

  it("never matches the traps: a live take, another concert, a cover, a remix, edits, other versions", async () => {
    const asked = await match("source_b", idOf("night-bus", "itunes"));
    const keys = (asked.body.data as MatchData).matches.map((m) => t.truth.get(`${m.song.source}:${m.song.id}`));
    expect(keys).toEqual(["night-bus", "night-bus", "night-bus"]);
    const studio = await match("source_d", idOf("night-ferry", "archive"));
    expect((studio.body.data as MatchData).matches.map((m) => t.truth.get(`${m.song.source}:${m.song.id}`))).toEqual(["night-ferry", "night-ferry", "night-ferry"]);
    const concert = await match("source_d", idOf("night-ferry-pier", "archive"));
    expect((concert.body.data as MatchData).matches).toEqual([]);
  });

  it("is cached with its own lifetime: asking again costs nothing and calls no upstream", async () => {
    const id = idOf("white-night", "audius");
    const first = await match("source_c", id);
    expect(first.headers.get("x-cache")).not.toBeNull();
    const calls = () => Object.values(t.sims).map((s) => s.totalCalls());
    const before = calls();
    const again = await match("source_c", id);
    expect(again.body).toEqual({ ...first.body, cost: 0 });
    expect(again.headers.get("x-cache")).toBe("HIT");
    expect(calls()).toEqual(before);
  });

  it("answers as /v1/song does for unknown sources and ids, and in JSONP", async () => {
    expect((await match("source_x", "1")).body.code).toBe(1002);
    expect((await t.json(v1("match", { source: "all", id: "1" }))).body.code).toBe(1002);
    const unknown = await match("source_a", "999999999");
    expect([unknown.status, unknown.body.code]).toEqual([404, 3001]);
    expect((await t.json(v1("match", { source: "source_a" }))).body).toMatchObject({ code: 1001, message: "parameter id is required" });
    const jsonp = await t.get(v1("match", { source: "source_a", id: idOf("night-call", "deezer"), callback: "show" }));
    expect(jsonp.headers.get("content-type")).toBe("application/javascript; charset=utf-8");
    const body = await jsonp.text();
    expect(body.startsWith("/**/ typeof show === 'function' && show({\"code\":0,")).toBe(true);
  });

  it("is in the capability matrix as the service's, for every source that can look songs up", async () => {
    const { capability } = (await t.json(v1("source"))).body.data;
    for (const source of Object.values(SOURCE_OF)) expect(capability[source].match, source).toBe(true);
  });
});

describe("/v1/match where the service cannot match", () => {
  it("is 1003 for a source without song lookups, or when no other source can search", async () => {
    const f = await startFakeApp({ sources: { source_a: { search: true }, source_b: { song: true } } });
    try {
      const { capability } = (await f.json(v1("source"))).body.data;
      expect([capability.source_a.match, capability.source_b.match]).toEqual([false, true]);
      expect((await f.json(v1("match", { source: "source_a", id: "1" }))).body.code).toBe(1003);
      const ok = await f.json(v1("match", { source: "source_b", id: "1" }));
      expect(ok.body.data.matches).toEqual([expect.objectContaining({ song: expect.objectContaining({ source: "source_a", id: "1" }), reason: "metadata" })]);
    } finally {
      await f.close();
    }
    const alone = await startFakeApp({ sources: { source_a: undefined } });
    try {
      expect((await alone.json(v1("source"))).body.data.capability.source_a.match).toBe(false);
      expect((await alone.json(v1("match", { source: "source_a", id: "1" }))).body.code).toBe(1003);
    } finally {
      await alone.close();
    }
  });
});
