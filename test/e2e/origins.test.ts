/**
 * `/v1/status` `origins`: requests per validated origin, the most requested first, counted
 * whether or not the access log is written; a request refused before its origin was read
 * counts for no origin.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeApp, type FakeApp } from "../support/fake-app.ts";

describe("/v1/status origins", () => {
  let app: FakeApp;
  beforeAll(async () => {
    app = await startFakeApp({ config: { log: { access: false }, rateLimit: { points: 1000 } } });
  });
  afterAll(() => app.close());

  it("counts each request for its validated origin", async () => {
    for (const origin of ["site-a", "site-b", "site-a", "app:x/1", "site-a"]) {
      expect((await app.get(`/v1/song?origin=${origin}&source=source_a&id=1`)).status).toBe(200);
    }
    // Refused before the origin (a blocked user-agent) or with a bad one: no origin to count.
    expect((await app.get("/v1/song?origin=site-b&source=source_a&id=1", { headers: { "user-agent": "curl/8" } })).status).toBe(403);
    expect((await app.get("/v1/song?origin=bad%20origin&source=source_a&id=1")).status).toBe(400);
    // A request with a valid origin that fails later still counts.
    expect((await app.get("/v1/song?origin=site-b&source=nope&id=1")).status).toBe(400);
    const status = await app.json("/v1/status?origin=status");
    expect(status.body.data.origins).toEqual([
      { origin: "site-a", requests: 3 },
      { origin: "site-b", requests: 2 },
      { origin: "app:x/1", requests: 1 },
    ]);
    expect(app.logs.filter((line) => line.includes("[music:access]"))).toEqual([]);
  });
});
