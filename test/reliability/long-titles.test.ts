/**
 * An upstream's long titles hold up no one. Two Audius uploads with ~30,000-character titles
 * of the shapes that make backtracking patterns slow, found by every search for the song: an
 * all-search, `/v1/match` and `fallback=1` each answer within a bound, and `/healthz` answers
 * promptly meanwhile. Before names were bounded where answers enter the service and the
 * matcher read titles in linear time, the same took 12 s, 5.7 s and 4.9 s, `/healthz`
 * waiting as long. Every name an endpoint answers is `MAX_NAME_LENGTH` characters at most.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_NAME_LENGTH } from "../../core/text-limits.ts";
import { v1 } from "../support/fake-app.ts";
import { audiusUpload, deezerTrack, startTwoSourcesApp, type TwoSourcesApp } from "../support/two-sources.ts";

const LENGTH = 30_000;
/** Generous for a loaded machine; quadratic reading took seconds. */
const ANSWER_MS = 2_000;
const PROBE_MS = 1_000;

const SPACES = `Paper Lanterns${" ".repeat(LENGTH)}x`;
const TAGS = `Paper Lanterns${" (a) - a feat".repeat(LENGTH / 13)}`;

let t: TwoSourcesApp;
beforeAll(async () => {
  t = await startTwoSourcesApp({
    deezer: [deezerTrack(3135556, "Paper Lanterns", "Marlow Vane", 241, "QZAAA2400001")],
    audius: [audiusUpload("Lt0001", SPACES, `Marlow Vane${" ".repeat(LENGTH)}`, 241), audiusUpload("Lt0002", TAGS, "Marlow Vane", 241)],
  });
});
afterAll(() => t.close());

/** The answer to `path`, and how long it took, while `/healthz` is asked every 20 ms; the slowest probe too. */
async function timedWithProbes(path: string): Promise<{ body: any; ms: number; slowestProbeMs: number }> {
  let done = false;
  let slowestProbeMs = 0;
  const probing = (async () => {
    while (!done) {
      const started = performance.now();
      expect((await t.get("/healthz")).status).toBe(200);
      slowestProbeMs = Math.max(slowestProbeMs, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const started = performance.now();
  const answer = await t.json(path);
  const ms = performance.now() - started;
  done = true;
  await probing;
  return { body: answer.body, ms, slowestProbeMs };
}

describe("two uploads with 30,000-character titles", () => {
  it("an all-search answers within the bound, /healthz promptly meanwhile, every name bounded", async () => {
    const r = await timedWithProbes(v1("search", { source: "all", q: "paper lanterns" }));
    expect(r.body.code).toBe(0);
    expect(r.ms).toBeLessThan(ANSWER_MS);
    expect(r.slowestProbeMs).toBeLessThan(PROBE_MS);
    const list: { name: string; artist: string[]; alternatives: unknown[] }[] = r.body.data.list;
    // The Deezer song, and both uploads (one listed as its alternative: the same title, once cut).
    expect(list.reduce((sum, song) => sum + 1 + song.alternatives.length, 0)).toBe(3);
    for (const name of list.flatMap((song) => [song.name, ...song.artist])) expect(name.length).toBeLessThanOrEqual(MAX_NAME_LENGTH);
  });

  it("/v1/match of the Deezer song answers within the bound", async () => {
    const r = await timedWithProbes(v1("match", { source: "source_a", id: "3135556" }));
    expect(r.body.code).toBe(0);
    expect(r.ms).toBeLessThan(ANSWER_MS);
    expect(r.slowestProbeMs).toBeLessThan(PROBE_MS);
  });

  it("/v1/match of an upload answers within the bound, naming it cut, with an ellipsis", async () => {
    const r = await timedWithProbes(v1("match", { source: "source_b", id: "Lt0002" }));
    expect(r.body.code).toBe(0);
    expect(r.ms).toBeLessThan(ANSWER_MS);
    expect(r.body.data.song.name).toHaveLength(MAX_NAME_LENGTH);
    expect(r.body.data.song.name.endsWith("…")).toBe(true);
  });

  it("fallback=1 on the Deezer preview answers within the bound", async () => {
    const r = await timedWithProbes(v1("song/url", { source: "source_a", id: "3135556", fallback: "1" }));
    expect(r.body.code).toBe(0);
    expect(r.ms).toBeLessThan(ANSWER_MS);
    expect(r.slowestProbeMs).toBeLessThan(PROBE_MS);
  });

  it("/v1/song answers an upload's name and artist cut to the bound", async () => {
    const r = await t.json(v1("song", { source: "source_b", id: "Lt0001" }));
    expect(r.body.data.name).toHaveLength(MAX_NAME_LENGTH);
    expect(r.body.data.artist[0].length).toBeLessThanOrEqual(MAX_NAME_LENGTH);
  });
});
