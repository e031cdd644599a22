/**
 * `server.maxConnectionsPerAddress` against the real entry point: past the cap, a connection's
 * first request is refused with 429 in the envelope of its path (the probes are still
 * answered) and the connection closes, and past a few more a connection is closed unread;
 * other addresses, and proxies `rateLimit.trustProxy` trusts, are not concerned; once
 * connections close, the address is served again. And the ceiling's default follows the
 * open-file limit.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../../server/engine/config.ts";
import { ANSWERED_PAST_CAP, defaultMaxConnections } from "../../server/process/connections.ts";
import { startMainProcess, type MainProcess } from "../support/main-process.ts";
import { exchange, idle, probe, type Held } from "../support/raw-clients.ts";

describe("past the cap of connections per address", () => {
  let main: MainProcess;
  let holding: Held[] = [];
  beforeAll(async () => {
    main = startMainProcess({ config: { sources: {}, lyrics: false, server: { maxConnectionsPerAddress: 3 }, rateLimit: { trustProxy: ["127.0.0.3"] } } });
    await main.ready;
    // Three connections of 127.0.0.1 that send nothing: its cap.
    holding = Array.from({ length: 3 }, () => idle(main.port, "127.0.0.1"));
    await Promise.all(holding.map((one) => one.connected));
  }, 30_000);
  afterAll(async () => {
    for (const one of holding) one.socket.destroy();
    await main.stop();
  });

  it("a request is 429 in the envelope of its path, with Retry-After, and the connection closes", async () => {
    const message = "too many connections from this address at once: close some before opening more";
    const v1 = await probe(main.port, "/v1/status?origin=t");
    expect([v1.status, JSON.parse(v1.body), v1.closed]).toEqual([429, { code: 4001, message, data: null, source: null, cost: 0 }, true]);
    expect(v1.headers).toContain("retry-after: 1");
    expect(v1.headers).toContain("connection: close");
    const api = await probe(main.port, "/api/v0/limit");
    expect([api.status, JSON.parse(api.body)]).toEqual([429, { code: 429, message, data: null }]);
    const page = await probe(main.port, "/docs");
    expect([page.status, JSON.parse(page.body).code]).toEqual([429, 4001]);
  });

  it("the probes are still answered, and the connection closes after them", async () => {
    const health = await probe(main.port, "/healthz");
    expect([health.status, health.body, health.closed]).toEqual([200, '{"status":"ok"}', true]);
    const ready = await probe(main.port, "/readyz");
    expect([ready.status, JSON.parse(ready.body).status]).toEqual([200, "ready"]);
  });

  it("requests pipelined behind the first get nothing: one answer, then the connection closes", async () => {
    const answers = await exchange(main.port, ["/v1/status?origin=t", "/healthz", "/v1/status?origin=t"]);
    expect(answers.map((a) => [a.status, a.closed])).toEqual([[429, true]]);
  });

  it("another address, and a trusted proxy with more connections than the cap, are served", async () => {
    expect((await probe(main.port, "/v1/status?origin=t", "127.0.0.2")).status).toBe(200);
    const proxy = Array.from({ length: 5 }, () => idle(main.port, "127.0.0.3"));
    try {
      await Promise.all(proxy.map((one) => one.connected));
      const answer = await exchange(main.port, [`GET /v1/status?origin=t HTTP/1.1\r\nHost: t\r\nUser-Agent: t/1.0\r\nX-Forwarded-For: 198.51.100.7\r\nConnection: close\r\n\r\n`], { from: "127.0.0.3" });
      expect(answer[0].status).toBe(200);
    } finally {
      for (const one of proxy) one.socket.destroy();
    }
  });

  it("past the cap and ANSWERED_PAST_CAP more, a connection is closed unread; they are answered again once those go", async () => {
    const band = Array.from({ length: ANSWERED_PAST_CAP }, () => idle(main.port, "127.0.0.1"));
    try {
      await Promise.all(band.map((one) => one.connected));
      const dropped = await probe(main.port, "/healthz");
      expect([dropped.status, dropped.closed]).toEqual([0, true]);
    } finally {
      for (const one of band) one.socket.destroy();
    }
    await new Promise((r) => setTimeout(r, 200));
    expect((await probe(main.port, "/healthz")).status).toBe(200);
  });

  it("once its connections close, the address is served again", async () => {
    for (const one of holding) one.socket.destroy();
    await new Promise((r) => setTimeout(r, 200));
    expect((await probe(main.port, "/v1/status?origin=t")).status).toBe(200);
  });
});

describe("config", () => {
  it("the ceiling's default: the open-file limit less an eighth, at least 128 kept back; none when unlimited or unknown", () => {
    const limits = (soft: string) => {
      const file = join(mkdtempSync(join(tmpdir(), "limits-")), "limits");
      writeFileSync(file, `Limit                     Soft Limit           Hard Limit           Units     \nMax open files            ${soft}                1048576              files     \n`);
      return defaultMaxConnections(file);
    };
    expect([limits("1024"), limits("256"), limits("65536"), limits("100")]).toEqual([896, 128, 57_344, 64]);
    expect(limits("unlimited")).toBeUndefined();
    expect(defaultMaxConnections("/no/such/file")).toBeUndefined();
  });

  it("the readiness grace and the drain must fit well within the forced exit", () => {
    expect(parseConfig({}, {}).server).toMatchObject({ writeStallTimeoutMs: 20_000, maxConnectionsPerAddress: 64, readinessGraceMs: 2000, drainTimeoutMs: 5000 });
    expect(parseConfig({ server: { readinessGraceMs: 0, drainTimeoutMs: 8000 } }, {}).server.readinessGraceMs).toBe(0);
    expect(() => parseConfig({ server: { readinessGraceMs: 4000, drainTimeoutMs: 5000 } }, {})).toThrow(
      "config server.drainTimeoutMs: readinessGraceMs + drainTimeoutMs must be at most 8000 (the process is stopped 10 s after the signal)",
    );
  });
});
