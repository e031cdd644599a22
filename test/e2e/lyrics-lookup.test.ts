/**
 * What the core hands the lyrics provider: a song's album only when its source's albums are
 * releases. The Internet Archive's "album" is an item ("Marrow Hill Live at Cedar Street
 * Ballroom on 1981-06-12"): sent to LRCLIB as `album_name` it would only make `/api/get` miss.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateDefinition } from "../../core/validate.ts";
import { startLrclibSimulator, type LrclibSimulator } from "../../plugins/lyrics-lrclib/test/lrclib-upstream.ts";
import archive from "../../plugins/source-archive/index.ts";
import { LIVE } from "../../plugins/source-archive/test/fixtures/catalog.ts";
import { startArchiveSimulator, type ArchiveSimulator } from "../../plugins/source-archive/test/simulator.ts";
import { startTestApp, type TestApp } from "../support/app.ts";
import { v1 } from "../support/fake-app.ts";

let archiveSim: ArchiveSimulator;
let lrclibSim: LrclibSimulator;
let app: TestApp;
beforeAll(async () => {
  [archiveSim, lrclibSim] = await Promise.all([startArchiveSimulator(), startLrclibSimulator()]);
  app = await startTestApp({
    config: {
      sources: { source_d: { plugin: "archive", options: { baseURL: archiveSim.url } } },
      lyrics: { plugin: "lrclib", options: { baseURL: lrclibSim.url } },
      upstream: { retries: 0 },
    },
  });
});
afterAll(async () => {
  await app?.close();
  await Promise.all([archiveSim?.close(), lrclibSim?.close()]);
});

describe("the lyrics lookup of a source whose albums are no releases", () => {
  it("an archive song is looked up by title, artist and length, without the item's title as album", async () => {
    const r = await app.json(v1("lyric", { source: "source_d", id: `${LIVE}/mh81-06-12d1t01.flac` }));
    expect([r.status, r.body.code]).toEqual([404, 3001]);
    const get = lrclibSim.requests.find((request) => request.path === "/api/get");
    expect(get?.query).toEqual({ track_name: "Cedar Smoke", artist_name: "Marrow Hill", duration: "245" });
    // The song itself still names its item as album.
    const song = await app.json(v1("song", { source: "source_d", id: `${LIVE}/mh81-06-12d1t01.flac` }));
    expect(song.body.data.album).toBe("Marrow Hill Live at Cedar Street Ballroom on 1981-06-12");
  });

  it("the archive plugin says so in its definition, and a definition saying it wrongly is refused", () => {
    expect(archive.albumsAreReleases).toBe(false);
    expect(validateDefinition({ ...archive, albumsAreReleases: "no" }, "test")).toEqual(['plugin "archive".albumsAreReleases: expected boolean']);
  });
});
