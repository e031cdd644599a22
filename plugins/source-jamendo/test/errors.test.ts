/**
 * Jamendo's failures: failed headers mapped by code (5 → 2002 saying the key is wrong, 6 →
 * 2002, others 2002 with Jamendo's words), failures sent with an HTTP error status, unknown ids
 * (a success with empty `results` → 3001), ids that cannot be Jamendo's, answers missing a
 * field the mapping needs (2003), and the options, `clientId` first.
 */
import { describe, expect, it } from "vitest";
import { bindSourcePlugin } from "@music-aggregator/core/testing";
import type { SourceMethods } from "@music-aggregator/core";
import jamendo from "../index.ts";
import { FROST } from "./fixtures/catalog.ts";
import { failedAnswer, formatsOf, INVALID_CLIENT, okAnswer, trackBody } from "./fixtures/shapes.ts";
import { codeOf, createJamendo, ctx, simOptions, useJamendoSimulator } from "./instance.ts";
import type { JamendoSimulator } from "./simulator.ts";

const TRACKS = "GET /v3.0/tracks/";
const answer = (body: unknown, status = 200) => ({ kind: "status" as const, status, body: JSON.stringify(body) });
const frost = (change: Record<string, unknown>) => okAnswer([{ ...trackBody(FROST, formatsOf({})), ...change }]);

let sim: JamendoSimulator;
let jamendoSource: SourceMethods;
useJamendoSimulator((started) => ({ sim, jamendoSource } = started));

describe("failed headers", () => {
  it("code 5 (a client id Jamendo does not know) is 2002 saying the key is wrong, the key itself masked", async () => {
    const { methods } = createJamendo(simOptions(sim, { clientId: "wrongkey42" }));
    const failure = methods.song("1630001", ctx());
    await expect(failure).rejects.toMatchObject({
      code: 2002,
      message: "Jamendo refused the client id (code 5): the clientId option of this source is wrong or unknown to Jamendo",
      said: "Invalid client id: ***",
    });
    const error = (await failure.catch((error: unknown) => error)) as Error & { said: string };
    expect(error.message + error.said).not.toContain("wrongkey42");
    expect(sim.calls.get(TRACKS)).toBe(1);
  });

  it("code 6 (rate limit) is 2002, asked once: Jamendo's limit is not waited out", async () => {
    sim.rateLimit(1);
    await expect(jamendoSource.song("1630001", ctx())).rejects.toMatchObject({
      code: 2002,
      message: "Jamendo's rate limit is exceeded for this client id or address (code 6); retry later",
      said: "Rate Limit Exceeded: too many requests for this application",
    });
    expect(sim.calls.get(TRACKS)).toBe(1);
    expect((await jamendoSource.song("1630001", ctx())).name).toBe("Frost on the Wire");
  });

  it("code 11 (suspended application) is 2002 naming the clientId", async () => {
    sim.fault(answer(failedAnswer(11, "Suspended Application")), TRACKS);
    await expect(jamendoSource.song("1630001", ctx())).rejects.toMatchObject({
      code: 2002,
      message: "Jamendo has suspended the application of this source's clientId (code 11)",
      said: "Suspended Application",
    });
  });

  it("any other code is 2002 naming it and the method; Jamendo's words for the log only", async () => {
    sim.fault(answer(failedAnswer(3, "Type: the value of parameter limit is out of range")), TRACKS);
    await expect(jamendoSource.search({ q: "drift", page: 1, size: 5 }, ctx())).rejects.toMatchObject({
      code: 2002,
      message: "Jamendo answered failure code 3 for /tracks/",
      said: "Type: the value of parameter limit is out of range",
    });
  });

  it("a failure sent with an HTTP error status is still read by its code", async () => {
    sim.fault(answer(INVALID_CLIENT("sim7f3a2c"), 401), TRACKS);
    await expect(jamendoSource.song("1630001", ctx())).rejects.toMatchObject({ code: 2002, message: expect.stringContaining("the clientId option of this source is wrong") });
  });

  it("an HTTP error without Jamendo's headers is 2002 with the status; a 404 is a wrong baseURL, not an unknown id", async () => {
    sim.fault({ kind: "status", status: 400, body: "Bad Request" }, TRACKS);
    await expect(jamendoSource.song("1630001", ctx())).rejects.toMatchObject({ code: 2002, message: "Jamendo answered HTTP 400 for /tracks/" });
    const { methods } = createJamendo(simOptions(sim, { baseURL: `${sim.url}/v2.0` }));
    await expect(methods.song("1630001", ctx())).rejects.toMatchObject({ code: 2002, message: "Jamendo answered HTTP 404 for /tracks/" });
  });
});

