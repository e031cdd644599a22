/**
 * End to end: the real service (config, DI, registry, cache, h3 routes) over HTTP, with the
 * MusicBrainz plugin bound through config to `source_f` and the MusicBrainz simulator behind
 * it: what /v1 answers, what /v1/source shows, what nothing but the plugin's presence changes
 * (nothing), what a missing contact does. Then the issue's measure: two instances sharing Redis,
 * N concurrent look-ups on MusicBrainz' one request per second take at least N-1 seconds of
 * upstream calls, none refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../support/app.ts";
import { HAVE_REDIS_SERVER, startPrivateRedis, type PrivateRedis } from "../../redis/redis-server.ts";
import musicbrainz from "../../../plugins/source-musicbrainz/index.ts";
import { AERODYNAMIC, DAFT_PUNK, DEMO, DISCOVERY, HARDER_BETTER, ONE_MORE_TIME, RADIO_EDIT } from "../../../plugins/source-musicbrainz/test/fixtures/catalog.ts";
import { API_PREFIX, startMusicBrainzSimulator, type MusicBrainzSimulator } from "../../../plugins/source-musicbrainz/test/simulator.ts";

const v1 = (path: string, params: Record<string, string | number> = {}) =>
  `/v1/${path}?${new URLSearchParams({ origin: "musicbrainz-e2e", ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) })}`;
const CONTACT = "ops@radio.example.org";

let sim: MusicBrainzSimulator;
let app: TestApp;
const options = (more: Record<string, unknown> = {}) => ({ contact: CONTACT, baseURL: `${sim.url}${API_PREFIX}`, requestsPerSecond: 100, ...more });
const bind = (more: Record<string, unknown> = {}) => ({ sources: { source_f: { plugin: "musicbrainz", options: options(more) } }, lyrics: false as const });

beforeAll(async () => {
  sim = await startMusicBrainzSimulator();
  app = await startTestApp({ plugins: [musicbrainz], config: bind() });
});
afterAll(async () => {
  await app?.close();
  await sim?.close();
});

describe("/v1 through the musicbrainz plugin bound as source_f", () => {
  it("song: the recording, with its mbid and isrc, no qualities, unavailable (MusicBrainz has no audio)", async () => {
    const r = await app.json(v1("song", { source: "source_f", id: HARDER_BETTER }));
    expect([r.status, r.body.code, r.body.source]).toEqual([200, 0, "source_f"]);
    expect(r.body.data).toMatchObject({ id: HARDER_BETTER, mbid: HARDER_BETTER, isrc: "GBDUW0000059", available: false, quality: [], artist: ["Daft Punk"], link: `https://musicbrainz.org/recording/${HARDER_BETTER}` });
    expect(sim.userAgents.at(-1)).toBe(`music-aggregator/0.1.0 ( ${CONTACT} )`);
  });

  it("an id that is no MBID is 404 with 3001, and costs no call", async () => {
    const before = sim.totalCalls();
    const r = await app.json(v1("song", { source: "source_f", id: "12345" }));
    expect([r.status, r.body.code]).toEqual([404, 3001]);
    expect(r.body.message).toContain("MusicBrainz ids are UUIDs");
    expect(sim.totalCalls()).toBe(before);
  });

  it("album and artist: the release's tracks with its upc; the artist's recordings", async () => {
    const album = await app.json(v1("album", { source: "source_f", id: DISCOVERY }));
    expect(album.body.data).toMatchObject({ name: "Discovery", upc: "724384960650", mbid: DISCOVERY, cover: `https://coverartarchive.org/release/${DISCOVERY}/front-250` });
    expect(album.body.data.song.map((s: { id: string }) => s.id)).toEqual([ONE_MORE_TIME, AERODYNAMIC, HARDER_BETTER]);
    const artist = await app.json(v1("artist", { source: "source_f", id: DAFT_PUNK.id }));
    expect(artist.body.data).toMatchObject({ name: "Daft Punk", avatar: null, mbid: DAFT_PUNK.id });
    expect(artist.body.data.song).toHaveLength(5);
  });

  it("search: MusicBrainz' count as the total", async () => {
    const r = await app.json(v1("search", { source: "source_f", q: "one more time", size: 5 }));
    expect(r.body.data).toMatchObject({ total: 2, page: 1, size: 5 });
    expect(r.body.data.list.map((s: { id: string }) => s.id)).toEqual([ONE_MORE_TIME, RADIO_EDIT]);
  });

  it("no addresses, playlists nor charts: 1003", async () => {
    for (const [path, params] of [["song/url", { id: HARDER_BETTER }], ["playlist", { id: DISCOVERY }], ["rank", {}]] as const) {
      const r = await app.json(v1(path, { source: "source_f", ...params }));
      expect([path, r.status, r.body.code]).toEqual([path, 400, 1003]);
    }
  });

  it("/v1/source: its capabilities, and what it is", async () => {
    const r = await app.json(v1("source"));
    expect(r.body.data.capability.source_f).toEqual({ search: true, song: true, url: false, lyric: false, album: true, artist: true, playlist: false, rank: false, match: false, transfer: false });
    expect(r.body.data.sources.source_f).toMatchObject({ name: "MusicBrainz", plugin: "musicbrainz", homepage: "https://musicbrainz.org", attribution: "Data from MusicBrainz (CC0); covers from the Cover Art Archive" });
  });

  it("without Redis, its shared budget is this process's, which the log says once", () => {
    expect(app.logs.filter((line) => line.includes("MusicBrainz: its request budget is shared across instances only through Redis"))).toHaveLength(1);
  });
});

describe("binding", () => {
  it("is bound to no public id by default: the bundled service's sources and capabilities are as before", async () => {
    const bare = await startTestApp({ config: { lyrics: false } });
    try {
      const data = (await bare.json(v1("source"))).body.data;
      expect(Object.keys(data.capability)).toEqual(["source_a", "source_b", "source_c", "source_d"]);
      expect(Object.values(data.sources).map((s) => (s as { plugin: string }).plugin)).toEqual(["deezer", "itunes", "audius", "archive"]);
      expect(bare.logs.filter((line) => line.includes("MusicBrainz"))).toEqual([]);
    } finally {
      await bare.close();
    }
  });

  it("without a contact, the service does not start, and says which option is missing", async () => {
    await expect(startTestApp({ plugins: [musicbrainz], config: { sources: { source_f: { plugin: "musicbrainz", options: { baseURL: `${sim.url}${API_PREFIX}` } } }, lyrics: false } })).rejects.toThrow(
      /config sources\.source_f\.options\.contact: required: an email address or an http\(s\) page .* \(plugin "musicbrainz"\)/,
    );
  });
});

describe.skipIf(!HAVE_REDIS_SERVER)("one request per second across two instances sharing Redis", () => {
  const N = 5;
  let redis: PrivateRedis;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    const config = { ...bind({ requestsPerSecond: 1 }), store: { redis: redis.url, prefix: "mb-e2e" } };
    [a, b] = await Promise.all([startTestApp({ plugins: [musicbrainz], config }), startTestApp({ plugins: [musicbrainz], config })]);
    await Promise.all([a.service.redis!.settled(), b.service.redis!.settled()]);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await redis?.stop();
  });

  it(`${N} concurrent look-ups, alternating instances, reach MusicBrainz at least ~1 s apart, none refused`, async () => {
    sim.reset();
    const ids = [HARDER_BETTER, ONE_MORE_TIME, AERODYNAMIC, RADIO_EDIT, DEMO];
    const started = performance.now();
    const answers = await Promise.all(ids.map((id, i) => (i % 2 ? b : a).json(v1("song", { source: "source_f", id }))));
    const elapsed = performance.now() - started;
    expect(answers.map((r) => [r.status, r.body.code])).toEqual(Array(N).fill([200, 0]));
    expect(answers.map((r) => r.body.data.id)).toEqual(ids);
    expect(sim.arrivals).toHaveLength(N);
    const gaps = sim.arrivals.slice(1).map((t, i) => t - sim.arrivals[i]);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(900);
    expect(sim.arrivals[N - 1] - sim.arrivals[0]).toBeGreaterThanOrEqual((N - 1) * 900);
    // The slots are handed out, not fought over: no instance waits much past its turn.
    expect(elapsed).toBeLessThan((N - 1) * 1000 + 1500);
  }, 20_000);
});
