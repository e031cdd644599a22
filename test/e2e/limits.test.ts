/** Every limit of the spec at its boundary, over real HTTP (1001 and HTTP 400 past it). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeApp, v1, type FakeApp } from "../support/fake-app.ts";

let t: FakeApp;
beforeAll(async () => {
  t = await startFakeApp({ config: { rateLimit: { points: 100_000, duration: 60 } } });
});
afterAll(() => t.close());

const expectOk = async (path: string) => {
  const r = await t.json(path);
  expect(r.body.code, JSON.stringify(r.body)).toBe(0);
  expect(r.status).toBe(200);
};
const expectParamError = async (path: string, parameter: string) => {
  const r = await t.json(path);
  expect(r.status).toBe(400);
  expect(r.body).toMatchObject({ code: 1001, data: null, cost: 0 });
  expect(r.body.message).toContain(parameter);
};

describe("search limits", () => {
  it("q of 80 characters is accepted, 81 is 1001", async () => {
    await expectOk(v1("search", { source: "source_a", q: "a".repeat(80) }));
    await expectParamError(v1("search", { source: "source_a", q: "a".repeat(81) }), "q");
  });
  it("q counts characters, not UTF-16 units", async () => {
    await expectOk(v1("search", { source: "source_a", q: "🎵".repeat(80) }));
    await expectParamError(v1("search", { source: "source_a", q: "🎵".repeat(81) }), "q");
  });
  it("q is required and not blank", async () => {
    await expectParamError(v1("search", { source: "source_a" }), "q");
    await expectParamError(v1("search", { source: "source_a", q: "   " }), "q");
  });
  it("page 1 and 50 are accepted, 0 and 51 are 1001", async () => {
    await expectOk(v1("search", { source: "source_a", q: "o", page: 1 }));
    await expectOk(v1("search", { source: "source_a", q: "o", page: 50 }));
    await expectParamError(v1("search", { source: "source_a", q: "o", page: 0 }), "page");
    await expectParamError(v1("search", { source: "source_a", q: "o", page: 51 }), "page");
  });
  it("size 1 and 50 are accepted, 0 and 51 are 1001", async () => {
    await expectOk(v1("search", { source: "source_a", q: "o", size: 1 }));
    await expectOk(v1("search", { source: "source_a", q: "o", size: 50 }));
    await expectParamError(v1("search", { source: "source_a", q: "o", size: 0 }), "size");
    await expectParamError(v1("search", { source: "source_a", q: "o", size: 51 }), "size");
  });
  it("page and size must be plain integers", async () => {
    for (const bad of ["1.5", "1e1", "-1", "abc", " 2", "0x10"]) {
      await expectParamError(v1("search", { source: "source_a", q: "o", page: bad }), "page");
    }
  });
  it("an optional parameter sent empty counts as absent", async () => {
    const r = await t.json(v1("search", { source: "source_a", q: "o", page: "", size: "", type: "" }));
    expect(r.body.code).toBe(0);
    expect(r.body.data).toMatchObject({ page: 1, size: 20 });
    const rank = await t.json(v1("rank", { source: "source_a", id: "" }));
    expect(rank.body.code).toBe(0);
    expect(rank.body.data).toHaveProperty("list");
  });
  it("defaults page to 1 and size to 20", async () => {
    const r = await t.json(v1("search", { source: "source_a", q: "o" }));
    expect(r.body.data).toMatchObject({ page: 1, size: 20, failed: [] });
  });
  it("type accepts only song", async () => {
    await expectOk(v1("search", { source: "source_a", q: "o", type: "song" }));
    await expectParamError(v1("search", { source: "source_a", q: "o", type: "album" }), "type");
  });
});

describe("playlist limits", () => {
  it("page 1000 is accepted, 1001 is 1001", async () => {
    await expectOk(v1("playlist", { source: "source_a", id: "900", page: 1000 }));
    await expectParamError(v1("playlist", { source: "source_a", id: "900", page: 1001 }), "page");
  });
  it("size 100 is accepted, 101 is 1001, 0 is 1001", async () => {
    await expectOk(v1("playlist", { source: "source_a", id: "900", size: 100 }));
    await expectParamError(v1("playlist", { source: "source_a", id: "900", size: 101 }), "size");
    await expectParamError(v1("playlist", { source: "source_a", id: "900", size: 0 }), "size");
  });
  it("defaults page 1 and size 50", async () => {
    const r = await t.json(v1("playlist", { source: "source_a", id: "900" }));
    expect(r.body.data).toMatchObject({ page: 1, size: 50, total: 6, count: 6, hasMore: false });
  });
  it("with_url accepts 1 and 0 only", async () => {
    await expectParamError(v1("playlist", { source: "source_a", id: "900", with_url: "yes" }), "with_url");
  });
});

describe("origin", () => {
  it("is required on every endpoint, /v1/source and /v1/status included", async () => {
    for (const path of ["/v1/source", "/v1/status", "/v1/song?source=source_a&id=1", "/v1/search?source=all&q=a"]) {
      const r = await t.json(path);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe(1001);
      expect(r.body.message).toContain("origin");
    }
  });
  it("64 characters are accepted, 65 are 1001, a bad character is 1001", async () => {
    await expectOk(`/v1/source?origin=${"o".repeat(64)}`);
    await expectParamError(`/v1/source?origin=${"o".repeat(65)}`, "origin");
    await expectParamError(`/v1/source?origin=my%20app`, "origin");
    await expectParamError(`/v1/source?origin=`, "origin");
    await expectOk(`/v1/source?origin=${encodeURIComponent("https://x.example:8080/a_b-c.d")}`);
  });
});

describe("source and id", () => {
  it("source and id are both required on single-resource endpoints", async () => {
    for (const path of ["song", "song/url", "lyric", "album", "artist", "playlist"]) {
      await expectParamError(v1(path, { source: "source_a" }), "id");
      await expectParamError(v1(path, { id: "1" }), "source");
    }
  });
  it("an id with control characters or over 512 characters is 1001; 512 is admitted", async () => {
    await expectParamError(v1("song", { source: "source_a", id: "a\u0000b" }), "id");
    await expectParamError(v1("song", { source: "source_a", id: "1".repeat(513) }), "id");
    // A long id reaches the source (FakeFM does not know it: 3001, not 1001).
    expect((await t.json(v1("song", { source: "source_a", id: "1".repeat(512) }))).body.code).toBe(3001);
  });
  it("a source that names no bound source is 1002 whatever its length, and is not echoed when long", async () => {
    for (const source of ["source_z", "x".repeat(33), "y".repeat(5000)]) {
      const r = await t.json(v1("song", { source, id: "1" }));
      expect(r.body.code).toBe(1002);
      expect(r.status).toBe(400);
      expect(r.body.message.length).toBeLessThan(200);
    }
  });
  it("quality accepts standard, high and lossless only", async () => {
    await expectOk(v1("song/url", { source: "source_a", id: "2", quality: "lossless" }));
    await expectParamError(v1("song/url", { source: "source_a", id: "2", quality: "ultra" }), "quality");
  });
});
