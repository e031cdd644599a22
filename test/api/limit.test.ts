/**
 * `/api/v0/limit`: the service's own traffic (docs/decisions.md (/api)), its exact shape, what is counted,
 * and the 5-minute snapshot; plus the sum over instances sharing one statistics store.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { createStorage } from "unstorage";
import { TrafficStats } from "../../server/engine/share/traffic-stats.ts";
import type { TestApp } from "../support/app.ts";
import type { ShareHostSimulator } from "../../plugins/share-baidu/test/simulator.ts";
import { postList, qrPath, startShareApp, useShareHost } from "./helpers.ts";

let sim: ShareHostSimulator;

useShareHost((started) => (sim = started));
afterEach(() => {
  vi.useRealTimers();
});

const counters = (requests: number, list: number, qrcode: number, failed: number, files: number) => ({ requests, list, qrcode, failed, files });
const START = Date.parse("2026-03-01T10:00:00.000Z");

async function limit(app: TestApp) {
  const response = await app.get("/api/v0/limit");
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
  return response.json();
}

describe("GET /api/v0/limit", () => {
  it("reports {today, total, since, generatedAt} and keeps the snapshot for 5 minutes", async () => {
    // Only Date is faked: sockets and timers stay real.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(START);
    const app = await startShareApp(sim.url);
    try {
      const first = await limit(app);
      expect(first).toEqual({
        code: 200,
        message: "success",
        data: { today: counters(0, 0, 0, 0, 0), total: counters(0, 0, 0, 0, 0), since: "2026-03-01T10:00:00.000Z", generatedAt: "2026-03-01T10:00:00.000Z" },
      });

      vi.setSystemTime(START + 60_000);
      expect((await postList(app, { surl: "1OpenShare", dir: "/" })).status).toBe(200); // 3 files
      expect((await app.get(qrPath("hello", 100))).status).toBe(200);
      expect((await postList(app, { surl: "https://evil.example/s/1x", dir: "/" })).status).toBe(400);
      expect((await app.get("/api/v0/nothing")).status).toBe(404);

      vi.setSystemTime(START + 299_000);
      expect(await limit(app)).toEqual(first);

      vi.setSystemTime(START + 300_000);
      const fresh = await limit(app);
      // limit, list, qrcode, refused list, unknown path, limit (cached): six requests before this one
      expect(fresh.data).toEqual({
        today: counters(6, 1, 1, 2, 3),
        total: counters(6, 1, 1, 2, 3),
        since: "2026-03-01T10:00:00.000Z",
        generatedAt: "2026-03-01T10:05:00.000Z",
      });
      expect(await limit(app)).toEqual(fresh);
    } finally {
      await app.close();
    }
  });

  it("HEAD gives headers only; POST is 405", async () => {
    const app = await startShareApp(sim.url);
    try {
      const head = await app.get("/api/v0/limit", { method: "HEAD" });
      expect([head.status, await head.text()]).toEqual([200, ""]);
      const post = await app.get("/api/v0/limit", { method: "POST" });
      expect(post.status).toBe(405);
      expect(await post.json()).toEqual({ code: 405, message: "method POST is not allowed, use GET", data: null });
    } finally {
      await app.close();
    }
  });
});

describe("TrafficStats", () => {
  it("sums every instance on a shared store; today counts only the current UTC day", async () => {
    const storage = createStorage();
    let now = Date.parse("2026-03-01T23:59:00.000Z");
    const a = new TrafficStats(storage, () => now);
    a.count("list", true, 5);
    a.count("qrcode", false);
    now = Date.parse("2026-03-02T00:01:00.000Z");
    const b = new TrafficStats(storage, () => now);
    b.count("list", true, 2);
    b.count("other", true);
    a.count("qrcode", true);
    await new Promise((resolve) => setTimeout(resolve, 10)); // let the writes land

    const snapshot = await b.snapshot();
    expect(snapshot).toEqual({
      today: counters(3, 1, 1, 0, 2),
      total: counters(5, 2, 1, 1, 7),
      since: "2026-03-01T23:59:00.000Z",
      generatedAt: "2026-03-02T00:01:00.000Z",
    });
    // The snapshot is shared: the other instance answers the same within 5 minutes.
    a.count("other", false);
    now += 120_000;
    expect(await a.snapshot()).toEqual(snapshot);
  });
});
