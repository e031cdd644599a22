/**
 * `/v1/lookup` (issue 41): the songs of an ISRC and the albums of a barcode on every source
 * that offers the look-up, the identifier checked and read in its plain form before any
 * upstream is asked, each source asked once, the answer kept.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { v1 } from "../support/fake-app.ts";
import { startBundledApp, type BundledApp } from "../support/bundled-app.ts";
import { startAudiusSimulator } from "../../plugins/source-audius/test/simulator.ts";
import { startTestApp } from "../support/app.ts";

let t: BundledApp;
beforeAll(async () => {
  t = await startBundledApp({ rateLimit: { points: 1_000_000, duration: 60 } });
});
afterAll(() => t?.close());

/** Every upstream request the simulators saw. */
const upstreamCalls = () => Object.values(t.sims).reduce((sum, sim) => sum + sim.log.length, 0);
const resetAll = () => Object.values(t.sims).forEach((sim) => sim.reset());

describe("/v1/lookup?isrc=", () => {
  it("answers the songs of the ISRC on every source that looks ISRCs up (Deezer), source null; asked again in another spelling, nothing upstream", async () => {
    resetAll();
    const first = await t.json(v1("lookup", { isrc: "QZFAK9100001" }));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ code: 0, source: null });
    expect(first.body.data).toEqual({ isrc: "QZFAK9100001", songs: [expect.objectContaining({ source: "source_a", id: "9100001", name: "Paper Lanterns", isrc: "QZFAK9100001" })], failed: [] });
    expect(first.headers.get("x-cache")).toBe("MISS");
    expect(t.sims.deezer.log).toEqual(["GET /track/isrc:QZFAK9100001"]);
    // Only Deezer offers the look-up: nothing else was asked.
    expect(upstreamCalls()).toBe(1);
    const again = await t.json(v1("lookup", { isrc: "qz-fak-91-00001" }));
    expect(again.body.data).toEqual(first.body.data);
    expect([again.body.cost, again.headers.get("x-cache")]).toEqual([0, "HIT"]);
    expect(upstreamCalls()).toBe(1);
  });

  it("an ISRC no source has is an empty list", async () => {
    const r = await t.json(v1("lookup", { isrc: "QZFAK0000000" }));
    expect(r.body.data).toEqual({ isrc: "QZFAK0000000", songs: [], failed: [] });
  });
});

describe("/v1/lookup?upc=", () => {
  it("answers the albums of a barcode from every source that looks barcodes up (Deezer, iTunes), each asked once", async () => {
    resetAll();
    const r = await t.json(v1("lookup", { upc: "506000070017" }));
    expect(r.body.data.upc).toBe("506000070017");
    expect(r.body.data.failed).toEqual([]);
    expect(r.body.data.albums).toEqual([expect.objectContaining({ source: "source_a", id: "7001", name: "Tidal Lines", upc: "506000070017" })]);
    expect(r.body.data.albums[0].song.map((s: { id: string }) => s.id)).toEqual(["9100001", "9100002", "9100003"]);
    expect(t.sims.deezer.log).toEqual(["GET /album/upc:506000070017"]);
    expect(t.sims.itunes.log).toEqual([expect.stringMatching(/^GET \/lookup\?upc=506000070017&entity=song&/)]);
    expect(upstreamCalls()).toBe(2);
  });

  it("reads a barcode in its plain form: an EAN-13 with its leading 0, with hyphens, is the UPC-A it spells", async () => {
    const r = await t.json(v1("lookup", { upc: "0-192026-01001-6" }));
    expect(r.body.data.upc).toBe("192026010016");
    expect(r.body.data.albums).toEqual([expect.objectContaining({ source: "source_b", id: "1600000010", name: "Glasshouse Weather", upc: "192026010016" })]);
    expect((await t.json(v1("lookup", { upc: "192026010016" }))).body.cost).toBe(0);
  });

  it("a source that fails is named in failed, the others still answer", async () => {
    t.sims.itunes.fault({ kind: "status", status: 500 });
    try {
      const r = await t.json(v1("lookup", { upc: "0506000070024" }));
      expect(r.body.code).toBe(0);
      expect(r.body.data.failed).toEqual(["source_b"]);
      expect(r.body.data.albums.map((a: { source: string; id: string }) => `${a.source}:${a.id}`)).toEqual(["source_a:7002"]);
    } finally {
      t.sims.itunes.fault(undefined);
    }
  });

  it("answers JSONP with callback, like every /v1 operation", async () => {
    const r = await t.get(v1("lookup", { upc: "506000070017", callback: "onMusic" }));
    expect(r.headers.get("content-type")).toBe("application/javascript; charset=utf-8");
    expect(await r.text()).toMatch(/^\/\*\*\/ typeof onMusic === 'function' && onMusic\(\{"code":0,"message":"ok","data":\{"upc":"506000070017",/);
  });
});

describe("/v1/lookup refusals: 1001 naming the fault, nothing asked upstream", () => {
  it.each([
    [{ upc: "506000070018" }, "parameter upc is no barcode: its check digit should be 7, not 8"],
    [{ upc: "50600007001" }, "parameter upc is no barcode: a barcode has 8, 12, 13 or 14 digits, not 11"],
    [{ upc: "50600007001X" }, "parameter upc is no barcode: a barcode (UPC or EAN) is digits only, hyphens and spaces aside"],
    [{ upc: "5".repeat(5000) }, "parameter upc is no barcode: a barcode has at most 14 digits, this text has 5000 characters"],
    // Zeros alone pass the check digit, but are no barcode: their plain form would be empty.
    [{ upc: "0000000000000" }, "parameter upc is no barcode: a barcode is not zeros alone"],
    [{ upc: "0000-0000" }, "parameter upc is no barcode: a barcode is not zeros alone"],
    [{ isrc: "QZFAK910000" }, expect.stringMatching(/^parameter isrc is no ISRC: 2 letters \(the country\)/)],
    [{ isrc: "Q".repeat(41) }, "parameter isrc must be at most 40 characters"],
    [{}, "parameter isrc or upc is required (one of them)"],
    [{ isrc: "QZFAK9100001", upc: "506000070017" }, "parameters isrc and upc exclude each other: give one"],
  ])("%j", async (params, message) => {
    resetAll();
    const r = await t.json(v1("lookup", params as Record<string, string>));
    expect([r.status, r.body.code, r.body.message, r.body.data]).toEqual([400, 1001, message, null]);
    expect(upstreamCalls()).toBe(0);
  });
});

describe("/v1/lookup where no enabled source offers the look-up", () => {
  it("is 1003, asking nothing", async () => {
    const audius = await startAudiusSimulator();
    const app = await startTestApp({ config: { lyrics: false, sources: { source_a: false, source_b: false, source_c: { plugin: "audius", options: { baseURL: audius.url } }, source_d: false } } });
    try {
      const r = await app.json(v1("lookup", { upc: "506000070017" }));
      expect([r.status, r.body.code, r.body.message]).toEqual([400, 1003, "no enabled source offers the upc look-up"]);
      expect(audius.log).toEqual([]);
    } finally {
      await app.close();
      await audius.close();
    }
  });
});
