/**
 * HTTP caching headers of `/v1` (docs/decisions.md (HTTP caching)), for every operation, JSON
 * and JSONP: a miss and its hits say the same entity tag and the seconds left of the cache
 * entry; a stale stand-in says what is left of its window; errors are `no-store` except a
 * cached not-found; `If-None-Match` gets 304 without a body; the answers before h3 (the fast
 * path) and h3's agree header for header; the rate limit counts a 304, the statistics count it
 * as a hit.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATIONS } from "../../server/engine/operations.ts";
import type { ResponseCache } from "../../core/services.ts";
import { Tokens } from "../../core/tokens.ts";
import { COMPRESS_FROM_BYTES } from "../../server/request/compression.ts";
import { cacheControl, entityTag, notModified, sharedCacheable } from "../../server/request/http-caching.ts";
import { startFakeApp, v1, type FakeApp } from "../support/fake-app.ts";

const STALE = 86_400;
/**
 * One request per operation (and the two forms of search, playlist and rank), with the lifetime
 * its answer is cached for, and its stale window (a search page is its own entry, never kept stale).
 */
const CASES: { name: string; path: string; params: Record<string, string>; ttl: number; stale?: number }[] = [
  { name: "search", path: "search", params: { source: "source_a", q: "one" }, ttl: 600, stale: 0 },
  { name: "search all", path: "search", params: { source: "all", q: "one" }, ttl: 600, stale: 0 },
  { name: "song", path: "song", params: { source: "source_a", id: "1" }, ttl: 21_600 },
  { name: "song/url", path: "song/url", params: { source: "source_a", id: "2", quality: "high" }, ttl: 1200 },
  { name: "lyric", path: "lyric", params: { source: "source_a", id: "1" }, ttl: 86_400 },
  { name: "album", path: "album", params: { source: "source_a", id: "500" }, ttl: 21_600 },
  { name: "artist", path: "artist", params: { source: "source_a", id: "77" }, ttl: 21_600 },
  { name: "playlist", path: "playlist", params: { source: "source_a", id: "900" }, ttl: 1800 },
  // with addresses: no longer than an address is kept
  { name: "playlist with_url", path: "playlist", params: { source: "source_a", id: "900", with_url: "1" }, ttl: 1200 },
  { name: "rank list", path: "rank", params: { source: "source_a" }, ttl: 3600 },
  { name: "rank", path: "rank", params: { source: "source_a", id: "0" }, ttl: 3600 },
];

/** Headers two ways of sending one answer must agree on (the per-request ones left out). */
function comparable(response: Response): Record<string, string> {
  const perRequest = new Set(["date", "connection", "keep-alive", "ratelimit-remaining", "ratelimit-reset", "x-request-id"]);
  return Object.fromEntries([...response.headers].filter(([name]) => !perRequest.has(name)));
}

/** `public, max-age=<ttl, or a second or two less as the clock turns>` with the stale window. */
const freshFor = (ttl: number, stale = STALE) => new RegExp(`^public, max-age=(${ttl}|${ttl - 1}|${ttl - 2})${stale ? `, stale-if-error=${stale}` : ""}$`);

describe("the rules", () => {
  it("Cache-Control from an entry's life: seconds left rounded up, the stale window, what is left of it once expired", () => {
    const now = 1_000_000;
    expect(cacheControl({ kind: "entry", expiresAt: now + 599_001, staleSeconds: STALE }, now)).toBe(`public, max-age=600, stale-if-error=${STALE}`);
    expect(cacheControl({ kind: "entry", expiresAt: now + 300_000, staleSeconds: 0 }, now)).toBe("public, max-age=300");
    expect(cacheControl({ kind: "entry", expiresAt: now - 10_000, staleSeconds: 100 }, now)).toBe("public, max-age=0, stale-if-error=90");
    expect(cacheControl({ kind: "entry", expiresAt: now - 10_000, staleSeconds: 0 }, now)).toBe("no-store");
    expect([cacheControl({ kind: "never" }, now), cacheControl({ kind: "revalidate" }, now)]).toEqual(["no-store", "no-cache"]);
  });

  it("entity tags: weak, one per answer and callback; If-None-Match compared weakly, lists and * understood", () => {
    const tag = entityTag('{"a":1}', "source_a", undefined);
    expect(tag).toMatch(/^W\/"[A-Za-z0-9_-]{22}"$/);
    expect(entityTag('{"a":1}', "source_a", undefined)).toBe(tag);
    expect(new Set([tag, entityTag('{"a":2}', "source_a", undefined), entityTag('{"a":1}', "source_b", undefined), entityTag('{"a":1}', "source_a", "cb")]).size).toBe(4);
    const opaque = tag.slice(2);
    expect([notModified(tag, tag), notModified(opaque, tag), notModified(`W/"x", ${tag}`, tag), notModified("*", tag)]).toEqual([true, true, true, true]);
    expect([notModified('W/"other"', tag), notModified("", tag), notModified(null, tag), notModified(opaque.slice(0, -2) + '"', tag)]).toEqual([false, false, false, false]);
  });

  it("every operation of a source's is shared-cacheable; the service's own compositions (by: service, /v1/match) never", () => {
    for (const op of Object.values(OPERATIONS)) expect(sharedCacheable(op)).toBe(!("by" in op));
    expect(sharedCacheable(OPERATIONS.match)).toBe(false);
    expect(sharedCacheable(OPERATIONS.song)).toBe(true);
  });
});

