/**
 * Fair upstream budgets (docs/decisions.md, "Fair upstream budgets"): one client's cache misses
 * spend at most a share of each upstream's request budget (a quarter by default), so a client
 * that asks for one new thing after another cannot leave the others with 2002. The attack of
 * issue 38: client A makes 25 distinct searches on iTunes (budget 20 a minute); client B is
 * served afterwards, A's misses past its share are refused with 4001 (HTTP 429, Retry-After,
 * a message naming iTunes and the share), and A's cached answers are still served. The same
 * for all-search (the spent source is listed in `failed`), `/v1/match` and a `with_url&fallback`
 * playlist page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBundledApp, type BundledApp } from "../support/bundled-app.ts";
import { v1 } from "../support/fake-app.ts";
import { SEARCH_ROUTE } from "../../plugins/source-itunes/test/simulator.ts";
import { PAPER_LANTERNS } from "../../plugins/source-deezer/test/fixtures/catalog.ts";

/** Two clients, told apart by the address a trusted (loopback) proxy forwards. */
const A = { "x-forwarded-for": "203.0.113.10" };
const B = { "x-forwarded-for": "198.51.100.20" };
/** Apple's default budget is 20 a minute: a client's share is a quarter of it. */
const ITUNES_SHARE = 5;
const CONFIG = { rateLimit: { trustProxy: true, points: 100_000, duration: 60 } };

const searches = (app: BundledApp) => app.sims.itunes.calls.get(SEARCH_ROUTE) ?? 0;

describe("one client cannot spend iTunes's budget for everyone", () => {
  let app: BundledApp;
  beforeAll(async () => {
    app = await startBundledApp(CONFIG);
  });
  afterAll(() => app?.close());

  it("A's 25 distinct searches: its share is served, the rest refused with 4001; B is still served; A's cached answers too", async () => {
    const answers = [];
    for (let i = 0; i < 25; i++) answers.push(await app.json(v1("search", { source: "source_b", q: `attack ${i}` }), { headers: A }));
    const served = answers.filter((r) => r.body.code === 0);
    const refused = answers.filter((r) => r.body.code !== 0);
    expect(served).toHaveLength(ITUNES_SHARE);
    expect(refused).toHaveLength(25 - ITUNES_SHARE);
    for (const r of refused) {
      expect([r.status, r.body.code, r.body.data]).toEqual([429, 4001, null]);
      expect(r.body.message).toMatch(/^iTunes: this client's share of the request budget is spent \(5 of 20 requests per 60 s\)/);
      const retryAfter = Number(r.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    // Only A's share reached Apple.
    expect(searches(app)).toBe(ITUNES_SHARE);

    const other = await app.json(v1("search", { source: "source_b", q: "glasshouse" }), { headers: B });
    expect([other.status, other.body.code]).toEqual([200, 0]);
    expect(other.body.data.total).toBeGreaterThan(0);

    // What A asked before is cached: served at no cost, share or not.
    const cached = await app.json(v1("search", { source: "source_b", q: "attack 0" }), { headers: A });
    expect([cached.status, cached.body.code, cached.body.cost]).toEqual([200, 0, 0]);
    // And what B loaded is served to A as well: a cached answer costs no share.
    const shared = await app.json(v1("search", { source: "source_b", q: "glasshouse", page: 2, size: 2 }), { headers: A });
    expect([shared.status, shared.body.code, shared.body.cost]).toEqual([200, 0, 0]);
    expect(searches(app)).toBe(ITUNES_SHARE + 1);
  });

  it("every operation of A on iTunes past its share is refused the same way: song, song/url, album, artist", async () => {
    const asked = [
      v1("song", { source: "source_b", id: "1600000011" }),
      v1("song/url", { source: "source_b", id: "1600000013" }),
      v1("album", { source: "source_b", id: "1600000010" }),
      v1("artist", { source: "source_b", id: "1500000101" }),
    ];
    for (const path of asked) {
      const r = await app.json(path, { headers: A });
      expect([r.status, r.body.code], path).toEqual([429, 4001]);
      expect(r.body.message).toMatch(/^iTunes: this client's share/);
    }
    // B's are made, from its own share.
    expect((await app.json(asked[1], { headers: B })).body.code).toBe(0);
  });

  it("all-search: a source whose share is spent for this client is listed in failed; the others are served, and B's list is whole", async () => {
    const partial = await app.json(v1("search", { source: "all", q: "harbour" }), { headers: A });
    expect([partial.status, partial.body.code]).toEqual([200, 0]);
    expect(partial.body.data.failed).toEqual(["source_b"]);
    expect(partial.body.data.list.length).toBeGreaterThan(0);
    // The list A could not have whole is not kept for everyone: B's is asked of iTunes on B's share.
    const whole = await app.json(v1("search", { source: "all", q: "harbour" }), { headers: B });
    expect([whole.status, whole.body.code]).toEqual([200, 0]);
    expect(whole.body.data.failed).toEqual([]);
  });

  it("/v1/match: A's search of iTunes is refused (listed in failed), B's is made", async () => {
    const mine = await app.json(v1("match", { source: "source_a", id: PAPER_LANTERNS.id }), { headers: A });
    expect([mine.status, mine.body.code]).toEqual([200, 0]);
    expect(mine.body.data.failed).toContain("source_b");
    const theirs = await app.json(v1("match", { source: "source_a", id: PAPER_LANTERNS.id }), { headers: B });
    expect([theirs.status, theirs.body.code]).toEqual([200, 0]);
    expect(theirs.body.data.failed).not.toContain("source_b");
  });

  it("a with_url&fallback page: A's matches do not search iTunes past its share, B's do", async () => {
    // Two of the playlist's tracks have no address at all: their copies are looked for on every other source.
    const playlist = (headers: Record<string, string>) => app.json(v1("playlist", { source: "source_a", id: 5550001, size: 7, with_url: 1, fallback: 1 }), { headers });
    const before = searches(app);
    const mine = await playlist(A);
    expect([mine.status, mine.body.code, mine.body.data.song.length]).toEqual([200, 0, 7]);
    expect(searches(app)).toBe(before);
    const theirs = await playlist(B);
    expect([theirs.status, theirs.body.code]).toEqual([200, 0]);
    expect(searches(app)).toBeGreaterThan(before);
  });
});

describe("a refused miss with a stale answer", () => {
  let app: BundledApp;
  beforeAll(async () => {
    // Searches expire from the cache after 1 s (and stay as stale stand-ins).
    app = await startBundledApp({ ...CONFIG, cache: { ttl: { search: 1 } } });
  });
  afterAll(() => app?.close());

  it("is answered with the stale answer (X-Cache: STALE) instead of 4001", async () => {
    const first = await app.json(v1("search", { source: "source_b", q: "glasshouse" }), { headers: A });
    expect(first.body.code).toBe(0);
    for (let i = 1; i < ITUNES_SHARE; i++) expect((await app.json(v1("search", { source: "source_b", q: `spend ${i}` }), { headers: A })).body.code).toBe(0);
    expect((await app.json(v1("search", { source: "source_b", q: "one more" }), { headers: A })).body.code).toBe(4001);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const stale = await app.json(v1("search", { source: "source_b", q: "glasshouse" }), { headers: A });
    expect([stale.status, stale.headers.get("x-cache"), stale.body.code, stale.body.cost]).toEqual([200, "STALE", 0, 0]);
    expect(stale.body.data).toEqual(first.body.data);
  });
});
