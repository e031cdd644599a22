/**
 * The archive's failures and the plugin's refusals: `{}` for an unknown item (3001), unknown
 * files, ids that cannot be the archive's (3001 without a request), answers the mapping cannot
 * use (2003, the field named in the log), the search gateway's refusals (2002), failing or slow items in
 * a hit list, the caller's deadline, and the options.
 */
import type { SourceMethods } from "@music-aggregator/core";
import { describe, expect, it } from "vitest";
import archive from "../index.ts";
import { LIVE, OLD_SHOW, RECORD, STREAM_ONLY } from "./fixtures/catalog.ts";
import { TEST_UA, bindArchive, codeOf, ctx, useArchiveSimulator } from "./instance.ts";
import type { ArchiveSimulator } from "./simulator.ts";

const METADATA = "GET /metadata/:identifier";
const SEARCH = "GET /advancedsearch.php";
const answer = (body: unknown) => ({ kind: "json" as const, body });

let sim: ArchiveSimulator;
let archiveSource: SourceMethods;
let logs: string[];
useArchiveSimulator((started) => ({ sim, archiveSource, logs } = started));

describe("not found", () => {
  it("`{}` (the archive's answer for an unknown identifier) is 3001 for songs, addresses and albums", async () => {
    await expect(archiveSource.song("mh1999-01-01.never/t01.flac", ctx())).rejects.toMatchObject({ code: 3001, message: "Internet Archive has no item mh1999-01-01.never" });
    expect(await codeOf(() => archiveSource.url("mh1999-01-01.never/t01.flac", "high", ctx()))).toBe(3001);
    expect(await codeOf(() => archiveSource.album("mh1999-01-01.never", ctx()))).toBe(3001);
    expect(sim.calls.get(METADATA)).toBe(3);
  });

  it("a file the item does not have, or one that is no original audio file, is 3001", async () => {
    await expect(archiveSource.song(`${LIVE}/mh81-06-12d9t99.flac`, ctx())).rejects.toMatchObject({
      code: 3001,
      message: `Internet Archive item ${LIVE} has no file mh81-06-12d9t99.flac`,
    });
    for (const file of ["mh81-06-12d1t01.mp3", "mh81-06-12.txt", `${LIVE}_meta.xml`]) {
      await expect(archiveSource.url(`${LIVE}/${file}`, "high", ctx())).rejects.toMatchObject({ code: 3001, message: `file ${file} of item ${LIVE} is not an original audio file` });
    }
  });

  it("an id that cannot be the archive's is 3001 without a request", async () => {
    const songs = [
      LIVE,
      `/${LIVE}`,
      `../${LIVE}/x.flac`,
      "føø/x.flac",
      ".hidden/x.flac",
      `${"a".repeat(101)}/x.flac`,
      `${LIVE}/`,
      `${LIVE}/../other/x.flac`,
      `${LIVE}/a//b.flac`,
      `${LIVE}/./x.flac`,
      `${LIVE}/x.flac\u0000`,
      `${LIVE}/a\\b.flac`,
      `${LIVE}/${"x".repeat(513 - LIVE.length)}`,
      `${LIVE}?x=1/y.flac`,
    ];
    for (const id of songs) expect(await codeOf(() => archiveSource.song(id, ctx())), id).toBe(3001);
    for (const id of ["", "a/b", "..", "x y", "x?y", "-x"]) expect(await codeOf(() => archiveSource.album(id, ctx())), id).toBe(3001);
    for (const id of ["", "   ", "Marrow\u0000Hill", "x".repeat(513)]) expect(await codeOf(() => archiveSource.artist(id, ctx())), id).toBe(3001);
    expect(sim.totalCalls()).toBe(0);
  });

  it("ids up to 512 characters are asked for", async () => {
    const file = "x".repeat(511 - LIVE.length);
    expect(`${LIVE}/${file}`).toHaveLength(512);
    await expect(archiveSource.song(`${LIVE}/${file}`, ctx())).rejects.toMatchObject({ code: 3001, message: expect.stringContaining("has no file") });
    expect(sim.calls.get(METADATA)).toBe(1);
  });

  it("a dark item listed without files has no songs and is no album", async () => {
    sim.fault(answer({ is_dark: true, metadata: { identifier: LIVE, title: "Gone" } }), METADATA);
    expect(await codeOf(() => archiveSource.song(`${LIVE}/mh81-06-12d1t01.flac`, ctx()))).toBe(3001);
    expect(await codeOf(() => archiveSource.album(LIVE, ctx()))).toBe(3001);
  });
});