describe("every /v1 operation, JSON and JSONP", () => {
  let t: FakeApp;
  beforeAll(async () => {
    t = await startFakeApp({ sources: { source_a: undefined, source_b: undefined }, config: { rateLimit: { points: 10_000, duration: 60 } } });
  });
  afterAll(() => t.close());

  for (const { name, path, params, ttl, stale } of CASES) {
    for (const callback of [undefined, "player.show"]) {
      // JSON first: the JSONP form of an answer is its JSON form's hit (the callback is not in the cache key).
      it(`${name}, ${callback ? "JSONP" : "JSON"}: ${callback ? "a hit" : "a miss"}, hits through h3 and before it, 304 from both`, async () => {
        const target = v1(path, callback ? { ...params, callback } : params);
        const other = `${target}&unknown=1`; // the same answer, another request target (rendered apart)
        const miss = await t.get(target);
        const missBody = await miss.text();
        expect([miss.status, miss.headers.get("x-cache")]).toEqual([200, callback ? "HIT" : "MISS"]);
        expect(miss.headers.get("cache-control")).toMatch(freshFor(ttl, stale));
        const etag = miss.headers.get("etag")!;
        expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{22}"$/);
        // Vary only where the answer may be sent compressed (1 KB or more): the 304s say the same.
        const vary = Buffer.byteLength(missBody) >= COMPRESS_FROM_BYTES ? "accept-encoding" : null;
        expect(miss.headers.get("vary")).toBe(vary);
        expect(missBody.startsWith(callback ? `/**/ typeof ${callback} ===` : '{"code":0,')).toBe(true);

        // A hit through h3 (and kept as bytes), then the same answered before h3: one answer, one tag.
        const hit = await t.get(other);
        const hitBody = await hit.text();
        expect(t.service.front.kept!.has(other)).toBe(true);
        const fast = await t.get(other);
        expect([hit.headers.get("x-cache"), hit.headers.get("etag")]).toEqual(["HIT", etag]);
        expect(await fast.text()).toBe(hitBody);
        expect(comparable(fast)).toEqual(comparable(hit));
        expect(hit.headers.get("cache-control")).toMatch(freshFor(ttl, stale));
        // The cost differs between a miss and its hits, nothing else.
        expect(hitBody.replace(/"cost":\d+/, "")).toBe(missBody.replace(/"cost":\d+/, ""));

        // Revalidation: 304 without a body from h3 (a target not asked before), then before h3.
        const third = `${target}&unknown=2`;
        expect(t.service.front.kept!.has(third)).toBe(false);
        const revalidated = await t.get(third, { headers: { "if-none-match": etag } });
        expect(t.service.front.kept!.has(third)).toBe(true);
        const fastRevalidated = await t.get(third, { headers: { "if-none-match": `W/"stale", ${etag}` } });
        for (const answer of [revalidated, fastRevalidated]) {
          expect([answer.status, await answer.text(), answer.headers.get("etag"), answer.headers.get("content-type"), answer.headers.get("vary")]).toEqual([304, "", etag, null, vary]);
          expect(answer.headers.get("cache-control")).toMatch(freshFor(ttl, stale));
          expect(answer.headers.get("ratelimit-limit")).toBe("10000");
        }
        expect(comparable(fastRevalidated)).toEqual(comparable(revalidated));
        // A tag of another answer gets the answer.
        expect((await t.get(third, { headers: { "if-none-match": 'W/"another"' } })).status).toBe(200);
      });
    }
  }

  it("JSON and JSONP of one answer, and two callbacks, have tags of their own", async () => {
    const tags = await Promise.all(
      ([{}, { callback: "a" }, { callback: "b" }, { cb: "a" }] as Record<string, string>[]).map(async (extra) => (await t.get(v1("song", { source: "source_a", id: "4", ...extra }))).headers.get("etag")),
    );
    expect(new Set(tags.slice(0, 3)).size).toBe(3);
    expect(tags[3]).toBe(tags[1]); // cb is callback's alias: the same answer
  });

  it("a cached not-found is kept as long as the service keeps it (no stale window); other errors, not at all", async () => {
    for (const callback of [undefined, "cb"]) {
      const extra: Record<string, string> = callback ? { callback } : {};
      // an unknown song; a song with no public address (its url look-up's not-found, cached too)
      for (const missing of [v1("song", { source: "source_a", id: "999", ...extra }), v1("song/url", { source: "source_a", id: "7", ...extra })]) {
        for (const attempt of [await t.get(missing), await t.get(missing)]) {
          expect([attempt.status, attempt.headers.get("cache-control"), attempt.headers.get("etag")]).toEqual([callback ? 200 : 404, expect.stringMatching(/^public, max-age=(300|299)$/), null]);
          expect(await attempt.text()).toContain('"code":3001');
        }
      }
      const refusals = [
        v1("song", { source: "source_a", ...extra }), // 1001
        v1("song", { source: "source_x", id: "1", ...extra }), // 1002
        v1("song/url", { source: "source_a", id: "3", ...extra }), // 3002
        `/v1/nothing?origin=t${callback ? "&callback=cb" : ""}`, // 3001, no such endpoint
      ];
      for (const path of refusals) {
        const answer = await t.get(path);
        expect([path, answer.headers.get("cache-control"), answer.headers.get("etag")]).toEqual([path, "no-store", null]);
      }
      expect((await t.get(v1("song", { source: "source_a", id: "1", ...extra }), { method: "DELETE" })).headers.get("cache-control")).toBe("no-store"); // 1004
      expect((await t.get(v1("song", { source: "source_a", id: "1", ...extra }), { headers: { "user-agent": "curl/8" } })).headers.get("cache-control")).toBe("no-store"); // 4002
    }
    t.sims.source_a.fault({ kind: "status", status: 500 });
    try {
      const failed = await t.get(v1("song", { source: "source_a", id: "5" }));
      expect([failed.status, failed.headers.get("cache-control")]).toEqual([502, "no-store"]);
    } finally {
      t.sims.source_a.fault(undefined);
    }
  });

  it("/v1/status is never kept; /v1/source may be, revalidated every time (304 when unchanged)", async () => {
    const status = await t.get(v1("status"));
    expect([status.headers.get("cache-control"), status.headers.get("etag")]).toEqual(["no-store", null]);
    const source = await t.get(v1("source"));
    const etag = source.headers.get("etag")!;
    expect([source.headers.get("cache-control"), etag]).toEqual(["no-cache", expect.stringMatching(/^W\//)]);
    const again = await t.get(v1("source"), { headers: { "if-none-match": etag } });
    expect([again.status, again.headers.get("cache-control")]).toEqual([304, "no-cache"]);
  });
});

describe("stale stand-ins", () => {
  let s: FakeApp;
  beforeAll(async () => {
    s = await startFakeApp({ config: { cache: { ttl: { song: 1, stale: 100 } }, upstream: { retries: 0, timeoutMs: 500 } } });
  });
  afterAll(() => s.close());

  it("say max-age=0 and what is left of the stale window, JSON and JSONP, with the answer's tag", async () => {
    for (const extra of [{}, { callback: "cb" }] as Record<string, string>[]) {
      const path = v1("song", { source: "source_a", id: "5", ...extra });
      const fresh = await s.get(path);
      expect(fresh.headers.get("cache-control")).toBe("public, max-age=1, stale-if-error=100");
      await new Promise((r) => setTimeout(r, 1100));
      s.sims.source_a.fault({ kind: "status", status: 502 });
      try {
        const stale = await s.get(path);
        expect([stale.status, stale.headers.get("x-cache"), stale.headers.get("etag")]).toEqual([200, "STALE", fresh.headers.get("etag")]);
        expect(stale.headers.get("cache-control")).toMatch(/^public, max-age=0, stale-if-error=(98|99)$/);
      } finally {
        s.sims.source_a.fault(undefined);
      }
    }
  });
});

describe("304s and the counts", () => {
  let t: FakeApp;
  beforeAll(async () => {
    t = await startFakeApp({ config: { rateLimit: { points: 8, duration: 60 } } });
  });
  afterAll(() => t.close());

  it("the rate limit counts a 304 like any answer; the statistics count it as a hit", async () => {
    const path = v1("song", { source: "source_a", id: "2" });
    const etag = (await t.get(path)).headers.get("etag")!; // 1: a miss
    const before = (await t.json(v1("status"))).body.data.cache; // 2
    const statuses: (string | number | null)[][] = [];
    for (let i = 0; i < 7; i++) {
      const answer = await t.get(path, { headers: { "if-none-match": etag } });
      statuses.push([answer.status, answer.headers.get("ratelimit-remaining"), answer.headers.get("cache-control") === "no-store" ? "no-store" : "kept"]);
    }
    expect(statuses).toEqual([
      [304, "5", "kept"], // 3: through h3
      [304, "4", "kept"], // 4..8: before h3
      [304, "3", "kept"],
      [304, "2", "kept"],
      [304, "1", "kept"],
      [304, "0", "kept"],
      [429, "0", "no-store"], // 9: over the limit, a 304 or not
    ]);
    // The rate limit refuses /v1/status now: the figures are read from the cache itself.
    const after = await t.service.front.cache.stats();
    expect(after.hits - before.hits).toBe(6);
  });
});
