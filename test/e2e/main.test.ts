/** The real entry point: starts on a config file, serves, drains in-flight requests on SIGTERM, refuses a busy port. */
import { createServer } from "node:net";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TEST_UA } from "../support/app.ts";
import { PROJECT_ROOT, freePort, startMainProcess } from "../support/main-process.ts";

describe("server/main.ts", () => {
  it("listens on PORT, and on SIGTERM finishes the request in flight, then exits 0", async () => {
    const port = await freePort();
    const main = startMainProcess({
      port,
      config: {
        plugins: [join(PROJECT_ROOT, "test/fixtures/third-party/source-slow.ts")],
        sources: { source_a: { plugin: "slow", options: { delayMs: 700 } } },
        lyrics: false,
        share: { qrSecret: "main-test-secret" },
      },
    });
    try {
      await main.ready;
      expect(main.port).toBe(port);
      expect(main.output()).toContain("config ");
      const inFlight = fetch(`${main.url}/v1/song?origin=t&source=source_a&id=7`, { headers: { "user-agent": TEST_UA } });
      await new Promise((r) => setTimeout(r, 150));
      main.child.kill("SIGTERM");
      const response = await inFlight;
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ code: 0, data: { name: "slow 7" } });
      expect(await main.exited).toBe(0);
      expect(main.output()).toContain("SIGTERM: closing");
    } finally {
      await main.stop();
    }
  }, 30_000);

  it("refuses a bad config with a message naming the key, exit 1", async () => {
    const main = startMainProcess({ config: { rateLimit: { points: "many" }, cache: { maxx: 5 } }, env: { LOG_FORMAT: "json" } });
    expect(await main.exited).toBe(1);
    expect(main.output()).toContain("rateLimit.points");
    // Each problem is a log line of its own, not a "\n" inside one line.
    const lines = main.output().split("\n").filter((line) => line.includes('"level":"error"'));
    expect(lines.map((line) => JSON.parse(line).msg)).toEqual([
      "invalid configuration:",
      expect.stringMatching(/^  - .* cache\.maxx: unknown key; did you mean max\?$/),
      expect.stringMatching(/^  - .* rateLimit\.points: /),
    ]);
  }, 30_000);

  it("exits 1 naming the address when PORT is busy, instead of moving to another port", async () => {
    const busy = createServer();
    const port = await new Promise<number>((r) => busy.listen(0, "127.0.0.1", () => r((busy.address() as { port: number }).port)));
    try {
      const main = startMainProcess({ port, config: { sources: {}, lyrics: false } });
      expect(await main.exited).toBe(1);
      expect(main.output()).toContain(`cannot listen on 127.0.0.1:${port}: the address is already in use`);
      expect(main.output()).not.toContain("listening on");
    } finally {
      busy.close();
    }
  }, 30_000);
});
