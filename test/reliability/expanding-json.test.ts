/**
 * Upstream answers under the size cap that expand when parsed: 2.3 million `{}` in 7 MB, or
 * arrays nested 4 million deep. Each used to cost up to a second of CPU, and 24 at once were
 * answered after 20 s against an 8 s deadline. Now they are refused (2003) before parsing, and
 * every request is answered within the deadline.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeApp, v1, type FakeApp } from "../support/fake-app.ts";

// The default deadline: the attack was answered after 20 s against it.
const DEADLINE_MS = 8000;
let t: FakeApp;
beforeAll(async () => {
  t = await startFakeApp({ config: { rateLimit: { points: 100_000, duration: 60 }, upstream: { retries: 0, timeoutMs: DEADLINE_MS } } });
});
afterAll(() => t.close());

describe("JSON that expands when parsed", () => {
  it.each([
    ["2.3 million {}", `[${"{},".repeat(2_300_000)}{}]`],
    ["arrays nested 4 million deep", `${"[".repeat(4_000_000)}${"]".repeat(4_000_000)}`],
  ])("%s: 24 concurrent requests are answered 2003 within the deadline", async (_name, body) => {
    t.sims.source_a.fault({ kind: "status", status: 200, body }, "GET /tracks/:id");
    try {
      const started = performance.now();
      const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => t.json(v1("song", { source: "source_a", id: `${9000 + i}` }))));
      const elapsed = performance.now() - started;
      console.info(`[expanding-json] ${_name}: 24 answers in ${Math.round(elapsed)} ms`);
      expect(answers.map((a) => a.body.code)).toEqual(answers.map(() => 2003));
      expect(answers[0].body.message).toMatch(/more than 250000 values|nested deeper than 64 levels/);
      expect(elapsed).toBeLessThan(DEADLINE_MS);
    } finally {
      t.sims.source_a.fault(undefined, "GET /tracks/:id");
    }
  }, 30_000);
});
