/**
 * The provider built with the kit's harness (its upstream client fails as the service's does),
 * against the LRCLIB simulator: options, and the wire-level cases the endpoint tests do not reach.
 */
import { buildPlugin } from "@music-aggregator/core/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { NotFoundError, ServiceError, type LyricsLookup, type LyricsProvider } from "@music-aggregator/core";
import lrclib, { LrclibOptions } from "../index.ts";
import { lrclibTrack, startLrclibSimulator, type LrclibSimulator } from "./lrclib-upstream.ts";

const ghostSignal: LyricsLookup = { name: "Ghost Signal", artist: ["Mara Quill"], album: "Low Tide", duration: 200 };

let sim: LrclibSimulator;
let provider: LyricsProvider;

beforeAll(async () => {
  sim = await startLrclibSimulator();
  provider = buildPlugin(lrclib, { options: { baseURL: sim.url }, upstream: { timeoutMs: 1000, maxBodyBytes: 1_000_000, userAgent: "provider-tests/1.0" } }).instance;
});
afterAll(() => sim.close());
beforeEach(() => sim.reset());

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

describe("lrclib options", () => {
  it("defaults to lrclib.net, a 2 s tolerance and the service's User-Agent", () => {
    expect(LrclibOptions.parse({})).toEqual({ baseURL: "https://lrclib.net", durationToleranceSeconds: 2 });
  });

  it("refuses a baseURL that is not a URL and a negative tolerance", () => {
    expect(LrclibOptions.safeParse({ baseURL: "lrclib.net" }).success).toBe(false);
    expect(LrclibOptions.safeParse({ durationToleranceSeconds: -1 }).success).toBe(false);
    expect(LrclibOptions.safeParse({ userAgent: "" }).success).toBe(false);
  });

  it("is a lyrics plugin named lrclib that asks the core for its HTTP client", () => {
    expect(lrclib.kind).toBe("lyrics");
    expect(lrclib.id).toBe("lrclib");
    expect(Object.keys(lrclib.deps)).toEqual(["http"]);
  });
});

describe("lrclib provider", () => {
  it("answers 3001 without asking LRCLIB when the song has no artist or no title", async () => {
    const noArtist = await failure(provider.find({ ...ghostSignal, artist: [" "] }, {}));
    const noTitle = await failure(provider.find({ ...ghostSignal, name: "" }, {}));
    expect([noArtist, noTitle].map((e) => e.code)).toEqual([3001, 3001]);
    expect(noArtist).toBeInstanceOf(NotFoundError);
    expect(sim.log).toEqual([]);
  });

  it("skips malformed search items and still takes a good one", async () => {
    const good = lrclibTrack(350, "Ghost Signal", "Mara Quill", "Low Tide", 200.5, { synced: "[00:02.00] Static on the line" });
    sim.fault({ kind: "status", status: 200, body: JSON.stringify([{ id: "not-a-number" }, null, good]) }, "GET /api/search");
    await expect(provider.find(ghostSignal, {})).resolves.toEqual({ lyric: "[00:02.00] Static on the line", translation: null });
  });

  it("answers 2003 when /api/get answers JSON that is not a track", async () => {
    sim.fault({ kind: "status", status: 200, body: JSON.stringify({ hello: "world" }) }, "GET /api/get");
    expect((await failure(provider.find(ghostSignal, {}))).code).toBe(2003);
  });

  it("answers 2003 when /api/search answers something that is not a list", async () => {
    sim.fault({ kind: "status", status: 200, body: JSON.stringify({ results: [] }) }, "GET /api/search");
    const error = await failure(provider.find(ghostSignal, {}));
    expect(error.code).toBe(2003);
    expect(error.message).toBe("LRCLIB /api/search answered something that is not a list of tracks");
  });

  it("takes any 4xx of /api/get as a miss and searches; a 4xx of /api/search is 2002", async () => {
    sim.fault({ kind: "status", status: 400, body: JSON.stringify({ code: 400, name: "ValidationError", message: "bad" }) }, "GET /api/get");
    expect((await failure(provider.find(ghostSignal, {}))).code).toBe(3001);
    expect(sim.log.map((line) => line.split("?")[0])).toEqual(["GET /api/get", "GET /api/search"]);
    sim.fault({ kind: "status", status: 403, body: "{}" }, "GET /api/search");
    const error = await failure(provider.find(ghostSignal, {}));
    expect([error.code, error.message]).toEqual([2002, "LRCLIB answered HTTP 403 to /api/search"]);
  });

  it("never sends a duration LRCLIB refuses (over 3600 s), nor an unknown one", async () => {
    await failure(provider.find({ ...ghostSignal, duration: 3601 }, {}));
    await failure(provider.find({ ...ghostSignal, duration: 3600 }, {}));
    expect(sim.requests.filter((r) => r.path === "/api/get").map((r) => r.query.duration)).toEqual([undefined, "3600"]);
  });

  it("takes LRCLIB's older 404 shape (statusCode instead of code) as a miss too", async () => {
    const older = { message: "Failed to find specified track", name: "TrackNotFound", statusCode: 404 };
    sim.fault({ kind: "status", status: 404, body: JSON.stringify(older) }, "GET /api/get");
    const error = await failure(provider.find(ghostSignal, {}));
    expect(error.code).toBe(3001);
    // (a faulted route answers before the handler that fills `requests`, so read the raw log)
    expect(sim.log.map((line) => line.split("?")[0])).toEqual(["GET /api/get", "GET /api/search"]);
  });

  it("passes the caller's signal on: an aborted call asks nobody and is 2001", async () => {
    const error = await failure(provider.find(ghostSignal, { signal: AbortSignal.abort() }));
    expect(error.code).toBe(2001);
    expect(sim.log).toEqual([]);
  });
});
