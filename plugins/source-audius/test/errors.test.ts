/**
 * Audius's failures: 404s (3001) and the empty list of an unknown playlist, the stream
 * endpoint's refusals and broken answers, ids that cannot be Audius's (3001 without a
 * request), answers missing a field the mapping needs (2003, naming it), and the options:
 * who the plugin says it is on every request.
 */
import { describe, expect, it } from "vitest";
import type { SourceMethods } from "@music-aggregator/core";
import audius from "../index.ts";
import { data, trackBody, userBody } from "./fixtures/shapes.ts";
import { HARBOR, NEON_TIDEPOOL } from "./fixtures/catalog.ts";
import { UA, bindAudius, codeOf, ctx, useAudiusSimulator } from "./instance.ts";
import { ROUTES, type AudiusSimulator } from "./simulator.ts";

const answer = (body: unknown) => ({ kind: "json" as const, body });
const status = (code: number, message: string) => ({ kind: "status" as const, status: code, body: JSON.stringify({ message }) });

let sim: AudiusSimulator;
let audiusSource: SourceMethods;
useAudiusSimulator((started) => ({ sim, audiusSource } = started));

describe("not found", () => {
  it("a 404 is 3001, for tracks, addresses and artists", async () => {
    await expect(audiusSource.song("zZz9Q", ctx())).rejects.toMatchObject({ code: 3001, message: "Audius has no /v1/tracks/zZz9Q" });
    expect(await codeOf(() => audiusSource.url("zZz9Q", "standard", ctx()))).toBe(3001);
    expect(await codeOf(() => audiusSource.artist("zZz9Q", ctx()))).toBe(3001);
    expect(sim.calls.get(ROUTES.track)).toBe(2);
    expect(sim.calls.get(ROUTES.stream)).toBeUndefined();
  });

  it("an unknown playlist is 3001 from its empty header list, even when its tracks endpoint fails", async () => {
    sim.fault({ kind: "status", status: 500 }, ROUTES.playlistTracks);
    await expect(audiusSource.playlist("zZz9Q", { page: 1, size: 5 }, ctx())).rejects.toMatchObject({ code: 3001, message: "Audius has no playlist zZz9Q" });
    // For a playlist that exists, the failed track list is the answer: 2002.
    expect(await codeOf(() => audiusSource.playlist("mN3bV", { page: 1, size: 5 }, ctx()))).toBe(2002);
  });

  it("a failed header is the answer, whatever the tracks endpoint said", async () => {
    sim.fault({ kind: "status", status: 500 }, ROUTES.playlist);
    expect(await codeOf(() => audiusSource.album("pL7Qa", ctx()))).toBe(2002);
  });

  it("an id that is not an Audius hashid is 3001 without asking Audius", async () => {
    const bad = ["aZ4k", "../users/Wq3nE", "aZ4kP?x=1", "aZ4kP/stream", "aZ-4kP", "%2e%2e%2f", "a".repeat(21), "", "ünïcø"];
    for (const id of bad) {
      expect(await codeOf(() => audiusSource.song(id, ctx()))).toBe(3001);
      expect(await codeOf(() => audiusSource.url(id, "high", ctx()))).toBe(3001);
      expect(await codeOf(() => audiusSource.album(id, ctx()))).toBe(3001);
      expect(await codeOf(() => audiusSource.artist(id, ctx()))).toBe(3001);
      expect(await codeOf(() => audiusSource.playlist(id, { page: 1, size: 5 }, ctx()))).toBe(3001);
    }
    await expect(audiusSource.song("aZ4k", ctx())).rejects.toMatchObject({ message: "Audius has no such track: Audius ids are 5 to 20 letters and digits" });
    expect(sim.totalCalls()).toBe(0);
  });
});

