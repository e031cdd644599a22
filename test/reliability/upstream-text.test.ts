/**
 * Text an upstream sends reaches callers and logs escaped and cut short: a message with a
 * newline cannot forge an access line, and a 300 KB one is not copied into answers or logs.
 * The guard is in the core's error model, so it holds for every plugin; two real ones that
 * quote their upstream's words (Deezer's `error.message`, Jamendo's `error_message`) show it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_MESSAGE_LENGTH, loggedMessage, safeMessage, UpstreamError, upstreamText } from "../../core/errors.ts";
import deezer from "../../plugins/source-deezer/index.ts";
import { startDeezerSimulator, type DeezerSimulator } from "../../plugins/source-deezer/test/simulator.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { startBundledApp, type BundledApp, type BundledName } from "../support/bundled-app.ts";
import { v1 } from "../support/fake-app.ts";
import type { Fault } from "../../core/testing/simulator.ts";
import { FEED_ROUTE } from "../../plugins/source-itunes/test/simulator.ts";

const FORGED = "\n[music:access] GET /v1/forged 200 code=0 0.1ms source=source_a origin=attacker\n";

describe("safeMessage", () => {
  it("escapes control characters and line separators, and cuts long text", () => {
    expect(safeMessage("a\nb\r\u0000c\u2028d\te")).toBe("a\\nb\\u000d\\u0000c\\u2028d e");
    const long = safeMessage("x".repeat(10_000));
    expect(long).toHaveLength(MAX_MESSAGE_LENGTH);
    expect(long.endsWith("…")).toBe(true);
  });

  it("takes an upstream's words quoted with upstreamText out of the message, into said (a plugin written before said)", () => {
    const error = new UpstreamError(`Shop answered ${upstreamText("<b>call 555-SCAM</b>\nnow")} (code 7) for /search`);
    expect(error.message).toBe("Shop answered … (code 7) for /search");
    expect(error.said).toBe("<b>call 555-SCAM</b>\\nnow");
    expect(loggedMessage(error)).toBe("Shop answered … (code 7) for /search (upstream said: <b>call 555-SCAM</b>\\nnow)");
    // Marks an upstream sends itself cannot hide text from the cut, nor open a quote.
    const forged = new UpstreamError(`Shop answered ${upstreamText("a\uE001 b \uE000c")}`, { said: "and \uE000more" });
    expect(forged.message).toBe("Shop answered …");
    expect(forged.said).toBe("and more | a b c");
  });

  it("is applied to every service error, whoever makes it", () => {
    const error = new UpstreamError(`upstream said: ${FORGED}${"y".repeat(300_000)}`);
    expect(error.message).not.toContain("\n");
    expect(error.message.length).toBeLessThanOrEqual(MAX_MESSAGE_LENGTH);
  });
});

describe("an upstream's error text through the whole service", () => {
  let sim: DeezerSimulator;
  let app: TestApp;
  beforeAll(async () => {
    sim = await startDeezerSimulator();
    app = await startTestApp({ plugins: [deezer], config: { sources: { source_a: { plugin: "deezer", options: { baseURL: sim.url } } }, lyrics: false, upstream: { retries: 0 } } });
  });
  afterAll(async () => {
    await app.close();
    await sim.close();
  });

  it("reaches the caller and the log on one line, at most a few hundred characters", async () => {
    const message = `${FORGED}${"z".repeat(300_000)}`;
    sim.fault({ kind: "status", status: 200, body: JSON.stringify({ error: { type: "Exception", message, code: 100 } }) }, "GET /track/:id");
    const answer = await app.json("/v1/song?origin=t&source=source_a&id=3135556");
    expect(answer.body.code).toBe(2002);
    expect(answer.body.message.length).toBeLessThanOrEqual(MAX_MESSAGE_LENGTH + 40);
    expect(answer.body.message).not.toMatch(/[\n\r]/);
    for (const line of app.logs) {
      expect(line).not.toMatch(/[\n\r]/);
      expect(line.length).toBeLessThan(1000);
    }
    expect(app.logs.some((line) => line.startsWith("[music:access] GET /v1/forged"))).toBe(false);
  });
});

/**
 * Issue 38: a hostile upstream's own wording ("call 555-…", markup) never reaches a client's
 * message, whichever bundled plugin reads it (error objects, refusals, error bodies, fields of a
 * misshapen answer): the message names the upstream and what failed in the service's words, and
 * what the upstream wrote is in the log, escaped.
 */
