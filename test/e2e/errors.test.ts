/** Each error code of docs/decisions.md (/v1) with its HTTP status in JSON mode, in the order of checks. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { defineSourcePlugin } from "../../core/plugin.ts";
import { startFakeApp, v1, type FakeApp } from "../support/fake-app.ts";

/** A source whose song method has a bug: the service must answer 5000 without the details. */
const buggy = defineSourcePlugin({
  id: "buggy",
  name: "Buggy",
  capabilities: { song: true },
  options: z.object({}),
  create: () => ({
    song: async () => {
      throw new TypeError("secret internal detail at /srv/app.ts:42");
    },
  }),
});

let t: FakeApp;
beforeAll(async () => {
  t = await startFakeApp({
    sources: { source_a: undefined, source_b: { search: true, song: true }, source_c: undefined },
    extraPlugins: [buggy],
    config: {
      disable: ["source_c"],
      sources: { source_d: { plugin: "buggy" } },
      upstream: { timeoutMs: 300, retries: 0 },
      rateLimit: { points: 100_000, duration: 60 },
    },
  });
});
afterAll(() => t.close());

/** An error answer; `upstream` says whether an upstream call was made (then `cost` is its time, else 0). */
async function expectError(path: string, code: number, status: number, init?: RequestInit, upstream = false) {
  const r = await t.json(path, init);
  expect(r.body, JSON.stringify(r.body)).toMatchObject({ code, data: null });
  if (upstream) expect(r.body.cost, "upstream time spent").toBeGreaterThan(0);
  else expect(r.body.cost, "no upstream call, no cost").toBe(0);
  expect(typeof r.body.message).toBe("string");
  expect(r.status).toBe(status);
  return r;
}

describe("error codes and HTTP statuses", () => {
  it("1001 parameter → 400", () => expectError(v1("song", { source: "source_a" }), 1001, 400));

  it("1002 for an unknown source, a disabled one, and all outside search → 400", async () => {
    const unknown = await expectError(v1("song", { source: "source_x", id: "1" }), 1002, 400);
    expect(unknown.body.source).toBeNull();
    const disabled = await expectError(v1("song", { source: "source_c", id: "1" }), 1002, 400);
    expect(disabled.body.message).toContain("disabled");
    await expectError(v1("song", { source: "all", id: "1" }), 1002, 400);
    await expectError(v1("rank", { source: "all" }), 1002, 400);
  });

  it("1003 for an operation the source does not support → 400", async () => {
    for (const path of ["album", "artist", "playlist", "lyric", "song/url"]) {
      const r = await expectError(v1(path, { source: "source_b", id: "1" }), 1003, 400);
      expect(r.body.message).toContain("source_b");
    }
    await expectError(v1("rank", { source: "source_b" }), 1003, 400);
  });

  it("1004 for any method but GET → 405 with Allow", async () => {
    for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
      const r = await expectError(v1("song", { source: "source_a", id: "1" }), 1004, 405, { method });
      expect(r.headers.get("allow")).toBe("GET, HEAD");
    }
  });

  it("HEAD is answered like GET without a body", async () => {
    const r = await t.get(v1("song", { source: "source_a", id: "1" }), { method: "HEAD" });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(await r.text()).toBe("");
  });

  it.each([
    ["2001 when the upstream does not answer in time → 504", { kind: "hang" }, v1("song", { source: "source_a", id: "2" }), 2001, 504],
    ["2002 when the upstream fails → 502", { kind: "status", status: 503 }, v1("album", { source: "source_a", id: "500" }), 2002, 502],
    ["2003 when the upstream answers something unreadable → 502", { kind: "html" }, v1("artist", { source: "source_a", id: "77" }), 2003, 502],
  ] as const)("%s", async (_name, fault, path, code, status) => {
    t.sims.source_a.fault(fault);
    const before = t.logs.length;
    try {
      const answer = await expectError(path, code, status, undefined, true);
      // one log line, with the source, the operation and the reason the client was told
      const warned = t.logs.slice(before).filter((line) => line.startsWith("warn "));
      expect(warned).toEqual([expect.stringMatching(new RegExp(`^warn \\[music\\] source_a \\w+: `))]);
      expect(warned[0]).toContain(answer.body.message);
    } finally {
      t.sims.source_a.fault(undefined);
    }
  });

  it("3001 for an unknown id → 404 (song, album, playlist, lyric); a remembered miss costs 0", async () => {
    const song = await expectError(v1("song", { source: "source_a", id: "404" }), 3001, 404, undefined, true);
    expect(song.body.source).toBe("source_a");
    await expectError(v1("song", { source: "source_a", id: "404" }), 3001, 404);
    await expectError(v1("album", { source: "source_a", id: "404" }), 3001, 404, undefined, true);
    await expectError(v1("playlist", { source: "source_a", id: "404" }), 3001, 404, undefined, true);
    await expectError(v1("lyric", { source: "source_a", id: "2" }), 3001, 404, undefined, true);
  });

  it("3002 for the address of a VIP song → 403", () => expectError(v1("song/url", { source: "source_a", id: "3" }), 3002, 403, undefined, true));

  it("4002 for a blocked user-agent → 403, before anything else", async () => {
    for (const ua of ["curl/8.5.0", "python-requests/2.31", "Go-http-client/1.1", "node", "axios/1.6.0", ""]) {
      await expectError(v1("song", { source: "nope" }), 4002, 403, { headers: { "user-agent": ua } });
    }
    const allowed = await t.json(v1("source"), { headers: { "user-agent": "nodeapp/1.0 (contact@example.org)" } });
    expect(allowed.body.code).toBe(0);
  });

  it("5000 for a bug, without leaking internals → 500", async () => {
    const r = await expectError(v1("song", { source: "source_d", id: "1" }), 5000, 500);
    expect(r.body.message).toBe("internal error");
    expect(JSON.stringify(r.body)).not.toContain("secret");
    expect(t.logs.some((line) => line.includes("secret internal detail") && line.includes("source=source_d"))).toBe(true);
  });

  it("unknown /v1 paths get the envelope with 3001 → 404", async () => {
    const r = await expectError("/v1/nothing/here?origin=x", 3001, 404);
    expect(r.headers.get("content-type")).toBe("application/json; charset=utf-8");
  });

  it("checks the method before the user-agent, and the user-agent before parameters", async () => {
    await expectError("/v1/song", 1004, 405, { method: "POST", headers: { "user-agent": "curl/8" } });
    await expectError("/v1/song", 4002, 403, { headers: { "user-agent": "curl/8" } });
  });
});

describe("rate limit", () => {
  let limited: FakeApp;
  beforeAll(async () => {
    limited = await startFakeApp({ config: { rateLimit: { points: 3, duration: 60 } } });
  });
  afterAll(() => limited.close());

  it("answers 4001 with 429 and Retry-After past the limit, with RateLimit headers", async () => {
    for (let i = 0; i < 3; i++) {
      const r = await limited.json(v1("source"));
      expect(r.status).toBe(200);
      expect(r.headers.get("ratelimit-limit")).toBe("3");
      expect(r.headers.get("ratelimit-remaining")).toBe(String(2 - i));
    }
    const over = await limited.json(v1("source"));
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: 4001, data: null });
    const retryAfter = Number(over.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const jsonp = await limited.get(v1("source", { callback: "f" }));
    expect(jsonp.status).toBe(200);
    expect(await jsonp.text()).toContain('"code":4001');
  });
});
