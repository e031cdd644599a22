/**
 * `/v1/song/url` (docs/decisions.md (Sources)): the playability rule costs no lookup of its
 * own. For every bundled source an uncached song/url makes one song lookup (plus the stream
 * call where the source needs one), the song read on the way is kept as `/v1/song`'s answer,
 * and the whole operation has one deadline (`upstream.timeoutMs`), not one per step.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Simulator } from "@music-aggregator/core/testing";
import { ROUTES as AUDIUS } from "../../plugins/source-audius/test/simulator.ts";
import { LOOKUP_ROUTE } from "../../plugins/source-itunes/test/simulator.ts";
import { API_PREFIX as JAMENDO_PREFIX } from "../../plugins/source-jamendo/test/simulator.ts";
import type { TestApp } from "../support/app.ts";
import { startBundledApp, type BundledApp } from "../support/bundled-app.ts";
import { startFakeApp, v1, type FakeApp } from "../support/fake-app.ts";

const NETLABEL_SONG = "qh045_harbour_static/qh045_03_salt_and_iron.mp3";

/** Per bundled source: a playable song, and the upstream calls one uncached song/url makes. */
const CASES = [
  { source: "source_a", sim: "deezer", id: "9100001", calls: { "GET /track/:id": 1 } },
  { source: "source_b", sim: "itunes", id: "1600000012", calls: { [LOOKUP_ROUTE]: 1 } },
  // Audius: the track, then its stream address.
  { source: "source_c", sim: "audius", id: "aZ4kP", calls: { [AUDIUS.track]: 1, [AUDIUS.stream]: 1 } },
  { source: "source_d", sim: "archive", id: NETLABEL_SONG, calls: { "GET /metadata/:identifier": 1 } },
  { source: "source_e", sim: "jamendo", id: "1630001", calls: { [`GET ${JAMENDO_PREFIX}/tracks/`]: 1 } },
] as const;

const callsOf = (sim: Simulator) => Object.fromEntries([...sim.calls].filter(([, n]) => n > 0));

describe("one song lookup per uncached song/url, for every bundled source", () => {
  let app: BundledApp;
  let sims: BundledApp["sims"];
  beforeAll(async () => {
    app = await startBundledApp();
    sims = app.sims;
  });
  afterAll(() => app?.close());

  it.each(CASES)("$sim: song/url, then song and song/url again from the cache", async ({ source, sim, id, calls }) => {
    const upstream = sims[sim];
    upstream.reset();
    const url = await app.json(v1("song/url", { source, id }));
    expect([url.body.code, url.headers.get("x-cache")]).toEqual([0, "MISS"]);
    expect(url.body.cost).toBeGreaterThan(0);
    expect(callsOf(upstream)).toEqual(calls);

    // The song read for the address is the song's answer, and the address is cached: no more calls.
    upstream.reset();
    const song = await app.json(v1("song", { source, id }));
    expect([song.body.code, song.body.cost, song.headers.get("x-cache"), song.body.data.id]).toEqual([0, 0, "HIT", id]);
    const again = await app.json(v1("song/url", { source, id }));
    expect([again.body.code, again.body.cost, again.body.data.url]).toEqual([0, 0, url.body.data.url]);
    expect(upstream.totalCalls()).toBe(0);
  });

  it("a song already cached: its address costs the address's own lookup only", async () => {
    sims.deezer.reset();
    expect((await app.json(v1("song", { source: "source_a", id: "9100002" }))).body.code).toBe(0);
    const url = await app.json(v1("song/url", { source: "source_a", id: "9100002" }));
    expect(url.body.code).toBe(0);
    expect(callsOf(sims.deezer)).toEqual({ "GET /track/:id": 2 });
  });

  it("a VIP song: 3002 after one lookup and no stream call, then 3002 from the cached song at no cost", async () => {
    sims.audius.reset();
    const first = await app.json(v1("song/url", { source: "source_c", id: "dW5pS" }));
    expect([first.status, first.body.code]).toEqual([403, 3002]);
    expect(first.body.cost).toBeGreaterThan(0);
    expect(callsOf(sims.audius)).toEqual({ [AUDIUS.track]: 1 });
    const second = await app.json(v1("song/url", { source: "source_c", id: "dW5pS" }));
    expect([second.body.code, second.body.cost]).toEqual([3002, 0]);
    expect(sims.audius.totalCalls()).toBe(1);
  });

  it("a song that is not available: 3001 after one lookup", async () => {
    sims.deezer.reset();
    const r = await app.json(v1("song/url", { source: "source_a", id: "9300001" }));
    expect([r.status, r.body.code]).toEqual([404, 3001]);
    expect(callsOf(sims.deezer)).toEqual({ "GET /track/:id": 1 });
  });
});

describe("song/url has one deadline for the whole operation", () => {
  let app: BundledApp;
  let fake: FakeApp;
  beforeAll(async () => {
    app = await startBundledApp({ upstream: { timeoutMs: 1000, retries: 0 } });
    fake = await startFakeApp({ config: { upstream: { timeoutMs: 1000, retries: 0 } } });
  });
  afterAll(() => Promise.all([app?.close(), fake?.close()]));

  const timed = async (target: TestApp, path: string) => {
    const started = performance.now();
    const r = await target.json(path);
    return { code: r.body.code, ms: performance.now() - started };
  };

  /** 2001 once the one deadline (1 s) has passed, well before a second one could. */
  const expectOneDeadline = async (source: string, id: string) => {
    const { code, ms } = await timed(app, v1("song/url", { source, id }));
    expect(code).toBe(2001);
    expect(ms).toBeGreaterThan(900);
    expect(ms).toBeLessThan(1400);
  };

  it("a hanging upstream: 2001 after one timeout, not two", async () => {
    app.sims.deezer.fault({ kind: "hang" });
    await expectOneDeadline("source_a", "9100001").finally(() => app.sims.deezer.reset());
  });

  it("a slow track, then a stream call that hangs: 2001 when the one deadline passes", async () => {
    app.sims.audius.fault({ kind: "latency", ms: 600 }, AUDIUS.track);
    app.sims.audius.fault({ kind: "hang" }, AUDIUS.stream);
    await expectOneDeadline("source_c", "aZ4kP").finally(() => app.sims.audius.reset());
  });

  it("a plugin that does not hand its song over: its url and its song share the one deadline", async () => {
    // FakeFM's url() reads the track itself and hands nothing over, so the song is looked up after it.
    fake.sims.source_a.fault({ kind: "latency", ms: 650 });
    try {
      const { code, ms } = await timed(fake, v1("song/url", { source: "source_a", id: "1" }));
      expect(code).toBe(2001);
      expect(ms).toBeLessThan(1500);
    } finally {
      fake.sims.source_a.fault(undefined);
    }
    fake.sims.source_a.reset();
    expect((await fake.json(v1("song/url", { source: "source_a", id: "2" }))).body.code).toBe(0);
    expect(fake.sims.source_a.calls.get("GET /tracks/:id")).toBe(2);
    // A VIP song is refused even so.
    expect((await fake.json(v1("song/url", { source: "source_a", id: "3" }))).body.code).toBe(3002);
  });
});
