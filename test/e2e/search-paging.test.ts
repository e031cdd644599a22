/**
 * Search paging against the four bundled plugins' simulators (the cross-source catalogue):
 * for several queries, for every page size from 1 to 50, per source and for `all`, the pages
 * are consecutive slices of one list: every page full but the last, no song on two pages,
 * none skipped, the same `total` on every page (and on the empty page past the end), and the
 * same order whatever the page size.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { v1 } from "../support/fake-app.ts";
import { startCrossApp, type CrossApp } from "../support/cross-upstreams.ts";

const QUERIES = ["night", "harbour", "tide"];
const SCOPES = ["all", "source_a", "source_b", "source_c", "source_d"];
const MAX_PAGE = 50;

let t: CrossApp;
beforeAll(async () => {
  t = await startCrossApp();
});
afterAll(() => t.close());

interface Walked {
  total: number;
  songs: string[];
}

/** Every page of one query at one size, checked as it goes; the songs in page order. */
async function walk(source: string, q: string, size: number): Promise<Walked> {
  const songs: string[] = [];
  let total: number | undefined;
  for (let page = 1; page <= MAX_PAGE; page++) {
    const r = await t.json(v1("search", { source, q, size, page }));
    const where = `${source} q=${q} size=${size} page=${page}`;
    expect(r.body.code, where).toBe(0);
    const data = r.body.data;
    expect([data.page, data.size], where).toEqual([page, size]);
    total ??= data.total;
    expect(data.total, `${where}: total`).toBe(total);
    const remaining = total! - (page - 1) * size;
    expect(data.list.length, `${where}: page length`).toBe(Math.max(0, Math.min(size, remaining)));
    songs.push(...data.list.map((s: { source: string; id: string }) => `${s.source}:${s.id}`));
    // One page past the end: empty, with the same total.
    if (remaining <= 0) break;
  }
  return { total: total!, songs };
}

describe("search paging", () => {
  for (const source of SCOPES) {
    it(`${source}: exact partitions and a stable total for every page size from 1 to 50`, async () => {
      for (const q of QUERIES) {
        const reference = await walk(source, q, 1);
        expect(reference.total, `${source} ${q}`).toBeGreaterThan(0);
        expect(reference.songs, `${source} ${q}: listed once each`).toHaveLength(new Set(reference.songs).size);
        expect(reference.songs, `${source} ${q}: total is what the pages deliver`).toHaveLength(reference.total);
        for (let size = 2; size <= 50; size++) {
          const walked = await walk(source, q, size);
          expect(walked.total, `${source} ${q} size ${size}`).toBe(reference.total);
          expect(walked.songs, `${source} ${q} size ${size}: the same list`).toEqual(reference.songs);
        }
      }
    }, 60_000);
  }

  it("a source whose upstream has no grand total is asked once per query, for its whole window, whatever the pages", async () => {
    const asked = (log: string[], path: string, q: string) => log.filter((line) => line.startsWith(`GET ${path}`) && line.includes(`=${q}&`));
    // Every page of every size above came from one call each.
    expect(asked(t.sims.itunes.log, "/search?", "night")).toEqual(["GET /search?term=night&media=music&entity=song&limit=200&country=us"]);
    expect(asked(t.sims.audius.log, "/v1/tracks/search?", "night")).toHaveLength(1);
    expect(asked(t.sims.audius.log, "/v1/tracks/search?", "night")[0]).toMatch(/query=night&offset=0&limit=100&/);
    // Deezer pages inside its window of 100 were cut from it; the pages past it were asked of Deezer.
    const deezer = asked(t.sims.deezer.log, "/search?", "night");
    expect(deezer[0]).toBe("GET /search?q=night&index=0&limit=100");
    expect(deezer.slice(1).every((line) => Number(/index=(\d+)/.exec(line)![1]) >= 100 - 50)).toBe(true);
  });
});
