/**
 * Honest totals (issue 45): a search's `total` is what its pages deliver. Every bundled source,
 * bound to its own simulator and fixtures (those of the demo), is searched for several words at
 * several page sizes, and every page is walked: each page is full but the last, the songs of all
 * pages add up to `total` (as far as the 50 pages a query may ask reach), no song is on two
 * pages, the page past the end is empty, and `total` is the same on every one. The archive's
 * items without audio, which its search engine counts, are counted out.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBundledApp, type BundledApp } from "../support/bundled-app.ts";

const SOURCES = ["source_a", "source_b", "source_c", "source_d", "source_e"];
/** Words that find songs on every source, among them archive items without any audio ("paper", "marrow"). */
const QUERIES = ["paper", "marrow", "boats", "harbour", "e", "night"];
const SIZES = [1, 2, 3, 5, 20, 50];
/** The last page a search may ask for. */
const MAX_PAGE = 50;

let app: BundledApp;
beforeAll(async () => {
  app = await startBundledApp({ rateLimit: { points: 1_000_000, duration: 60 }, upstream: { clientShare: 1 } }, { itunes: { requestsPerMinute: 6000 } });
}, 30_000);
afterAll(() => app?.close());

/** Every page of one search at one size, checked as it goes; how many songs they held, and the total. */
async function walk(source: string, q: string, size: number): Promise<{ total: number; delivered: number }> {
  const seen = new Set<string>();
  let total: number | undefined;
  for (let page = 1; page <= MAX_PAGE; page++) {
    const where = `${source} q=${q} size=${size} page=${page}`;
    const { body } = await app.json(`/v1/search?${new URLSearchParams({ origin: "totals", source, q, size: String(size), page: String(page) })}`);
    expect(body.code, `${where}: ${body.message}`).toBe(0);
    total ??= body.data.total as number;
    expect(body.data.total, `${where}: total`).toBe(total);
    const ids = (body.data.list as { id: string }[]).map((song) => song.id);
    expect(ids.length, `${where}: songs on the page (total ${total})`).toBe(Math.max(0, Math.min(size, total! - (page - 1) * size)));
    for (const id of ids) {
      expect(seen.has(id), `${where}: ${id} on an earlier page`).toBe(false);
      seen.add(id);
    }
    if (ids.length < size) break;
  }
  return { total: total!, delivered: seen.size };
}

describe("every source's total is what its pages deliver", () => {
  it.each(SOURCES)("%s: every page of every search at every size", async (source) => {
    let songs = 0;
    for (const q of QUERIES) {
      for (const size of SIZES) {
        const { total, delivered } = await walk(source, q, size);
        expect(delivered, `${source} q=${q} size=${size}`).toBe(Math.min(total, MAX_PAGE * size));
        songs += delivered;
      }
    }
    expect(songs, `${source} found songs`).toBeGreaterThan(0);
  }, 120_000);
});
