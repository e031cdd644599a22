/**
 * `fallback=1` on `/v1/song/url`, against the four bundled plugins' simulators serving the
 * cross-source catalogue: a VIP, unplayable or preview-only song is answered with the same
 * recording's address elsewhere (full length first), saying where it comes from; nothing
 * playable matched leaves the original answer; without `fallback` nothing changes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { v1 } from "../support/fake-app.ts";
import { SOURCE_OF, startCrossApp, type CrossApp } from "../support/cross-upstreams.ts";

let t: CrossApp;
beforeAll(async () => {
  t = await startCrossApp();
});
afterAll(() => t.close());

const idOf = (key: string, source: keyof typeof SOURCE_OF) => {
  const prefix = `${SOURCE_OF[source]}:`;
  return [...t.truth].find(([song, k]) => k === key && song.startsWith(prefix))![0].slice(prefix.length);
};
const url = (source: keyof typeof SOURCE_OF, key: string, extra: Record<string, string> = {}) =>
  t.json(v1("song/url", { source: SOURCE_OF[source], id: idOf(key, source), ...extra }));

describe("/v1/song/url with fallback=1", () => {
  it("a VIP song without fallback is still 3002; with it, the full-length copy plays, naming the song asked for", async () => {
    expect((await url("audius", "night-bloom")).body).toMatchObject({ code: 3002, data: null });
    const r = await url("audius", "night-bloom", { fallback: "1" });
    expect(r.body.code).toBe(0);
    // Deezer's and iTunes' previews match as well as the archive's file, and come first in source order: full length wins.
    expect(r.body.data).toMatchObject({ source: "source_d", id: idOf("night-bloom", "archive"), quality: "high", expireAt: null });
    expect(r.body.data.preview).toBe(false);
    expect(r.body.data.matchedFrom).toEqual({ source: "source_c", id: idOf("night-bloom", "audius"), confidence: 0.95 });
    expect(r.body.source).toBe("source_c");
  });

  it("a preview-only song gets the full-length copy (an upload's equal ISRC, the metadata agreeing: 0.99), at the quality the copy has", async () => {
    const r = await url("deezer", "night-ferry", { fallback: "1", quality: "lossless" });
    expect(r.body.data).toMatchObject({ source: "source_c", id: idOf("night-ferry", "audius"), quality: "high", bitrate: 320 });
    expect(r.body.data.matchedFrom).toEqual({ source: "source_a", id: idOf("night-ferry", "deezer"), confidence: 0.99 });
    expect(r.body.data.url).toMatch(/^https:\/\/node-7\.tidewater-content\.net\/tracks\/cidstream\//);
  });

  it("a song with no playable full-length copy: a preview copy for a song with no address, else the original stands", async () => {
    // VIP on Audius, not playable on the archive: Deezer's preview is better than nothing.
    const vip = await url("audius", "night-call", { fallback: "1" });
    expect(vip.body.data).toMatchObject({ source: "source_a", id: idOf("night-call", "deezer"), preview: true });
    expect(vip.body.data.matchedFrom).toMatchObject({ source: "source_c", id: idOf("night-call", "audius") });
    // The stream-only archive item: 3001 without fallback, Deezer's preview with it.
    expect((await url("archive", "night-call")).body.code).toBe(3001);
    expect((await url("archive", "night-call", { fallback: "1" })).body.data).toMatchObject({ source: "source_a", preview: true });
    // A preview whose only namesake elsewhere is another artist's song: the preview stands, as it is.
    const plain = await url("deezer", "night-swim");
    const asked = await url("deezer", "night-swim", { fallback: "1" });
    expect(asked.body.data).toEqual(plain.body.data);
    expect(asked.body.data.preview).toBe(true);
  });

  it("a full-length song is answered as it is, without matching anything", async () => {
    const searches = () => t.sims.deezer.totalCalls() + t.sims.itunes.totalCalls() + (t.sims.archive.calls.get("GET /advancedsearch.php") ?? 0);
    const before = searches();
    const r = await url("audius", "white-night", { fallback: "1" });
    expect(r.body.data).toMatchObject({ source: "source_c", id: idOf("white-night", "audius") });
    expect(r.body.data.matchedFrom).toBeUndefined();
    expect(searches()).toBe(before);
  });

  it("asking twice costs nothing: the match, the copy's address and the lookups come from the cache", async () => {
    const first = await url("itunes", "deja-night", { fallback: "1" });
    expect(first.body.data.matchedFrom).toMatchObject({ source: "source_b" });
    const calls = () => Object.values(t.sims).map((s) => s.totalCalls());
    const before = calls();
    const again = await url("itunes", "deja-night", { fallback: "1" });
    expect(again.body).toEqual({ ...first.body, cost: 0 });
    expect(calls()).toEqual(before);
  });

  it("works in JSONP, and validates the parameter", async () => {
    const r = await t.get(v1("song/url", { source: "source_c", id: idOf("night-bloom", "audius"), fallback: "1", cb: "play" }));
    expect(r.headers.get("content-type")).toBe("application/javascript; charset=utf-8");
    expect(await r.text()).toMatch(/^\/\*\*\/ typeof play === 'function' && play\(\{"code":0,.*"matchedFrom":\{"source":"source_c"/);
    expect((await url("audius", "night-bloom", { fallback: "yes" })).body).toMatchObject({ code: 1001, message: "parameter fallback must be 1 (or 0)" });
    expect((await url("audius", "night-bloom", { fallback: "0" })).body.code).toBe(3002);
  });
});