describe("answers the mapping cannot use are 2003, the field named in the log", () => {
  it.each([
    ["an item without its file list", { metadata: { identifier: LIVE } }, "files"],
    ["a file list that is no list", { metadata: { identifier: LIVE }, files: "none" }, "files"],
    ["a file without a name", { metadata: { identifier: LIVE }, files: [{ source: "original", format: "Flac" }] }, "files.0.name"],
    ["a track number that is an object", { metadata: { identifier: LIVE }, files: [{ name: "a.flac", source: "original", track: { n: 1 } }] }, "files.0.track"],
    ["an identifier that is a number", { metadata: { identifier: 42 }, files: [] }, "metadata.identifier"],
    ["a creator that is a number", { metadata: { identifier: LIVE, creator: 7 }, files: [] }, "metadata.creator"],
  ])("%s", async (_what, body, field) => {
    sim.fault(answer(body), METADATA);
    await expect(archiveSource.song(`${LIVE}/a.flac`, ctx())).rejects.toMatchObject({ code: 2003, message: expect.stringMatching(/ is not understood$/), said: expect.stringContaining(`${field}:`) });
  });

  it("a search answer without numFound, or with a hit without identifier", async () => {
    sim.fault(answer({ responseHeader: { status: 0 }, response: { start: 0, docs: [] } }), SEARCH);
    await expect(archiveSource.search({ q: "cedar", page: 1, size: 5 }, ctx())).rejects.toMatchObject({ code: 2003, message: expect.stringMatching(/ is not understood$/), said: expect.stringContaining("response.numFound:") });
    sim.fault(answer({ response: { numFound: 1, start: 0, docs: [{ title: "x" }] } }), SEARCH);
    await expect(archiveSource.rank("week", ctx())).rejects.toMatchObject({ code: 2003, message: expect.stringMatching(/ is not understood$/), said: expect.stringContaining("response.docs.0.identifier:") });
  });

  it("an HTML page instead of search results", async () => {
    sim.fault({ kind: "html" }, SEARCH);
    expect(await codeOf(() => archiveSource.artist("Marrow Hill", ctx()))).toBe(2003);
  });
});

describe("upstream failures", () => {
  it("the gateway's refusal (HTTP 200, `error`) is 2002; its words for the log only", async () => {
    sim.fault(answer({ error: "[UNSUPPORTED_VALUE] query is too long" }), SEARCH);
    await expect(archiveSource.search({ q: "cedar", page: 1, size: 5 }, ctx())).rejects.toMatchObject({
      code: 2002,
      message: "Internet Archive refused the search",
      said: "[UNSUPPORTED_VALUE] query is too long",
    });
  });

  it("HTTP 404 from /metadata is a failure of the upstream (2002), not an unknown item", async () => {
    sim.fault({ kind: "status", status: 404, body: "Not Found" }, METADATA);
    await expect(archiveSource.album(LIVE, ctx())).rejects.toMatchObject({ code: 2002, upstreamStatus: 404 });
  });

  it("an item of a hit list that fails is left out and logged; the others answer", async () => {
    sim.failItems(LIVE);
    const result = await archiveSource.search({ q: "cedar smoke", page: 1, size: 5 }, ctx());
    expect(result).toMatchObject({ total: 1, list: [{ id: `${OLD_SHOW}/mh79-10-03t01.shn` }] });
    expect(logs.filter((l) => l.includes("left out"))).toEqual([`warn [music:archive] item ${LIVE} left out: Internet Archive answered HTTP 500`]);
  });

  it("when every item of a hit list fails, the first failure is the answer", async () => {
    sim.failItems(LIVE, OLD_SHOW);
    await expect(archiveSource.search({ q: "cedar smoke", page: 1, size: 5 }, ctx())).rejects.toMatchObject({ code: 2002, upstreamStatus: 500 });
  });

  it("the caller's deadline ends a slow hit list with 2001, at once", async () => {
    sim.delayItems(1500);
    const started = Date.now();
    expect(await codeOf(() => archiveSource.artist("Marrow Hill", { signal: AbortSignal.timeout(200) }))).toBe(2001);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe("bounded item reads", () => {
  it.each([
    [1, 1],
    [2, 2],
    [undefined, 4],
  ])("with concurrency %s, at most %s file lists are read at once", async (concurrency, most) => {
    const bound = await bindArchive({ baseURL: sim.url, ...(concurrency ? { concurrency } : {}) });
    try {
      sim.delayItems(30);
      const artist = await bound.methods.artist!("Marrow Hill", ctx());
      expect(artist.song).toHaveLength(3);
      expect(sim.calls.get(METADATA)).toBe(4);
      expect(sim.maxInFlight()).toBe(most);
    } finally {
      await bound.close();
    }
  });
});

describe("options", () => {
  it("default to the public archive and refuse unknown keys or bad values", () => {
    expect(archive.options.parse({})).toEqual({ baseURL: "https://archive.org", concurrency: 4, chartSize: 20, artistSize: 20, itemTtlSeconds: 21600 });
    for (const bad of [{ baseUrl: "http://x" }, { baseURL: "not a url" }, { concurrency: 0 }, { concurrency: 17 }, { chartSize: 51 }, { itemTtlSeconds: 0 }]) {
      expect(archive.options.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it("send the configured User-Agent, else the service's", async () => {
    const bound = await bindArchive({ baseURL: sim.url, userAgent: "my-site-music/2.0 (+https://example.org)" });
    try {
      await bound.methods.album!(RECORD, ctx());
      await archiveSource.album(STREAM_ONLY, ctx());
      expect(sim.userAgents).toEqual(["my-site-music/2.0 (+https://example.org)", TEST_UA]);
    } finally {
      await bound.close();
    }
  });

  it("a base URL with a trailing slash gives the same addresses", async () => {
    const bound = await bindArchive({ baseURL: `${sim.url}/` });
    try {
      const url = await bound.methods.url!(`${LIVE}/mh81-06-12d1t01.flac`, "high", ctx());
      expect(url.url).toBe(`${sim.url}/download/${LIVE}/mh81-06-12d1t01.mp3`);
      expect((await bound.methods.song!(`${LIVE}/mh81-06-12d1t01.flac`, ctx())).cover).toBe(`${sim.url}/services/img/${LIVE}`);
    } finally {
      await bound.close();
    }
  });
});
