/**
 * Deezer's failures: error objects sent with HTTP 200 (800 → 3001, others → 2002), quota
 * answers retried a bounded number of times (counted at the simulator), unknown paths, ids
 * that cannot be Deezer's, and answers missing a field the mapping needs (2003).
 */
import { describe, expect, it } from "vitest";
import type { SourceMethods } from "@music-aggregator/core";
import deezer from "../index.ts";
import { codeOf, createDeezer, ctx, useDeezerSimulator } from "./instance.ts";
import type { DeezerSimulator } from "./simulator.ts";

const TRACK = "GET /track/:id";
const answer = (body: unknown) => ({ kind: "status" as const, status: 200, body: JSON.stringify(body) });

let sim: DeezerSimulator;
let deezerSource: SourceMethods;
useDeezerSimulator((started) => ({ sim, deezerSource } = started), { quotaBackoffMs: 5 });

describe("error objects", () => {
  it("code 800 (no data) is 3001, for every kind of id", async () => {
    expect(await codeOf(() => deezerSource.song("123", ctx()))).toBe(3001);
    expect(await codeOf(() => deezerSource.album("123", ctx()))).toBe(3001);
    expect(await codeOf(() => deezerSource.playlist("123", { page: 1, size: 5 }, ctx()))).toBe(3001);
    expect(sim.calls.get(TRACK)).toBe(1);
  });

  it("any other code is 2002 naming the code; Deezer's words for the log only", async () => {
    sim.fault(answer({ error: { type: "OAuthException", message: "An active access token must be used", code: 200 } }), TRACK);
    await expect(deezerSource.song("9100001", ctx())).rejects.toMatchObject({
      code: 2002,
      message: "Deezer answered error code 200 for /track/9100001",
      said: "OAuthException: An active access token must be used",
    });
  });

  it("an error that is not Deezer's object (a bare string) is still 2002", async () => {
    sim.fault(answer({ error: "Service unavailable" }), TRACK);
    expect(await codeOf(() => deezerSource.song("9100001", ctx()))).toBe(2002);
  });

  it("an unknown path (HTTP 404: a wrong baseURL, an API change) is 2002, not a missing song", async () => {
    const { methods } = createDeezer({ baseURL: `${sim.url}/not-the-api` });
    expect(await codeOf(() => methods.song("9100001", ctx()))).toBe(2002);
    expect(await codeOf(() => methods.url("9100001", "standard", ctx()))).toBe(2002);
  });

  it("an id that is not digits is 3001 without asking Deezer", async () => {
    for (const id of ["-1", "abc", "../user/1", "9100001?x=1", "1".repeat(21)]) {
      expect(await codeOf(() => deezerSource.song(id, ctx()))).toBe(3001);
    }
    expect(await codeOf(() => deezerSource.rank("top", ctx()))).toBe(3001);
    expect(sim.totalCalls()).toBe(0);
  });
});

describe("quota (error code 4)", () => {
  it("is retried, and answers once the quota frees up", async () => {
    sim.quota(2);
    const song = await deezerSource.song("9100001", ctx());
    expect(song.name).toBe("Paper Lanterns");
    expect(sim.calls.get(TRACK)).toBe(3);
  });

  it("is 2002 after 1 + quotaRetries attempts (default 2)", async () => {
    sim.quota(100);
    await expect(deezerSource.song("9100001", ctx())).rejects.toMatchObject({ code: 2002, message: "Deezer's quota is exceeded (error code 4) for /track/9100001" });
    expect(sim.calls.get(TRACK)).toBe(3);
  });

  it("follows the quotaRetries option", async () => {
    const { methods, logs } = createDeezer({ baseURL: sim.url, quotaRetries: 4, quotaBackoffMs: 1 });
    sim.quota(100);
    expect(await codeOf(() => methods.song("9100001", ctx()))).toBe(2002);
    expect(sim.calls.get(TRACK)).toBe(5);
    expect(logs.filter((l) => l.includes("quota answer"))).toHaveLength(4);
    sim.reset();
    sim.quota(100);
    const once = createDeezer({ baseURL: sim.url, quotaRetries: 0 }).methods;
    expect(await codeOf(() => once.song("9100001", ctx()))).toBe(2002);
    expect(sim.calls.get(TRACK)).toBe(1);
  });

  it("waits no longer than the caller's deadline: an abort during the backoff is 2001", async () => {
    const { methods } = createDeezer({ baseURL: sim.url, quotaBackoffMs: 5000 });
    sim.quota(100);
    const started = Date.now();
    expect(await codeOf(() => methods.song("9100001", { signal: AbortSignal.timeout(150) }))).toBe(2001);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(sim.calls.get(TRACK)).toBe(1);
  });
});

describe("answers the mapping cannot use are 2003", () => {
  it("a track without a title", async () => {
    sim.fault(answer({ id: 9100001, duration: 241, readable: true, preview: "", artist: { id: 4001, name: "Marlow Vane" } }), TRACK);
    await expect(deezerSource.song("9100001", ctx())).rejects.toMatchObject({ code: 2003, message: "Deezer answer for /track/9100001 is not understood", said: expect.stringContaining("title") });
  });

  it("a duration that is not a number of seconds", async () => {
    sim.fault(answer({ id: 1, title: "x", duration: "long", artist: { id: 1, name: "y" } }), TRACK);
    expect(await codeOf(() => deezerSource.song("1", ctx()))).toBe(2003);
  });

  it("a search answer without its total", async () => {
    sim.fault(answer({ data: [] }), "GET /search");
    expect(await codeOf(() => deezerSource.search({ q: "harbour", page: 1, size: 5 }, ctx()))).toBe(2003);
  });

  it("a playlist page whose `data` is not a list", async () => {
    sim.fault(answer({ data: null, total: 7 }), "GET /playlist/:id/tracks");
    expect(await codeOf(() => deezerSource.playlist("5550001", { page: 1, size: 5 }, ctx()))).toBe(2003);
  });
});

describe("options", () => {
  it("default to the public API and refuse unknown keys", () => {
    expect(deezer.options.parse({})).toEqual({ baseURL: "https://api.deezer.com", quotaRetries: 2, quotaBackoffMs: 300 });
    expect(deezer.options.safeParse({ baseUrl: "http://x" }).success).toBe(false);
    expect(deezer.options.safeParse({ baseURL: "not a url" }).success).toBe(false);
  });

  it("send the configured User-Agent, else the service's", async () => {
    const { methods } = createDeezer({ baseURL: sim.url, userAgent: "my-site-music/2.0 (+https://example.org)" });
    await methods.song("9100001", ctx());
    await deezerSource.song("9100001", ctx());
    expect(sim.userAgents).toEqual(["my-site-music/2.0 (+https://example.org)", "deezer-plugin-tests/1.0"]);
  });
});
