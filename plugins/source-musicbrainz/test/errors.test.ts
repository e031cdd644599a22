/**
 * What can go wrong with MusicBrainz: its rate limiting (503, retried when its turn in the
 * budget comes), a service that stays unavailable, and the plugin's own one-per-second budget;
 * and what the options refuse: no contact, a contact that would break the User-Agent, more than
 * one request per second against musicbrainz.org.
 */
import { describe, expect, it } from "vitest";
import { buildPlugin } from "@music-aggregator/core/testing";
import musicbrainz from "../index.ts";
import { AERODYNAMIC, DISCOVERY, HARDER_BETTER, ONE_MORE_TIME } from "./fixtures/catalog.ts";
import { CONTACT, codeOf, createMusicBrainz, ctx, simOptions, useMusicBrainzSimulator, type MusicBrainzSource } from "./instance.ts";
import type { MusicBrainzSimulator } from "./simulator.ts";

let sim: MusicBrainzSimulator;
let mb: MusicBrainzSource;
useMusicBrainzSimulator((started) => ({ sim, mb } = started));

const gaps = (times: number[]) => times.slice(1).map((t, i) => t - times[i]);

describe("MusicBrainz' rate limiting and failures", () => {
  it("a 503 (its rate limiting) is asked again, once the budget's next turn comes", async () => {
    const { methods } = createMusicBrainz(simOptions(sim, { requestsPerSecond: 1, timeoutMs: 3000 }), 2);
    sim.rateLimit(1);
    expect((await methods.song(HARDER_BETTER, ctx())).id).toBe(HARDER_BETTER);
    expect(sim.arrivals).toHaveLength(2);
    expect(gaps(sim.arrivals)[0]).toBeGreaterThanOrEqual(900);
  });

  it("a 503 that lasts is 2002 naming MusicBrainz and the status", async () => {
    sim.rateLimit(10);
    const failure = await createMusicBrainz(simOptions(sim, { timeoutMs: 3000 }), 2).methods.song(HARDER_BETTER, ctx()).catch((error: unknown) => error);
    expect(failure).toMatchObject({ kind: "upstream", message: expect.stringMatching(/^MusicBrainz answered HTTP 503/) });
  });

  it("a search answered 404 is a wrong baseURL (2002 saying so), not \"nothing found\"", async () => {
    const { methods } = createMusicBrainz(simOptions(sim, { baseURL: `${sim.url}/ws/3` }));
    const failure = await methods.search({ q: "one more time", page: 1, size: 5 }, ctx()).catch((error: unknown) => error);
    expect(failure).toMatchObject({ kind: "upstream", message: "MusicBrainz answered HTTP 404 for /recording: is the source's baseURL right?" });
  });

  it("an answer of another format (XML: fmt=json lost on the way) is 2003", async () => {
    sim.fault({ kind: "html" });
    expect(await codeOf(() => mb.album(DISCOVERY, ctx()))).toBe(2003);
    sim.fault(undefined);
  });

  it("one request per second: concurrent calls reach MusicBrainz ~1 s apart, none refused", async () => {
    const { methods } = createMusicBrainz(simOptions(sim, { requestsPerSecond: 1, timeoutMs: 4000 }));
    const songs = await Promise.all([HARDER_BETTER, ONE_MORE_TIME, AERODYNAMIC].map((id) => methods.song(id, ctx())));
    expect(songs.map((s) => s.id)).toEqual([HARDER_BETTER, ONE_MORE_TIME, AERODYNAMIC]);
    expect(sim.arrivals).toHaveLength(3);
    for (const gap of gaps(sim.arrivals)) expect(gap).toBeGreaterThanOrEqual(900);
  }, 10_000);

  it("a turn past the deadline is refused at once (2002, the budget used up), not sent", async () => {
    const { methods } = createMusicBrainz(simOptions(sim, { requestsPerSecond: 1, timeoutMs: 500 }));
    await methods.song(HARDER_BETTER, ctx());
    const started = performance.now();
    const failure = await methods.song(ONE_MORE_TIME, ctx()).catch((error: unknown) => error);
    expect(failure).toMatchObject({ kind: "upstream", message: "MusicBrainz request budget of 1 per 1 s is used up" });
    expect(performance.now() - started).toBeLessThan(200);
    expect(sim.arrivals).toHaveLength(1);
  });
});

describe("options", () => {
  const problems = (options: Record<string, unknown>) => {
    try {
      buildPlugin(musicbrainz, { options });
      return [];
    } catch (error) {
      return (error as Error).message.split("\n  ").slice(1);
    }
  };

  it("the User-Agent is `AppName/version ( contact )`, the application's name configurable", async () => {
    await createMusicBrainz(simOptions(sim, { application: "harbour-radio/2.1" })).methods.album(DISCOVERY, ctx());
    await mb.album(DISCOVERY, ctx());
    expect(sim.userAgents).toEqual([`harbour-radio/2.1 ( ${CONTACT} )`, `music-aggregator/0.1.0 ( ${CONTACT} )`]);
  });

  it("contact is required, and says what to give", () => {
    expect(problems({})).toEqual([
      'options.contact: required: an email address or an http(s) page where MusicBrainz can reach whoever runs this service (MusicBrainz asks every client\'s User-Agent to name one) (plugin "musicbrainz")',
    ]);
  });

  it.each([
    ["ops@radio.example.org", []],
    ["https://radio.example.org/contact", []],
    ["ops at radio", ["a contact has no spaces nor parentheses (it sits between the User-Agent's)", "expected an email address or an http(s) address"]],
    ["ops@x.org)(", ["a contact has no spaces nor parentheses (it sits between the User-Agent's)", "expected an email address or an http(s) address"]],
    ["javascript:alert(1)", ["a contact has no spaces nor parentheses (it sits between the User-Agent's)", "expected an email address or an http(s) address"]],
    ["ops", ["expected an email address or an http(s) address"]],
    [`${"x".repeat(200)}@example.org`, ["a contact of at most 200 characters"]],
  ])("contact %s", (contact, expected) => {
    expect(problems({ contact }).map((line) => line.replace(/^options\.contact: (.*) \(plugin "musicbrainz"\)$/, "$1"))).toEqual(expected);
  });

  it("more than one request per second only for a mirror, never musicbrainz.org", () => {
    expect(problems({ contact: CONTACT, requestsPerSecond: 2 })).toEqual([
      "options.requestsPerSecond: musicbrainz.org allows one request per second per client; more only for a mirror of one's own (plugin \"musicbrainz\")",
    ]);
    expect(problems({ contact: CONTACT, requestsPerSecond: 2, baseURL: "https://beta.musicbrainz.org/ws/2" })).toHaveLength(1);
    expect(problems({ contact: CONTACT, requestsPerSecond: 50, baseURL: "http://mb-mirror.internal:5000/ws/2" })).toEqual([]);
  });
});