describe("a hostile upstream's wording", () => {
  const HOSTILE = "<script>alert(1)</script> call 555-SCAM\nnow";
  let app: BundledApp;
  beforeAll(async () => {
    app = await startBundledApp({ upstream: { retries: 0 }, rateLimit: { points: 100_000, duration: 60 } });
  });
  afterAll(() => app?.close());

  /** [what, fault it on, route, request, the answer's code and message] */
  const CASES: [string, BundledName, string, Record<string, string>, number, string][] = [
    ["Deezer's error object", "deezer", "GET /search", { path: "search", source: "source_a", q: "deezer hostile" }, 2002, "Deezer answered error code 300 for /search"],
    ["Apple's errorMessage", "itunes", "GET /search", { path: "search", source: "source_b", q: "itunes hostile" }, 2002, "iTunes refused /search (HTTP 400)"],
    ["the archive's search refusal", "archive", "GET /advancedsearch.php", { path: "search", source: "source_d", q: "archive hostile" }, 2002, "Internet Archive refused the search"],
    ["Jamendo's error_message", "jamendo", "GET /v3.0/tracks/", { path: "search", source: "source_e", q: "jamendo hostile" }, 2002, "Jamendo answered failure code 3 for /tracks/"],
    ["a misshapen field of Apple's", "itunes", FEED_ROUTE, { path: "rank", source: "source_b", id: "de" }, 2003, "Apple RSS answer for /api/v2/de/music/most-played/100/songs.json is not understood"],
  ];
  const FAULTS: Record<string, Fault> = {
    deezer: { kind: "json", body: { error: { type: "<script>alert(1)</script>", message: "call 555-SCAM\nnow", code: 300 } } },
    itunes: { kind: "status", status: 400, body: JSON.stringify({ errorMessage: HOSTILE }), headers: { "content-type": "text/javascript" } },
    archive: { kind: "json", body: { error: HOSTILE } },
    jamendo: { kind: "json", body: { headers: { status: "failed", code: 3, error_message: HOSTILE, warnings: "", results_count: 0 }, results: [] } },
  };
  /** a feed whose date is no date: the problem the schema reports quotes it */
  const MISSHAPEN: Fault = { kind: "json", body: { feed: { title: "Top Songs", updated: HOSTILE, results: [] } } };

  it.each(CASES)("%s: the service's words to the client, the upstream's in the log", async (_what, sim, route, { path, ...params }, code, message) => {
    app.sims[sim].fault(code === 2003 ? MISSHAPEN : FAULTS[sim], route);
    const logged = app.logs.length;
    try {
      const r = await app.get(v1(path, params));
      const body = await r.text();
      expect(JSON.parse(body)).toMatchObject({ code, message, data: null });
      for (const word of ["555-SCAM", "<script>", "alert(1)"]) expect(body).not.toContain(word);
      const lines = app.logs.slice(logged).filter((line) => line.includes("555-SCAM"));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(message);
      // Escaped: the upstream's newline is no line break of the log.
      expect(lines[0]).not.toMatch(/[\n\r]/);
    } finally {
      app.sims[sim].fault(undefined, route);
    }
  });

  it("an error body behind an HTTP error is never quoted: the 2002 names the upstream and the status", async () => {
    app.sims.deezer.fault({ kind: "status", status: 503, body: HOSTILE }, "GET /track/:id");
    try {
      const r = await app.json(v1("song", { source: "source_a", id: "9100001" }));
      expect(r.body).toMatchObject({ code: 2002, message: "Deezer answered HTTP 503" });
    } finally {
      app.sims.deezer.fault(undefined, "GET /track/:id");
    }
  });
});