describe("unknown and impossible ids", () => {
  it("an unknown id (empty results) is 3001, for every kind of id", async () => {
    expect(await codeOf(() => jamendoSource.song("9999999", ctx()))).toBe(3001);
    expect(await codeOf(() => jamendoSource.url("9999999", "high", ctx()))).toBe(3001);
    expect(await codeOf(() => jamendoSource.album("9999999", ctx()))).toBe(3001);
    expect(await codeOf(() => jamendoSource.artist("9999999", ctx()))).toBe(3001);
    expect(await codeOf(() => jamendoSource.playlist("9999999", { page: 1, size: 5 }, ctx()))).toBe(3001);
    expect(sim.totalCalls()).toBe(6);
  });

  it("another track than the one asked for is not taken for it", async () => {
    sim.fault(answer(frost({})), TRACKS);
    expect(await codeOf(() => jamendoSource.song("1630002", ctx()))).toBe(3001);
  });

  it("an id that is not digits is 3001 without asking Jamendo (a space or + would ask for several)", async () => {
    for (const id of ["abc", "1630001 1630002", "1630001+1630002", "-1", "1630001&limit=200", "1".repeat(13), ""]) {
      expect(await codeOf(() => jamendoSource.song(id, ctx()))).toBe(3001);
      expect(await codeOf(() => jamendoSource.url(id, "standard", ctx()))).toBe(3001);
      expect(await codeOf(() => jamendoSource.album(id, ctx()))).toBe(3001);
      expect(await codeOf(() => jamendoSource.artist(id, ctx()))).toBe(3001);
      expect(await codeOf(() => jamendoSource.playlist(id, { page: 1, size: 5 }, ctx()))).toBe(3001);
    }
    expect(sim.totalCalls()).toBe(0);
  });
});

describe("answers the mapping cannot use are 2003, the field named in the log", () => {
  it("a track without a name", async () => {
    sim.fault(answer(frost({ name: undefined })), TRACKS);
    await expect(jamendoSource.song("1630001", ctx())).rejects.toMatchObject({ code: 2003, message: expect.stringMatching(/ is not understood$/), said: expect.stringContaining("results.0.name:") });
  });

  it("a duration that is not a number of seconds", async () => {
    sim.fault(answer(frost({ duration: "long" })), TRACKS);
    await expect(jamendoSource.song("1630001", ctx())).rejects.toMatchObject({ code: 2003, message: expect.stringMatching(/ is not understood$/), said: expect.stringContaining("results.0.duration: expected a duration in seconds") });
  });

  it("a track whose audio is not a string", async () => {
    sim.fault(answer(frost({ audio: null })), TRACKS);
    expect(await codeOf(() => jamendoSource.url("1630001", "standard", ctx()))).toBe(2003);
  });

  it("a search answer without results_fullcount", async () => {
    sim.fault(answer(okAnswer([])), TRACKS);
    await expect(jamendoSource.search({ q: "drift", page: 1, size: 5 }, ctx())).rejects.toMatchObject({ code: 2003, said: expect.stringContaining("headers.results_fullcount") });
  });

  it("an answer without headers, or the bare results list", async () => {
    const results = [trackBody(FROST, formatsOf({}))];
    sim.fault(answer({ results }), TRACKS);
    await expect(jamendoSource.song("1630001", ctx())).rejects.toMatchObject({ code: 2003, message: expect.stringMatching(/ is not understood$/), said: expect.stringContaining("headers: Invalid input") });
    sim.fault(answer(results), TRACKS);
    await expect(jamendoSource.song("1630001", ctx())).rejects.toMatchObject({
      code: 2003,
      message: "Jamendo answer for /tracks/ is not understood",
      said: "(root): Invalid input: expected object, received array",
    });
  });

  it("an album whose tracks are not a list", async () => {
    sim.fault(answer(okAnswer([{ id: "201455", name: "Northern Glass", artist_name: "Lumen Drift", image: "", tracks: null }])), "GET /v3.0/albums/tracks/");
    await expect(jamendoSource.album("201455", ctx())).rejects.toMatchObject({ code: 2003, said: expect.stringContaining("results.0.tracks") });
  });
});

describe("options", () => {
  it("need a clientId; the rest defaults to the public API and 600 px covers", () => {
    expect(jamendo.options.parse({ clientId: "abc123" })).toEqual({ clientId: "abc123", baseURL: "https://api.jamendo.com/v3.0", imageSize: 600 });
    const missing = jamendo.options.safeParse({});
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["clientId", "required: the client id of your Jamendo application (free at https://devportal.jamendo.com)"],
    ]);
  });

  it("refuse an empty or spaced client id, unknown keys, a size Jamendo does not render, a baseURL that is no URL", () => {
    for (const options of [{ clientId: "" }, { clientId: "abc 123" }, { clientId: "abc", clientID: "abc" }, { clientId: "abc", imageSize: 640 }, { clientId: "abc", baseURL: "api.jamendo.com" }]) {
      expect(jamendo.options.safeParse(options).success, JSON.stringify(options)).toBe(false);
    }
  });

  // The service's own words for it (`config sources.<id>.options.clientId: required: ...`) are checked in test/plugins/source-jamendo/e2e.test.ts.
  it("binding the plugin without a clientId fails with a message naming it", async () => {
    await expect(bindSourcePlugin(jamendo, { options: { baseURL: `${sim.url}/v3.0` } })).rejects.toThrow(/options\.clientId: .* \(plugin "jamendo"\)/);
    expect(sim.totalCalls()).toBe(0);
  });
});
