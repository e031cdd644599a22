/**
 * All-search over the cross-source catalogue, in the four upstreams' wire formats: every entry
 * is one recording (no false merge, checked against the catalogue's truth), every recording
 * the sources return is one entry (no missed merge, a source's own copies folded too), the
 * entry shown is the most playable, the traps stay apart, and the order follows relevance.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { v1 } from "../support/fake-app.ts";
import { startCrossApp, type CrossApp } from "../support/cross-upstreams.ts";
import { CATALOG } from "../support/cross-catalog.ts";

interface Entry {
  source: string;
  id: string;
  name: string;
  available: boolean;
  vip: boolean;
  alternatives: { source: string; id: string; available: boolean; vip: boolean }[];
}

let t: CrossApp;
beforeAll(async () => {
  t = await startCrossApp();
});
afterAll(() => t.close());

const listOf = async (q: string): Promise<Entry[]> => (await t.json(v1("search", { source: "all", q, size: 50 }))).body.data.list;
const recordingOf = (song: { source: string; id: string }) => t.truth.get(`${song.source}:${song.id}`)!;

describe("all-search over the cross-source catalogue", () => {
  it.each(["night", "harbour", "tide"])("q=%s: every entry one recording, every recording one entry", async (q) => {
    const list = await listOf(q);
    const seen = new Map<string, number>();
    for (const entry of list) {
      const songs = [entry, ...entry.alternatives];
      expect(songs.every((song) => t.truth.has(`${song.source}:${song.id}`)), `${entry.name}: known ids`).toBe(true);
      expect(new Set(songs.map(recordingOf)), `${entry.source}:${entry.id} ${entry.name}`).toEqual(new Set([recordingOf(entry)]));
      expect(new Set(songs.map((s) => `${s.source}:${s.id}`)).size, `${entry.name}: each song once`).toBe(songs.length);
      seen.set(recordingOf(entry), (seen.get(recordingOf(entry)) ?? 0) + 1);
    }
    expect([...seen].filter(([, n]) => n > 1), "recordings shown twice").toEqual([]);
  });

  it("merges what each source writes its own way: remasters, uploads titled Artist - Title, file names, featured artists, accents", async () => {
    const list = await listOf("night");
    const entry = (key: string) => list.find((e) => recordingOf(e) === key)!;
    const sources = (key: string) => [entry(key), ...entry(key).alternatives].map((s) => s.source).sort();
    expect(sources("night-ferry")).toEqual(["source_a", "source_b", "source_c", "source_d"]);
    expect(sources("nightfall")).toEqual(["source_a", "source_b", "source_c"]);
    expect(sources("night-bus")).toEqual(["source_a", "source_b", "source_c", "source_d"]);
    expect(sources("lights-at-night")).toEqual(["source_a", "source_b", "source_c", "source_d"]);
    expect(sources("deja-night")).toEqual(["source_a", "source_b", "source_c"]);
    expect(sources("night-ferry-live")).toEqual(["source_a", "source_b"]);
    // One master on its album and on a compilation: iTunes' two rows are one entry, with Deezer's copy on an anniversary album whose "Cover" is its artwork.
    expect(sources("night-tide")).toEqual(["source_a", "source_b", "source_b"]);
    // A single version and the album cut, a second apart.
    expect(sources("night-letter")).toEqual(["source_a", "source_b"]);
    // Explicit with explicit, clean with clean; a remix whose version the sources keep apart from the title.
    expect(sources("night-talk")).toEqual(["source_a", "source_b"]);
    expect(sources("night-talk-clean")).toEqual(["source_a", "source_b"]);
    expect(sources("night-train-remix")).toEqual(["source_a", "source_b"]);
    // Full length (Audius, the archive) is shown before a preview (Deezer, iTunes).
    expect(["source_c", "source_d"]).toContain(entry("night-ferry").source);
  });

  it("keeps the traps apart: live takes, a concert item, a cover, remixes, edits, acoustic, instrumental, karaoke, sped-up, another take, a demo", async () => {
    const list = await listOf("night");
    const keys = list.map(recordingOf);
    for (const key of [
      "night-ferry", "night-ferry-live", "night-ferry-pier", "night-ferry-cover", "night-ferry-remix", "nightfall", "nightfall-radio", "night-bus",
      "night-bus-acoustic", "night-bus-instrumental", "night-bus-sped", "night-bus-karaoke", "northern-night", "northern-night-take2", "night-swim",
      "night-swim-other", "night-shift", "night-shift-radio", "night-shift-extended", "night-garden", "night-garden-live", "night-vision", "night-vision-demo",
      "night-talk", "night-talk-clean", "night-train", "night-train-remix",
    ]) {
      expect(keys.filter((k) => k === key), key).toHaveLength(1);
    }
  });

  it("shows the most playable copy: a preview before an unavailable one, a VIP one last", async () => {
    const call = (await listOf("night")).find((e) => recordingOf(e) === "night-call")!;
    expect(call).toMatchObject({ source: "source_a", available: true, vip: false });
    expect(call.alternatives).toEqual([
      expect.objectContaining({ source: "source_d", available: false, vip: false }),
      expect.objectContaining({ source: "source_c", available: false, vip: true }),
    ]);
  });

  it("a query naming an artist lists the artist's songs before a song titled so, the folded copies once each", async () => {
    const list = await listOf("kestrel");
    const artistOf = (entry: Entry) => CATALOG.find((r) => r.key === recordingOf(entry))!.artist;
    expect(list.slice(0, 5).map(artistOf)).toEqual(Array(5).fill("Kestrel"));
    const titled = list.findIndex((e) => recordingOf(e) === "kestrel-song");
    expect(titled).toBeGreaterThanOrEqual(list.filter((e) => artistOf(e) === "Kestrel").length);
  });

  it("ranks by relevance: the title asked for, by the artist asked for, comes first", async () => {
    const list = await listOf("night swim juniper lane");
    expect(recordingOf(list[0])).toBe("night-swim");
    expect(list[0].alternatives.map(recordingOf)).toEqual(["night-swim"]);
  });
});

describe("the cost of an all-search", () => {
  it("its first page asks each source once (the archive: one search, and its hits' file lists not yet kept); its other pages ask nobody", async () => {
    const calls = () => ({
      deezer: t.sims.deezer.totalCalls(),
      itunes: t.sims.itunes.totalCalls(),
      audius: t.sims.audius.totalCalls(),
      archiveSearch: t.sims.archive.calls.get("GET /advancedsearch.php") ?? 0,
      archiveItems: t.sims.archive.calls.get("GET /metadata/:identifier") ?? 0,
    });
    const before = calls();
    const first = await t.json(v1("search", { source: "all", q: "white", size: 1 }));
    expect(first.body.data.total).toBe(1);
    const after = calls();
    expect({ ...after, archiveItems: 0 }).toEqual({ deezer: before.deezer + 1, itunes: before.itunes + 1, audius: before.audius + 1, archiveSearch: before.archiveSearch + 1, archiveItems: 0 });
    // The one hit's file list: read now, or kept from the search for "night" above.
    expect(after.archiveItems - before.archiveItems).toBeLessThanOrEqual(1);
    const second = await t.json(v1("search", { source: "all", q: "white", size: 1, page: 2 }));
    expect(second.body).toMatchObject({ code: 0, cost: 0, data: { total: 1, list: [] } });
    const own = await t.json(v1("search", { source: "source_b", q: "white", size: 1 }));
    expect(own.body).toMatchObject({ code: 0, cost: 0, data: { total: 1 } });
    expect(calls()).toEqual(after);
  });
});
