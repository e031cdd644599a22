/**
 * Cache lifetimes of provider answers (docs/decisions.md (/v1)): lyrics 24 h, misses 5 min. Only `Date` is
 * faked (installed before the app is built, so the response cache reads the fake clock);
 * sockets and timeouts run on real timers.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { makeFakeSource } from "../../fixtures/source-fake/index.ts";
import { startTestApp, type TestApp } from "../../support/app.ts";
import type { Simulator } from "@music-aggregator/core/testing";
import lrclib from "../../../plugins/lyrics-lrclib/index.ts";
import { HARBOUR_SYNCED, startLrclibSimulator, type LrclibSimulator } from "../../../plugins/lyrics-lrclib/test/lrclib-upstream.ts";
import { SONGS, startFakeSongs } from "./fake-songs.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const T0 = Date.parse("2026-03-01T12:00:00Z");

describe("lrclib: cache lifetimes through /v1/lyric", () => {
  let lrclibSim: LrclibSimulator;
  let songsSim: Simulator;
  let app: TestApp;

  beforeAll(async () => {
    [lrclibSim, songsSim] = await Promise.all([startLrclibSimulator(), startFakeSongs()]);
    vi.useFakeTimers({ toFake: ["Date"], now: T0 });
    app = await startTestApp({
      plugins: [makeFakeSource("fake", { search: true, song: true, url: true }), lrclib],
      config: {
        sources: { source_a: { plugin: "fake", options: { baseURL: songsSim.url } } },
        lyrics: { plugin: "lrclib", options: { baseURL: lrclibSim.url } },
      },
    });
  });
  afterAll(async () => {
    await app.close();
    vi.useRealTimers();
    await Promise.all([lrclibSim.close(), songsSim.close()]);
  });
  beforeEach(() => {
    vi.setSystemTime(T0);
    lrclibSim.reset();
    songsSim.reset();
  });

  const ask = (id: number) => app.json(`/v1/lyric?origin=test&source=source_a&id=${id}`);

  it("keeps lyrics for 24 h: no upstream call before, a fresh lookup after", async () => {
    const id = SONGS.synced.id;
    const first = await ask(id);
    expect(first.body.data.lyric).toBe(HARBOUR_SYNCED);
    expect(first.body.cost).toBeGreaterThan(0);
    expect([lrclibSim.totalCalls(), songsSim.totalCalls()]).toEqual([1, 1]);

    vi.setSystemTime(T0 + 24 * HOUR - MINUTE);
    const cached = await ask(id);
    expect(cached.body).toEqual({ ...first.body, cost: 0 });
    expect([lrclibSim.totalCalls(), songsSim.totalCalls()]).toEqual([1, 1]);

    vi.setSystemTime(T0 + 24 * HOUR + MINUTE);
    const fresh = await ask(id);
    expect(fresh.body.data.lyric).toBe(HARBOUR_SYNCED);
    expect(fresh.body.cost).toBeGreaterThan(0);
    // The song detail (6 h) has expired too, so both upstreams are asked again.
    expect([lrclibSim.totalCalls(), songsSim.totalCalls()]).toEqual([2, 2]);
  });

  it("keeps a miss for 5 min: no upstream call before, a fresh lookup after", async () => {
    const id = SONGS.noMatch.id;
    const first = await ask(id);
    expect(first.status).toBe(404);
    expect(first.body.code).toBe(3001);
    expect(lrclibSim.requests.map((r) => r.path)).toEqual(["/api/get", "/api/search"]);

    vi.setSystemTime(T0 + 5 * MINUTE - 1000);
    const cached = await ask(id);
    expect(cached.status).toBe(404);
    // The remembered miss: the same answer, and no upstream time spent on it.
    expect(first.body.cost).toBeGreaterThan(0);
    expect(cached.body).toEqual({ ...first.body, cost: 0 });
    expect(lrclibSim.totalCalls()).toBe(2);

    vi.setSystemTime(T0 + 5 * MINUTE + 1000);
    const fresh = await ask(id);
    expect(fresh.status).toBe(404);
    expect(fresh.body.message).toBe(first.body.message);
    expect(lrclibSim.requests.map((r) => r.path)).toEqual(["/api/get", "/api/search", "/api/get", "/api/search"]);
  });
});
