/**
 * Text an upstream sends reaches callers and logs escaped and cut short: a message with a
 * newline cannot forge an access line, and a 300 KB one is not copied into answers or logs.
 * The guard is in the core's error model, so it holds for every plugin; two real ones that
 * quote their upstream's words (Deezer's `error.message`, Jamendo's `error_message`) show it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_MESSAGE_LENGTH, safeMessage, UpstreamError } from "../../core/errors.ts";
import deezer from "../../plugins/source-deezer/index.ts";
import { startDeezerSimulator, type DeezerSimulator } from "../../plugins/source-deezer/test/simulator.ts";
import { startTestApp, type TestApp } from "../support/app.ts";

const FORGED = "\n[music:access] GET /v1/forged 200 code=0 0.1ms source=source_a origin=attacker\n";

describe("safeMessage", () => {
  it("escapes control characters and line separators, and cuts long text", () => {
    expect(safeMessage("a\nb\r\u0000c\u2028d\te")).toBe("a\\nb\\u000d\\u0000c\\u2028d e");
    const long = safeMessage("x".repeat(10_000));
    expect(long).toHaveLength(MAX_MESSAGE_LENGTH);
    expect(long.endsWith("…")).toBe(true);
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
