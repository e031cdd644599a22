/**
 * The envelope's `cost` (docs/decisions.md (/v1)): upstream milliseconds really spent, 0
 * whenever no upstream call was made, for every bundled source: chart lists a plugin knows by
 * heart, and ids it refuses without asking, cost 0; anything that asked costs at least 1.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBundledApp, type BundledApp, type BundledName } from "../support/bundled-app.ts";
import { v1 } from "../support/fake-app.ts";

let app: BundledApp;
beforeAll(async () => {
  app = await startBundledApp();
});
afterAll(() => app?.close());

/** [source, upstream, request, code]: answers made without a single upstream call. */
const FREE: [string, BundledName, string, Record<string, string>, number][] = [
  ["source_d", "archive", "rank", {}, 0],
  ["source_c", "audius", "rank", {}, 0],
  ["source_e", "jamendo", "rank", {}, 0],
  ["source_c", "audius", "rank", { id: "daily" }, 3001],
  ["source_d", "archive", "rank", { id: "yearly" }, 3001],
  ["source_e", "jamendo", "rank", { id: "popularity_day" }, 3001],
  ["source_b", "itunes", "rank", { id: "zz" }, 3001],
  ["source_a", "deezer", "song", { id: "not-digits" }, 3001],
  ["source_c", "audius", "song", { id: "../users/Wq3nE" }, 3001],
];

/** Answers that asked the upstream, as a contrast. */
const PAID: [string, BundledName, string, Record<string, string>, number][] = [
  ["source_a", "deezer", "rank", {}, 0],
  ["source_b", "itunes", "rank", {}, 0],
  ["source_d", "archive", "rank", { id: "week" }, 0],
  ["source_a", "deezer", "song", { id: "8888888" }, 3001],
];

describe("cost", () => {
  it.each(FREE)("%s (%s) %s %o: cost 0, no upstream call", async (source, sim, path, params, code) => {
    app.sims[sim].reset();
    const r = await app.json(v1(path, { source, ...params }));
    expect([r.body.code, r.body.cost]).toEqual([code, 0]);
    expect(app.sims[sim].totalCalls()).toBe(0);
  });

  it.each(PAID)("%s (%s) %s %o: asked upstream, so cost is at least 1", async (source, sim, path, params, code) => {
    app.sims[sim].reset();
    const r = await app.json(v1(path, { source, ...params }));
    expect(r.body.code).toBe(code);
    expect(r.body.cost).toBeGreaterThanOrEqual(1);
    if (code === 0) expect(r.headers.get("x-cache")).toBe("MISS");
    expect(app.sims[sim].totalCalls()).toBeGreaterThan(0);
  });

  it("a free answer is still cached and says so the second time", async () => {
    const first = await app.json(v1("rank", { source: "source_d" }));
    const second = await app.json(v1("rank", { source: "source_d" }));
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("x-cache")).toBe("HIT");
  });
});
