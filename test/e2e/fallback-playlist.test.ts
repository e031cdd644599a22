/**
 * `/v1/playlist` with `with_url=1&fallback=1`: a Deezer playlist (previews, two tracks without
 * any) whose tracks Audius has some full-length copies of. Each track that is only a preview or
 * has no address is matched at most once, within the look-up cap, the concurrency and the
 * deadline of `with_url`; a track that finds nothing keeps what it had, and the page never fails.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import deezer from "../../plugins/source-deezer/index.ts";
import audius from "../../plugins/source-audius/index.ts";
import { startDeezerSimulator, type DeezerSimulator } from "../../plugins/source-deezer/test/simulator.ts";
import { startAudiusSimulator } from "../../plugins/source-audius/test/simulator.ts";
import type { TrackSeed, UserSeed } from "../../plugins/source-audius/test/fixtures/shapes.ts";
import type { Simulator } from "@music-aggregator/core/testing";
import { startTestApp, type TestApp } from "../support/app.ts";
import { v1 } from "../support/fake-app.ts";

const MARLOW: UserSeed = { id: "Mv7rL", handle: "marlowvane", name: "Marlow Vane", picture: null, followers: 900 };
const HARBOUR: UserSeed = { id: "Qh2bR", handle: "quietharbour", name: "The Quiet Harbour", picture: null, followers: 400 };
const upload = (id: string, title: string, seconds: number, user: UserSeed, more: Partial<TrackSeed> = {}): TrackSeed => ({
  id, title, seconds, user, art: null, releaseDate: "2021-01-01 00:00:00", plays: 10, genre: "Folk", cid: `baeaaaiq${id.toLowerCase()}uploadcid`, ...more,
});
/** Copies of the playlist's tracks: two that play, a live take of another (no match), a gated one (no address). */
const COPIES = [
  upload("PlnT1", "Paper Lanterns", 241, MARLOW),
  upload("UndT2", "Undertow", 305, MARLOW),
  upload("CrsL3", "Crossing (Live)", 191, HARBOUR),
  upload("GhsT4", "Ghost Signal", 263, HARBOUR, { gate: { usdc_purchase: { price: 99, splits: {} } } }),
];

let deezerSim: DeezerSimulator;
let audiusSim: Simulator;
const start = (urlLookups: number) =>
  startTestApp({
    plugins: [deezer, audius],
    config: {
      lyrics: false,
      rateLimit: { points: 100_000, duration: 60 },
      upstream: { urlLookups },
      sources: { source_a: { plugin: "deezer", options: { baseURL: deezerSim.url } }, source_c: { plugin: "audius", options: { baseURL: audiusSim.url } } },
    },
  });
beforeAll(async () => {
  deezerSim = await startDeezerSimulator();
  audiusSim = await startAudiusSimulator(COPIES);
});
afterAll(async () => {
  await deezerSim.close();
  await audiusSim.close();
});

interface Track {
  id: string;
  name: string;
  url?: string | null;
  urlFrom?: { source: string; id: string; confidence: number };
}
const page = async (app: TestApp, extra: Record<string, string> = {}) =>
  (await app.json(v1("playlist", { source: "source_a", id: "5550001", size: 7, with_url: 1, ...extra }))).body;

describe("playlist addresses with fallback=1", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await start(20);
  });
  afterAll(() => app.close());

  it("gives a track the full-length copy's address when one plays, and leaves the others as they were", async () => {
    const plain = (await page(app)).data.song as Track[];
    deezerSim.reset();
    audiusSim.reset();
    const body = await page(app, { fallback: "1" });
    expect(body.code).toBe(0);
    const tracks = body.data.song as Track[];
    const byName = (name: string) => tracks.find((s) => s.name === name)!;
    // A preview and an unplayable track with a full copy on Audius: its stream, and where it is from.
    expect(byName("Paper Lanterns").urlFrom).toEqual({ source: "source_c", id: "PlnT1", confidence: 0.95 });
    expect(byName("Paper Lanterns").url).toMatch(/^https:\/\/node-7\.tidewater-content\.net\/tracks\/cidstream\/baeaaaiqplnt1uploadcid/);
    expect(byName("Undertow").urlFrom).toEqual({ source: "source_c", id: "UndT2", confidence: 0.95 });
    // Only a live take of Crossing, only a gated Ghost Signal, nothing for the others: as without fallback.
    for (const name of ["Salt Air (feat. Ines Okafor)", "First Light", "Crossing", "Low Water", "Ghost Signal"]) {
      expect(byName(name), name).toEqual(plain.find((s) => s.name === name));
      expect(byName(name).urlFrom, name).toBeUndefined();
    }
    expect(byName("Ghost Signal").url).toBeNull();
    // Every track wanting an address (5 previews, 2 without any) was matched once: one Deezer
    // lookup and one Audius search each; and one stream address asked for each copy that plays.
    expect(deezerSim.calls.get("GET /track/:id")).toBe(7);
    expect(audiusSim.calls.get("GET /v1/tracks/search")).toBe(7);
    expect(audiusSim.calls.get("GET /v1/tracks/:id/stream")).toBe(2);
  });

  it("without fallback, nothing changes; with it, a second page costs no upstream call", async () => {
    expect(((await page(app)).data.song as Track[]).every((s) => s.urlFrom === undefined)).toBe(true);
    const before = deezerSim.totalCalls() + audiusSim.totalCalls();
    const again = await page(app, { fallback: "1" });
    expect(again.cost).toBe(0);
    expect(deezerSim.totalCalls() + audiusSim.totalCalls()).toBe(before);
  });
});

describe("the look-up cap", () => {
  it("matches at most upstream.urlLookups tracks of a page, in track order", async () => {
    const app = await start(2);
    try {
      deezerSim.reset();
      audiusSim.reset();
      const tracks = (await page(app, { fallback: "1" })).data.song as Track[];
      expect(tracks.filter((s) => s.urlFrom).map((s) => s.name)).toEqual(["Paper Lanterns"]);
      // Undertow (third to want one) was not matched: it keeps its preview clip, as without fallback.
      const undertow = tracks.find((s) => s.name === "Undertow")!;
      expect(undertow.urlFrom).toBeUndefined();
      expect(undertow.url).toMatch(/^https:\/\/cdns-preview-.\.dzcdn\.net\//);
      expect(deezerSim.calls.get("GET /track/:id")).toBe(2);
      expect(audiusSim.calls.get("GET /v1/tracks/search")).toBe(2);
    } finally {
      await app.close();
    }
  });
});
