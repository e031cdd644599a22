/** GET / documents the /v1 data types from the same schemas plugin answers are validated against. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeApp, type FakeApp } from "../support/fake-app.ts";

let t: FakeApp;
beforeAll(async () => {
  t = await startFakeApp({ config: { share: { qrSecret: "docs-test-secret" } } });
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
});
