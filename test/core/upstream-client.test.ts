/**
 * The upstream client every plugin uses: one deadline per request, retries only after fast
 * failures and only inside it, the real waiting time in 2001 messages, redirects only to the
 * upstream's own hosts, and getJson's mapping of transport, status and shape failures. Both
 * clients are held to it: the service's (node:http) and the kit harness's (global fetch), so
 * that a plugin's tests see what the service would report.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "@music-aggregator/core";
import { startSimulator, testClientFactory as kitClientFactory, type Simulator } from "@music-aggregator/core/testing";
import { engineClientFactory } from "../support/engine-client.ts";
import { failure } from "../support/failure.ts";

let sim: Simulator;
let other: Simulator;
let attempts = 0;

beforeAll(async () => {
  other = await startSimulator({ "GET /elsewhere": () => ({ hijacked: true }) });
  sim = await startSimulator({
    "GET /ok": () => ({ id: 7, title: "Seven" }),
    "GET /flaky": () => (++attempts < 3 ? new Response("busy", { status: 503 }) : Response.json({ id: 7, title: "Seven" })),
    "GET /same-host": () => new Response(null, { status: 302, headers: { location: "/ok" } }),
    "GET /other-host": () => new Response(null, { status: 307, headers: { location: `${other.url}/elsewhere` } }),
    "POST /moved": () => new Response(null, { status: 307, headers: { location: "/ok" } }),
    "GET /loop": () => new Response(null, { status: 302, headers: { location: "/loop" } }),
    "GET /missing": () => new Response(JSON.stringify({ error: "no" }), { status: 404 }),
  });
});
afterAll(async () => {
  await sim.close();
  await other.close();
});
beforeEach(() => {
  sim.reset();
  other.reset();
  attempts = 0;
});

const Track = z.object({ id: z.number(), title: z.string() });

describe.each([
  ["the service's client", engineClientFactory],
  ["the kit harness's client", kitClientFactory],
])("%s", (_name, testClientFactory) => {
  describe("time", () => {
    it("a hanging upstream costs one wait of timeoutMs, not one per attempt, and the message says how long", async () => {
      const http = testClientFactory({ timeoutMs: 300, retries: 2 }).create({ name: "Hang", baseURL: sim.url });
      sim.fault({ kind: "hang" });
      const { code, message, ms } = await failure(() => http.request("/ok"));
      expect(code).toBe(2001);
      expect(sim.log).toHaveLength(1);
      expect(ms).toBeGreaterThanOrEqual(290);
      expect(ms).toBeLessThan(600);
      expect(message).toMatch(/^Hang did not answer within (29\d|3\d\d) ms$/);
    });

    it("the caller's signal shortens the wait", async () => {
      const http = testClientFactory({ timeoutMs: 5000 }).create({ name: "Hang", baseURL: sim.url });
      sim.fault({ kind: "hang" });
      const { code, ms } = await failure(() => http.request("/ok", { signal: AbortSignal.timeout(150) }));
      expect(code).toBe(2001);
      expect(ms).toBeLessThan(1000);
    });

    it("502/503/504 and reset connections are retried inside the deadline", async () => {
      const http = testClientFactory({ timeoutMs: 3000, retries: 2 }).create({ name: "Flaky", baseURL: sim.url });
      await expect(http.getJson("/flaky", Track)).resolves.toEqual({ id: 7, title: "Seven" });
      expect(sim.log).toHaveLength(3);
      sim.reset();
      sim.fault({ kind: "reset" });
      expect((await failure(() => http.request("/ok"))).code).toBe(2002);
      expect(sim.calls.get("*reset")).toBe(3);
    });

    it("a 500 and a 429 without a short Retry-After fail at once", async () => {
      const http = testClientFactory({ timeoutMs: 3000, retries: 2 }).create({ name: "Strict", baseURL: sim.url });
      for (const fault of [
        { kind: "status", status: 500 },
        { kind: "status", status: 429 },
        { kind: "status", status: 429, headers: { "retry-after": "30" } },
      ] as const) {
        sim.reset();
        sim.fault(fault);
        const { code, ms } = await failure(() => http.request("/ok"));
        expect(code).toBe(2002);
        expect(sim.log).toHaveLength(1);
        expect(ms).toBeLessThan(500);
      }
    });

    it("a 429 with a short Retry-After is waited for, inside the deadline", async () => {
      const http = testClientFactory({ timeoutMs: 3000, retries: 1 }).create({ name: "Busy", baseURL: sim.url });
      sim.fault({ kind: "status", status: 429, headers: { "retry-after": "1" } });
      const { code, ms } = await failure(() => http.request("/ok"));
      expect(code).toBe(2002);
      expect(sim.log).toHaveLength(2);
      expect(ms).toBeGreaterThanOrEqual(950);
    });

    it("a retry that would not fit in the deadline is not made", async () => {
      const http = testClientFactory({ timeoutMs: 800, retries: 3 }).create({ name: "Busy", baseURL: sim.url });
      sim.fault({ kind: "status", status: 503, headers: { "retry-after": "1" } });
      const { code, ms } = await failure(() => http.request("/ok"));
      expect(code).toBe(2002);
      expect(sim.log).toHaveLength(1);
      expect(ms).toBeLessThan(400);
    });
  });

  describe("redirects", () => {
    it("are followed on the upstream's own host", async () => {
      const http = testClientFactory().create({ name: "Here", baseURL: sim.url });
      await expect(http.getJson("/same-host", Track)).resolves.toEqual({ id: 7, title: "Seven" });
    });

    it("to another host are not followed (2002; the host, the upstream's word, only for the log), unless the plugin declares that host", async () => {
      const http = testClientFactory().create({ name: "Here", baseURL: sim.url });
      const { code, message, said } = await failure(() => http.request("/other-host"));
      expect(code).toBe(2002);
      expect(message).toBe("Here redirected to another host, which is not followed");
      expect(said).toBe(`Location: ${new URL(other.url).host}`);
      expect(other.log).toEqual([]);
      const allowed = testClientFactory().create({ name: "Here", baseURL: sim.url, redirectHosts: [new URL(other.url).host] });
      await expect(allowed.getJson("/other-host", z.object({ hijacked: z.boolean() }))).resolves.toEqual({ hijacked: true });
    });

    it("of a POST are not repeated, and a loop ends", async () => {
      const http = testClientFactory().create({ name: "Here", baseURL: sim.url });
      expect((await failure(() => http.request("/moved", { method: "POST", form: { a: 1 } }))).message).toBe("Here redirected a POST, which is not repeated");
      expect((await failure(() => http.request("/loop"))).message).toBe("Here redirected more than 3 times");
    });
  });

  describe("bodies", () => {
    it("an answer past maxBodyBytes is 2003 naming the cap; a truncated one 2003; one that trickles past the deadline 2001", async () => {
      const http = testClientFactory({ timeoutMs: 500, maxBodyBytes: 100_000 }).create({ name: "Big", baseURL: sim.url });
      sim.fault({ kind: "huge", bytes: 1_000_000 });
      expect(await failure(() => http.request("/ok"))).toMatchObject({ code: 2003, message: "Big answer is larger than 100000 bytes" });
      sim.fault({ kind: "truncated" });
      expect(await failure(() => http.getJson("/ok", Track))).toMatchObject({ code: 2003, message: "Big answered something that is not JSON" });
      sim.fault({ kind: "trickle", chunkIntervalMs: 100, chunks: 20 });
      expect((await failure(() => http.request("/ok"))).code).toBe(2001);
    });
  });

  describe("getJson", () => {
    const http = () => testClientFactory().create({ name: "Shop", baseURL: sim.url });

    it("reads the answer with the schema", async () => {
      await expect(http().getJson("/ok", Track)).resolves.toEqual({ id: 7, title: "Seven" });
    });

    it("404 is 3001 where the plugin says so, 2002 otherwise; other statuses 2002 naming them", async () => {
      expect(await failure(() => http().getJson("/missing", Track, { notFound: true }))).toMatchObject({ code: 3001, message: "Shop has no /missing" });
      expect(await failure(() => http().getJson("/missing", Track))).toMatchObject({ code: 2002, message: "Shop answered HTTP 404 for /missing" });
      sim.fault({ kind: "status", status: 403 });
      expect(await failure(() => http().getJson("/ok", Track))).toMatchObject({ code: 2002, message: "Shop answered HTTP 403 for /ok" });
    });

    it("a body that is not JSON, or not of the shape, is 2003; the bad field (the upstream's keys and values) only for the log", async () => {
      sim.fault({ kind: "html" });
      expect(await failure(() => http().getJson("/ok", Track))).toMatchObject({ code: 2003, message: "Shop answered something that is not JSON" });
      sim.fault({ kind: "json", body: { id: "seven", title: "Seven" } });
      expect(await failure(() => http().getJson("/ok", Track))).toMatchObject({ code: 2003, message: "Shop answer for /ok is not understood", said: expect.stringMatching(/^id: /) });
    });
  });
});
