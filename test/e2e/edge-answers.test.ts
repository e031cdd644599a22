/**
 * Answers at the edges of the interface: paths no route serves (malformed percent-encoding
 * included) in the usual order of checks and echoing nothing; HEAD with the GET's length;
 * user-agents blocked by product token; addresses of songs that are not playable; answers of
 * the service's own state not marked as cached; the client address behind trusted proxies.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_UA } from "../support/app.ts";
import { startFakeApp, v1, type FakeApp } from "../support/fake-app.ts";

let t: FakeApp;
beforeAll(async () => {
  t = await startFakeApp({ config: { rateLimit: { points: 100_000, duration: 60 }, upstream: { retries: 0 } } });
});
afterAll(() => t.close());

describe("paths no route serves", () => {
  it.each(["/v1/%FF", "/v1/%C0%AF", "/v1/song%", "/v1/%E0%A4%A"])("%s gets the envelope in the usual order of checks", async (path) => {
    const post = await t.json(`${path}?origin=t`, { method: "POST" });
    expect([post.status, post.body.code]).toEqual([405, 1004]);
    const blocked = await t.json(`${path}?origin=t`, { headers: { "user-agent": "curl/8.5.0" } });
    expect([blocked.status, blocked.body.code]).toEqual([403, 4002]);
    const unknown = await t.json(`${path}?origin=t`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ code: 3001, message: "no such endpoint under /v1; /docs is the reference of the interface", data: null, source: null, cost: 0 });
    expect(unknown.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("a spent rate limit comes before the unknown path, as for any /v1 request", async () => {
    const limited = await startFakeApp({ config: { rateLimit: { points: 2, duration: 60 } } });
    try {
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push((await limited.json("/v1/%FF?origin=t")).body.code);
      expect(codes).toEqual([3001, 3001, 4001]);
    } finally {
      await limited.close();
    }
  });

  it("echo nothing of the request: not the path, the query or the Host", async () => {
    for (const path of ["/nothing/<script>alert(1)</script>?q=%3Cb%3E", "/v1/nothing-<b>?x=<i>", "/api/v9/<svg>?y=1"]) {
      const response = await t.get(path, { headers: { host: "evil.example" } });
      const text = await response.text();
      expect(response.status).toBe(404);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      for (const echoed of ["script", "<b>", "<i>", "svg", "evil.example", "nothing"]) expect(text).not.toContain(echoed);
    }
  });
});

describe("HEAD", () => {
  it.each(["/v1/song?origin=t&source=source_a&id=1", "/v1/source?origin=t", "/v1/song?origin=t&source=source_a&id=404", "/api/v0/limit", "/"])(
    "%s carries the Content-Length of the GET answer and no body",
    async (path) => {
      await (await t.get(path)).arrayBuffer(); // warmed: the answers compared are both from cache
      const get = await t.get(path);
      const body = await get.arrayBuffer();
      const head = await t.get(path, { method: "HEAD" });
      expect(head.status).toBe(get.status);
      expect(Number(head.headers.get("content-length"))).toBe(body.byteLength);
      expect(head.headers.get("content-type")).toBe(get.headers.get("content-type"));
      expect((await head.arrayBuffer()).byteLength).toBe(0);
    },
  );
});

describe("user-agents", () => {
  it.each([
    "Python/3.11 aiohttp/3.9.1",
    "Java-http-client/17.0.2",
    "python-httpx/0.27.0",
    "Mozilla/5.0 curl/8.5.0",
    "CURL/8.5.0",
    "okhttp/4.12.0",
    "got (https://github.com/sindresorhus/got)",
    "node",
    "   ",
  ])("%j is blocked (4002)", async (ua) => {
    const r = await t.json(v1("source"), { headers: { "user-agent": ua } });
    expect([r.status, r.body.code]).toEqual([403, 4002]);
  });

  it.each([
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
    "my-app/1.0",
    "nodeapp/1.0 (contact@example.org)",
    "MyPlayer/2.1 (built with curl, node and Java)",
  ])("%j passes", async (ua) => {
    const r = await t.json(v1("source"), { headers: { "user-agent": ua } });
    expect(r.body.code).toBe(0);
  });
});

describe("addresses of songs that are not playable", () => {
  it("an available:false song is 3001 on song/url, as with_url gives it null; a VIP song 3002", async () => {
    const song = await t.json(v1("song", { source: "source_a", id: "7" }));
    expect(song.body.data).toMatchObject({ available: false, vip: false });
    const url = await t.json(v1("song/url", { source: "source_a", id: "7" }));
    expect([url.status, url.body.code]).toEqual([404, 3001]);
    expect(url.body.message).toBe("song 7 of source_a is not publicly playable: it has no address");
    const vip = await t.json(v1("song/url", { source: "source_a", id: "3" }));
    expect([vip.status, vip.body.code]).toEqual([403, 3002]);
  });

  it("a playlist's with_url gives such songs null, the same tracks song/url refuses", async () => {
    const playlist = await t.json(v1("playlist", { source: "source_a", id: "901", with_url: 1 }));
    expect(playlist.body.code).toBe(0);
    const urls = Object.fromEntries(playlist.body.data.song.map((s: { id: string; url: unknown }) => [s.id, s.url]));
    expect(playlist.body.data.song.map((s: { id: string }) => s.id)).toEqual(["1", "7", "3"]);
    expect(urls["1"]).toMatch(/^https?:\/\//);
    expect([urls["7"], urls["3"]]).toEqual([null, null]);
    for (const [id, code] of [["1", 0], ["7", 3001], ["3", 3002]] as const) {
      expect((await t.json(v1("song/url", { source: "source_a", id }))).body.code, id).toBe(code);
    }
  });
});

describe("the service's own state", () => {
  it("/v1/source and /v1/status carry no X-Cache; cached answers do", async () => {
    for (const path of ["source", "status"]) {
      const r = await t.json(v1(path));
      expect(r.body.code).toBe(0);
      expect(r.headers.get("x-cache")).toBeNull();
    }
    await t.json(v1("song", { source: "source_a", id: "2" }));
    expect((await t.json(v1("song", { source: "source_a", id: "2" }))).headers.get("x-cache")).toBe("HIT");
  });
});

describe("the client address behind proxies", () => {
  const ask = (app: FakeApp, forwardedFor: string) => app.json(v1("source"), { headers: { "user-agent": TEST_UA, "x-forwarded-for": forwardedFor } });

  it("trustProxy false (the default): X-Forwarded-For is ignored, the limit holds", async () => {
    const app = await startFakeApp({ config: { rateLimit: { points: 2, duration: 60 } } });
    try {
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await ask(app, `10.0.${i}.1`)).body.code);
      expect(codes).toEqual([0, 0, 4001, 4001]);
    } finally {
      await app.close();
    }
  });

  it("trustProxy true: the address the loopback proxy saw is the key; what the client wrote on the left changes nothing", async () => {
    const app = await startFakeApp({ config: { rateLimit: { points: 2, duration: 60, trustProxy: true } } });
    try {
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await ask(app, `${i}.${i}.${i}.${i}, 203.0.113.9`)).body.code);
      expect(codes).toEqual([0, 0, 4001, 4001]);
      // Another client behind the same proxy has a budget of its own.
      expect((await ask(app, "203.0.113.10")).body.code).toBe(0);
      // Unique junk does not grow anything: it is never a key.
      for (let i = 0; i < 50; i++) expect((await ask(app, `${"x".repeat(15_000)}${i}, 203.0.113.11`)).status).not.toBe(500);
    } finally {
      await app.close();
    }
  });

  it.each([
    ["a hop count (2)", 2],
    ["a list of CIDRs", ["127.0.0.0/8", "10.0.0.0/8"]],
  ] as const)("trustProxy as %s: the walk from the right stops at the first untrusted address, on /v1 and /api alike", async (_name, trustProxy) => {
    const app = await startFakeApp({ config: { rateLimit: { points: 2, duration: 60, trustProxy: trustProxy as never } } });
    try {
      // socket 127.0.0.1 (trusted) → 10.0.0.7 (trusted) → 203.0.113.9, the client
      const behind = (left: string) => `${left}, 203.0.113.9, 10.0.0.7`;
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push((await ask(app, behind(`198.51.100.${i}`))).body.code);
      expect(codes).toEqual([0, 0, 4001]);
      // /api keys its own budget on the same client address
      const list = async (forwardedFor: string) =>
        (await app.get("/api/v0/list", { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor }, body: "{}" })).status;
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push(await list(behind(`192.0.2.${i}`)));
      expect(statuses.map((status) => status === 429)).toEqual([false, false, true]);
      expect(await list("203.0.113.10, 10.0.0.7")).not.toBe(429);
      // another client behind the same proxies has its own
      expect((await ask(app, "203.0.113.10, 10.0.0.7")).body.code).toBe(0);
      // what is not an address ends the walk: the last trusted hop is the key
      expect((await ask(app, "not-an-ip, 10.0.0.8")).body.code).toBe(0);
    } finally {
      await app.close();
    }
  });
});
