/**
 * `/v1/resolve` (issue 41): every link form of the bundled sources, read against each plugin's
 * simulator; a song's copies as `/v1/match` finds them, at its cost and no more; an album's by
 * barcode; asking again costs nothing upstream; and the faults of a link, each its code.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { v1 } from "../support/fake-app.ts";
import { startBundledApp, type BundledApp } from "../support/bundled-app.ts";

let t: BundledApp;
beforeAll(async () => {
  t = await startBundledApp({ rateLimit: { points: 1_000_000, duration: 60 }, upstream: { clientShare: 1 } });
});
afterAll(() => t?.close());

const calls = (app: BundledApp) => Object.fromEntries(Object.entries(app.sims).map(([name, sim]) => [name, sim.log.length]));
const total = (app: BundledApp) => Object.values(app.sims).reduce((sum, sim) => sum + sim.log.length, 0);
const resolve = (url: string, extra: Record<string, string> = {}) => t.json(v1("resolve", { url, ...extra }));

const RECORD = "78_paper-moon-waltz_ada-korrigan-orchestra-pell-orrin_gbia0099917";

describe("every link form of the bundled sources resolves to its item", () => {
  it.each([
    // Deezer: with and without locale, tracking parameters, the bare host
    ["https://www.deezer.com/track/9100002", "song", "source_a", "9100002"],
    ["https://www.deezer.com/en/track/9100003?utm_source=deezer&utm_content=track-9100003", "song", "source_a", "9100003"],
    ["https://www.deezer.com/fr/album/7001", "album", "source_a", "7001"],
    // a query's values may encode anything: only the path is read
    ["https://www.deezer.com/track/9100002?utm_source=https%3A%2F%2Fexample.com%2F&utm_content=%00", "song", "source_a", "9100002"],
    ["https://deezer.com/artist/4001", "artist", "source_a", "4001"],
    ["http://www.deezer.com/playlist/5550001/", "playlist", "source_a", "5550001"],
    // Apple: music.apple.com and itunes.apple.com, storefront or not, ?i= on an album page, id-prefixed ids, no slug
    ["https://music.apple.com/us/album/glasshouse-weather/1600000010", "album", "source_b", "1600000010"],
    ["https://music.apple.com/us/album/glasshouse-weather/1600000010?i=1600000012", "song", "source_b", "1600000012"],
    ["https://itunes.apple.com/us/album/glasshouse-weather/id1600000010?uo=4", "album", "source_b", "1600000010"],
    ["https://music.apple.com/gb/song/morning-static/1600000011", "song", "source_b", "1600000011"],
    ["https://music.apple.com/album/1600000010", "album", "source_b", "1600000010"],
    ["https://music.apple.com/us/artist/juniper-lane/1500000101", "artist", "source_b", "1500000101"],
    ["https://itunes.apple.com/us/artist/juniper-lane/id1500000101", "artist", "source_b", "1500000101"],
    // Audius: every form through Audius' own resolve API
    ["https://audius.co/harborstatic/neon-tidepool", "song", "source_c", "aZ4kP"],
    ["https://audius.co/harborstatic/album/low-tide-signals", "album", "source_c", "pL7Qa"],
    ["https://audius.co/lumenvale/playlist/night-drive-sessions", "playlist", "source_c", "mN3bV"],
    ["https://audius.co/harborstatic", "artist", "source_c", "Wq3nE"],
    // The Internet Archive: an item, one file of it (spaces encoded as the archive does)
    [`https://archive.org/details/${RECORD}`, "album", "source_d", RECORD],
    [`https://archive.org/details/${RECORD}/01%20-%20Paper%20Moon%20Waltz%20-%20Ada%20Korrigan%20Orchestra.flac`, "song", "source_d", `${RECORD}/01 - Paper Moon Waltz - Ada Korrigan Orchestra.flac`],
    // Jamendo: pages with and without slug and locale, the API's share links
    ["https://www.jamendo.com/track/1630001/frost-on-the-wire", "song", "source_e", "1630001"],
    ["https://www.jamendo.com/en/album/201455/northern-glass", "album", "source_e", "201455"],
    ["https://www.jamendo.com/list/a201455", "album", "source_e", "201455"],
    ["https://www.jamendo.com/artist/480211/lumen-drift", "artist", "source_e", "480211"],
  ])("%s", async (url, kind, source, id) => {
    const r = await resolve(url);
    expect(r.body.message).toBe("ok");
    expect(r.body.source).toBeNull();
    expect([r.body.data.kind, r.body.data.item.source, r.body.data.item.id]).toEqual([kind, source, id]);
    if (kind === "artist" || kind === "playlist") expect(r.body.data.copies).toEqual([]);
  });
});

describe("a song link", () => {
  it("answers the song and its copies as /v1/match finds them, each with its page, at /v1/match's cost; asked again, nothing upstream", async () => {
    const link = "https://www.deezer.com/track/9100001";
    const r = await resolve(link);
    const match = (await t.json(v1("match", { source: "source_a", id: "9100001" }))).body.data;
    expect(r.body.data.item).toEqual(match.song);
    // Each copy's page where its plugin can make one from the id (an Audius page needs the uploader's handle: none).
    const page = (source: string) => (source === "source_c" ? null : expect.stringMatching(/^https:\/\//));
    expect(r.body.data.copies).toEqual(match.matches.map((m: any) => ({ source: m.song.source, id: m.song.id, link: page(m.song.source), confidence: m.confidence, reason: m.reason })));
    expect(r.body.data.copies.length).toBeGreaterThan(0);
    expect(r.body.data.copies.find((c: any) => c.source === "source_b")?.link).toMatch(/^https:\/\/music\.apple\.com\/us\/song\/\d+$/);
    expect(r.body.data.failed).toEqual([]);
    const counted = calls(t);
    const again = await resolve(link);
    expect([again.body.cost, again.headers.get("x-cache")]).toEqual([0, "HIT"]);
    expect(again.body.data).toEqual(r.body.data);
    expect(calls(t)).toEqual(counted);
  });

  it("costs, on services that have seen nothing, exactly what /v1/match of the song costs, source by source", async () => {
    const [resolving, matching] = await Promise.all([startBundledApp({ upstream: { clientShare: 1 } }), startBundledApp({ upstream: { clientShare: 1 } })]);
    try {
      expect((await resolving.json(v1("resolve", { url: "https://www.deezer.com/en/track/9100001" }))).body.code).toBe(0);
      expect((await matching.json(v1("match", { source: "source_a", id: "9100001" }))).body.code).toBe(0);
      expect(calls(resolving)).toEqual(calls(matching));
      expect(resolving.sims.deezer.log).toEqual(["GET /track/9100001"]);
    } finally {
      await Promise.all([resolving.close(), matching.close()]);
    }
  });

  it("an Audius link costs one resolve call on Audius (its redirect followed) beyond /v1/match's; asked again, nothing", async () => {
    const [resolving, matching] = await Promise.all([startBundledApp({ upstream: { clientShare: 1 } }), startBundledApp({ upstream: { clientShare: 1 } })]);
    try {
      const link = "https://audius.co/harborstatic/salt-circuit";
      const r = await resolving.json(v1("resolve", { url: link }));
      expect([r.body.data.kind, r.body.data.item.id]).toEqual(["song", "fT6hJ"]);
      await matching.json(v1("match", { source: "source_c", id: "fT6hJ" }));
      expect({ ...calls(resolving), audius: calls(resolving).audius - 2 }).toEqual(calls(matching));
      // The resolve request, and the item's own answer it redirects to.
      expect(resolving.sims.audius.log.slice(0, 2)).toEqual([expect.stringMatching(/^GET \/v1\/resolve\?url=%2Fharborstatic%2Fsalt-circuit&app_name=/), "GET /v1/tracks/fT6hJ"]);
      const counted = calls(resolving);
      expect((await resolving.json(v1("resolve", { url: link }))).body.cost).toBe(0);
      expect(calls(resolving)).toEqual(counted);
    } finally {
      await Promise.all([resolving.close(), matching.close()]);
    }
  });
});

describe("an album link", () => {
  it("finds the same release on the sources that look barcodes up (confidence 1, reason upc)", async () => {
    const r = await resolve("https://www.deezer.com/album/7002");
    expect(r.body.data.item).toMatchObject({ source: "source_a", id: "7002", upc: "506000070024" });
    expect(r.body.data.copies).toEqual([{ source: "source_b", id: "1600000040", link: "https://music.apple.com/us/album/long-way-round/1600000040?uo=4", confidence: 1, reason: "upc" }]);
    expect(t.sims.itunes.log).toContain("GET /lookup?upc=506000070024&entity=song&limit=200&country=us");
  });
});

describe("faults", () => {
  it.each([
    ["https://www.deezer.com/track/9999999", 3001],
    ["https://audius.co/harborstatic/no-such-song", 3001],
    ["https://music.apple.com/us/album/nothing/1600000098", 3001],
    // Apple Music playlists are not in the iTunes API.
    ["https://music.apple.com/us/playlist/todays-hits/pl.f4d106fed2bd41149aaacabb233eb5eb", 1003],
    // Known hosts, no item page.
    ["https://www.deezer.com/", 1001],
    ["https://www.deezer.com/en/track/abc", 1001],
    ["https://audius.co/trending", 1001],
    ["https://music.apple.com/us/browse", 1001],
  ])("%s is %i", async (url, code) => {
    const r = await resolve(url);
    expect(r.body.code).toBe(code);
  });

  it("an Audius link to nothing is 3001 naming the link's page, not Audius' resolve endpoint", async () => {
    const r = await resolve("https://audius.co/harborstatic/no-such-song");
    expect([r.body.code, r.body.message]).toEqual([3001, "Audius has no song at /harborstatic/no-such-song"]);
  });

  it("without url, 1001 naming it", async () => {
    const r = await t.json(v1("resolve"));
    expect([r.body.code, r.body.message]).toEqual([1001, "parameter url is required"]);
  });

  it("a link no source understands is 1001 naming the hosts that are", async () => {
    const r = await resolve("https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC");
    expect(r.body.code).toBe(1001);
    expect(r.body.message).toBe(
      "parameter url names a host no enabled source understands; links to www.deezer.com, deezer.com, music.apple.com, itunes.apple.com, geo.music.apple.com, embed.music.apple.com, audius.co, www.audius.co, archive.org, www.archive.org, www.jamendo.com, jamendo.com are understood",
    );
  });

  it("answers JSONP with callback", async () => {
    const r = await t.get(v1("resolve", { url: "https://www.deezer.com/artist/4001", callback: "onMusic" }));
    expect(await r.text()).toMatch(/^\/\*\*\/ typeof onMusic === 'function' && onMusic\(\{"code":0,"message":"ok","data":\{"kind":"artist",/);
  });
});

describe("/v1/source", () => {
  it("shows each source's link hosts and look-ups", async () => {
    const { sources } = (await t.json(v1("source"))).body.data;
    expect(sources.source_a).toMatchObject({ links: ["www.deezer.com", "deezer.com"], lookups: ["isrc", "upc"] });
    expect(sources.source_b).toMatchObject({ links: ["music.apple.com", "itunes.apple.com", "geo.music.apple.com", "embed.music.apple.com"], lookups: ["upc"] });
    expect(sources.source_c).toMatchObject({ links: ["audius.co", "www.audius.co"], lookups: [] });
  });
});