describe("the stream endpoint", () => {
  it("a 404 is 3001, Audius's words for the log only", async () => {
    sim.fault(status(404, "Oh no! Resource for ID aZ4kP not found."), ROUTES.stream);
    await expect(audiusSource.url("aZ4kP", "standard", ctx())).rejects.toMatchObject({
      code: 3001,
      message: "Audius has no stream of track aZ4kP",
      said: "Oh no! Resource for ID aZ4kP not found.",
    });
  });

  it("a 5xx is 2002, another 4xx too", async () => {
    sim.fault({ kind: "status", status: 500 }, ROUTES.stream);
    expect(await codeOf(() => audiusSource.url("aZ4kP", "standard", ctx()))).toBe(2002);
    sim.fault(status(400, "Oh no! Bad request parameter no_redirect."), ROUTES.stream);
    await expect(audiusSource.url("aZ4kP", "standard", ctx())).rejects.toMatchObject({
      code: 2002,
      message: "Audius answered HTTP 400 for the stream of track aZ4kP",
      said: "Oh no! Bad request parameter no_redirect.",
    });
  });

  it("an address that is not http(s), or no address at all, is 2003", async () => {
    sim.fault(answer(data("javascript:alert(1)")), ROUTES.stream);
    await expect(audiusSource.url("aZ4kP", "standard", ctx())).rejects.toMatchObject({ code: 2003, message: expect.stringContaining("/v1/tracks/aZ4kP/stream is not understood"), said: expect.stringMatching(/^data: /) });
    sim.fault(answer({ url: "https://node-7.tidewater-content.net/x.mp3" }), ROUTES.stream);
    expect(await codeOf(() => audiusSource.url("aZ4kP", "standard", ctx()))).toBe(2003);
    sim.fault({ kind: "html" }, ROUTES.stream);
    expect(await codeOf(() => audiusSource.url("aZ4kP", "standard", ctx()))).toBe(2003);
  });

  it("a node that ignores no_redirect and redirects to a content node is 2002: the redirect is not followed", async () => {
    sim.fault({ kind: "status", status: 302, body: "", headers: { location: "https://node-7.tidewater-content.net/tracks/cidstream/x" } }, ROUTES.stream);
    await expect(audiusSource.url("aZ4kP", "standard", ctx())).rejects.toMatchObject({ code: 2002, message: expect.stringContaining("redirected to another host") });
  });
});

describe("answers missing a field the mapping needs are 2003, naming it", () => {
  const track = trackBody(NEON_TIDEPOOL);
  it.each([
    ["a track without its title", { ...track, title: undefined }, "data.title"],
    ["a track whose user has no name", { ...track, user: { ...userBody(HARBOR), name: undefined } }, "data.user.name"],
    ["a duration that is not seconds", { ...track, duration: "long" }, "data.duration"],
    ["a gate that is not an object", { ...track, stream_conditions: "locked" }, "data.stream_conditions"],
  ])("%s", async (_what, body, field) => {
    sim.fault(answer(data(body)), ROUTES.track);
    await expect(audiusSource.song("aZ4kP", ctx())).rejects.toMatchObject({ code: 2003, message: expect.stringMatching(/ is not understood$/), said: expect.stringContaining(`${field}: `) });
  });

  it("a playlist header that is an object, not Audius's list of one", async () => {
    sim.fault(answer({ data: { id: "mN3bV" } }), ROUTES.playlist);
    expect(await codeOf(() => audiusSource.playlist("mN3bV", { page: 1, size: 5 }, ctx()))).toBe(2003);
  });

  it("a search answer whose data is not a list; a 400 from search is 2002", async () => {
    sim.fault(answer({ data: null }), ROUTES.search);
    expect(await codeOf(() => audiusSource.search({ q: "harbor", page: 1, size: 5 }, ctx()))).toBe(2003);
    sim.fault(status(400, "Oh no! Bad request parameter query."), ROUTES.search);
    expect(await codeOf(() => audiusSource.search({ q: "harbor", page: 1, size: 5 }, ctx()))).toBe(2002);
  });
});

describe("options", () => {
  it("default to the public API and this service's name, and refuse unknown keys", () => {
    expect(audius.options.parse({})).toEqual({ baseURL: "https://api.audius.co", webURL: "https://audius.co", appName: "music-aggregator" });
    for (const bad of [{ app_name: "x" }, { baseUrl: "http://x" }, { baseURL: "not a url" }, { appName: "" }, { apiKey: "" }]) {
      expect(audius.options.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it("app_name goes on every request; api_key too when configured, and is never logged", async () => {
    const plain = await bindAudius({ baseURL: sim.url });
    const keyed = await bindAudius({ baseURL: sim.url, appName: "my-site", apiKey: "k3yFixture0001" });
    try {
      await plain.methods.song("aZ4kP", ctx());
      await keyed.methods.url("aZ4kP", "high", ctx());
      await keyed.methods.search({ q: "salt", page: 1, size: 1 }, ctx());
      expect(sim.log).toEqual([
        "GET /v1/tracks/aZ4kP?app_name=music-aggregator",
        "GET /v1/tracks/aZ4kP?app_name=my-site&api_key=k3yFixture0001",
        "GET /v1/tracks/aZ4kP/stream?no_redirect=true&app_name=my-site&api_key=k3yFixture0001",
        "GET /v1/tracks/search?query=salt&offset=0&limit=2&app_name=my-site&api_key=k3yFixture0001",
      ]);
      expect(keyed.logs.filter((line) => line.includes("k3yFixture0001"))).toEqual([]);
    } finally {
      await plain.close();
      await keyed.close();
    }
  });

  it("send the configured User-Agent, else the service's", async () => {
    const own = await bindAudius({ baseURL: sim.url, userAgent: "my-site-music/2.0 (+https://example.org)" });
    try {
      await own.methods.song("aZ4kP", ctx());
      await audiusSource.song("aZ4kP", ctx());
      expect(sim.userAgents).toEqual(["my-site-music/2.0 (+https://example.org)", UA]);
    } finally {
      await own.close();
    }
  });
});
