/**
 * GET / documents the /v1 data types from the same schemas plugin answers are validated
 * against, the registered sources with what each serves, the user-agent rule and the error codes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeApp, type FakeApp } from "../support/fake-app.ts";

let t: FakeApp;
beforeAll(async () => {
  t = await startFakeApp({
    sources: { source_a: undefined, source_b: { search: true, song: true, url: true, album: true, artist: true } },
    config: { share: { qrSecret: "docs-test-secret" }, userAgentBlock: ["my-scraper"] },
  });
});
afterAll(() => t.close());

describe("documentation page", () => {
  it("lists every /v1 data type with its fields and types", async () => {
    const html = await (await t.get("/")).text();
    for (const type of ["Song", "SongDetail", "SongUrl", "Lyric", "AlbumDetail", "ArtistDetail", "PlaylistSong", "PlaylistDetail", "RankItem", "RankList", "RankDetail", "SearchPage", "SourceInfo", "StatusInfo"]) {
      expect(html).toContain(`<h3 id="type-${type}">${type}</h3>`);
    }
    expect(html).toContain("<tr><td><code>publishAt</code></td><td><code>string (YYYY-MM-DD, or YYYY / YYYY-MM), nullable</code></td></tr>");
    expect(html).toContain("<tr><td><code>song</code></td><td><code>array of PlaylistSong</code></td></tr>");
    expect(html).toContain("<tr><td><code>updateAt</code></td><td><code>string (ISO 8601 date-time), nullable</code></td></tr>");
  });

  it("lists the registered sources with their capabilities, from the plugins", async () => {
    const html = await (await t.get("/")).text();
    const row = (id: string) => new RegExp(`<tr><td><code>${id}</code></td>(.*?)</tr>`).exec(html)?.[1];
    expect(row("source_a")).toBe("<td>yes</td>".repeat(10));
    expect(row("source_b")).toBe(["yes", "yes", "yes", "–", "yes", "yes", "–", "–", "yes", "–"].map((c) => `<td>${c}</td>`).join(""));
    expect(html).not.toContain("<code>source_c</code>");
  });

  it("states the user-agent rule with the block list in force", async () => {
    const html = await (await t.get("/")).text();
    expect(html).toContain('<h3 id="user-agent">User-agent</h3>');
    expect(html).toMatch(/answered 4002 with HTTP 403: .*<code>curl<\/code>.*<code>my-scraper<\/code>/);
  });

  it("has the /v1 error table: every code with its HTTP status", async () => {
    const html = await (await t.get("/")).text();
    for (const [code, status] of [[1001, 400], [1002, 400], [1003, 400], [1004, 405], [2001, 504], [2002, 502], [2003, 502], [3001, 404], [3002, 403], [4001, 429], [4002, 403], [5000, 500]]) {
      expect(html, String(code)).toMatch(new RegExp(`<tr><td><code>${code}</code></td><td>[^<]+</td><td>${status}</td>`));
    }
  });
});
