/**
 * The log of a real run with `LOG_FORMAT=json`: every line of stdout and stderr is one JSON
 * object with a time, a level and a scope, whatever the requests and the upstreams sent (a
 * forged JSON line, newlines, line separators, C1 controls and terminal escapes in an
 * upstream's error text, encoded newlines in a path, hostile request ids). One access line per
 * request, with its fields and the request id its answer carried; none for the probes.
 */
import { request } from "node:http";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { requestId } from "../../server/request/exchange.ts";
import { TEST_UA } from "../support/app.ts";
import { PROJECT_ROOT, startMainProcess } from "../support/main-process.ts";

const get = (url: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; requestId: string }>((resolve, reject) => {
    const req = request(url, { headers: { "user-agent": TEST_UA, ...headers } }, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode!, requestId: String(res.headers["x-request-id"]) }));
    });
    req.on("error", reject);
    req.end();
  });

describe("JSON logs of a real run", () => {
  it("every line parses, injections stay inside their line, one access line per request", async () => {
    const main = startMainProcess({
      env: { LOG_FORMAT: "json" },
      config: {
        plugins: [join(PROJECT_ROOT, "test/fixtures/third-party/source-slow.ts"), join(PROJECT_ROOT, "test/fixtures/third-party/source-noisy.ts")],
        sources: { source_a: { plugin: "slow", options: { delayMs: 5 } }, source_b: { plugin: "noisy" }, source_c: false, source_d: false },
        lyrics: false,
        share: { qrSecret: "logs-test-secret" },
      },
    });
    let stdout = "";
    let stderr = "";
    main.child.stdout!.on("data", (d) => (stdout += d));
    main.child.stderr!.on("data", (d) => (stderr += d));
    try {
      await main.ready;
      const song = `${main.url}/v1/song?origin=t&source=source_a&id=1`;
      const answers = [
        await get(song, { "x-request-id": "trace-abc.123" }), // a miss, the caller's id kept
        await get(song, { "x-request-id": "trace-abc.124" }), // a hit
        await get(`${main.url}/v1/song?origin=t&source=source_b&id=1`), // 502: the upstream's hostile text is logged
        await get(`${main.url}/v1/song%0A%7B%22level%22:%22info%22%7D?origin=t`), // 404 for a path with an encoded newline
        await get(`${main.url}/v1/song?origin=a%0Ab&source=source_a&id=1`), // 1001
        await get(song, { "x-request-id": "has space" }), // not well formed: a new id
        await get(song, { "x-request-id": "x".repeat(129) }),
        await get(song, { "x-request-id": "nel\u0085inside" }),
        await get(song, { "x-request-id": "tab\tinside" }),
      ];
      expect(answers.map((a) => a.status)).toEqual([200, 200, 502, 404, 400, 200, 200, 200, 200]);
      expect(answers.slice(0, 2).map((a) => a.requestId)).toEqual(["trace-abc.123", "trace-abc.124"]);
      for (const answer of answers.slice(2)) expect(answer.requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      await get(`${main.url}/healthz`); // quiet
      main.child.kill("SIGTERM");
      expect(await main.exited).toBe(0);

      const parsed = [...stdout.split("\n"), ...stderr.split("\n")].filter((line) => line !== "").map((line) => JSON.parse(line));
      for (const entry of parsed) {
        expect(entry).toMatchObject({ level: expect.stringMatching(/^(info|warn|error)$/), scope: expect.stringMatching(/^music/) });
        expect(Number.isNaN(Date.parse(entry.time))).toBe(false);
      }
      // the forged line is text inside a message, never a line of its own
      expect(parsed.filter((entry) => entry.msg === "forged")).toEqual([]);
      const warning = parsed.find((entry) => entry.level === "warn" && entry.msg.startsWith("source_b song: upstream said:"));
      // escaped when the error was made (core/errors.ts) or when the line was written: the text is there, its controls are not
      expect(warning.msg).toContain('\\n{"level":"info","scope":"music:access","msg":"forged"}');
      expect(warning.msg).toMatch(/second line\\u2028third\\u0085fourth\\u001b\[31mred/);
      expect(warning.msg).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
      const pluginLine = parsed.find((entry) => entry.msg?.startsWith("starting: bad gateway"));
      expect(pluginLine.note).toBe('bad gateway\\n{"level":"info","scope":"music:access","msg":"forged"}\\r\\nsecond line\\u2028third\\u0085fourth\\u001b[31mred');

      const access = parsed.filter((entry) => entry.scope === "music:access");
      expect(access.map((entry) => entry.reqId)).toEqual(answers.map((a) => a.requestId));
      expect(access[0]).toMatchObject({ method: "GET", path: "/v1/song", status: 200, code: 0, source: "source_a", origin: "t", cache: "MISS", reqId: "trace-abc.123", ms: expect.any(Number) });
      expect(access[1]).toMatchObject({ status: 200, cache: "HIT", reqId: "trace-abc.124" });
      expect(access[2]).toMatchObject({ status: 502, code: 2002, source: "source_b" });
      expect(access[3]).toMatchObject({ status: 404, code: 3001, path: "/v1/song%0A%7B%22level%22:%22info%22%7D", origin: null });
      expect(access[4]).toMatchObject({ status: 400, code: 1001, origin: null });
    } finally {
      await main.stop();
    }
  }, 30_000);
});

describe("new request ids", () => {
  it("are UUIDs (version 4, RFC 9562 variant), each different, across the counter's blocks", () => {
    const ids = Array.from({ length: 1000 }, () => requestId(undefined));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(1000);
    // a caller's well-formed id is kept, anything else replaced
    expect(requestId("trace-abc.123")).toBe("trace-abc.123");
    expect(requestId("bad id\r\n")).toMatch(/^[0-9a-f]{8}-/);
  });
});
