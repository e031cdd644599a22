/**
 * `/v1/playlist/match` end to end: a 100-track playlist of a simulated source transferred onto
 * two targets whose upstreams answer in 50 to 200 ms and declare budgets. Every page within the
 * all-search deadline plus 1 s, one upstream search per track and target (a page asked again
 * costs nothing), no budget exceeded, the traps (a live take, a cover, another length) never
 * matched and every track without a copy listed; `after`; files of the copies and the
 * redirects they name; a page past a client's share answered with what it has; the errors.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { v1 } from "../support/fake-app.ts";
import { fakeTrack, startCatalogApp, type CatalogApp } from "../support/catalog-upstream.ts";
import type { FakeTrack } from "../fixtures/source-fake/upstream.ts";

const ADJECTIVES = ["Amber", "Brittle", "Copper", "Distant", "Electric", "Fading", "Golden", "Hollow", "Iron", "Jade"];
const NOUNS = ["Harbour", "Lantern", "Meadow", "Northern", "Orchard", "Pilgrim", "Quarry", "Riverbed", "Saltmarsh", "Tideline"];
const ARTISTS = ["Marlow Vane", "Ines Okafor", "Juniper Lane", "Kestrel", "Okoro"];
const TRACKS = 100;
const title = (i: number) => `${ADJECTIVES[i % 10]} ${NOUNS[Math.floor(i / 10)]}`;
const artist = (i: number) => ARTISTS[i % ARTISTS.length];
const seconds = (i: number) => 150 + i;
/** source_b has no copy of every tenth track (only its live take and a cover); source_c none of every fourth (only a longer edit). */
const onB = (i: number) => i % 10 !== 0;
const onC = (i: number) => i % 4 !== 0;

const origin: FakeTrack[] = Array.from({ length: TRACKS }, (_, i) => fakeTrack(`a${i}`, title(i), artist(i), seconds(i)));
const targetB: FakeTrack[] = Array.from({ length: TRACKS }, (_, i) =>
  onB(i)
    ? [fakeTrack(`b${i}`, title(i), artist(i), seconds(i) + 1), fakeTrack(`b${i}-remix`, `${title(i)} (Remix)`, artist(i), seconds(i))]
    : [fakeTrack(`b${i}-live`, `${title(i)} (Live)`, artist(i), seconds(i)), fakeTrack(`b${i}-cover`, title(i), "The Cover Band", seconds(i))],
).flat();
const targetC: FakeTrack[] = Array.from({ length: TRACKS }, (_, i) => fakeTrack(onC(i) ? `c${i}` : `c${i}-edit`, title(i), artist(i), onC(i) ? seconds(i) - 2 : seconds(i) + 30));

const DEADLINE_MS = 3000;
const BUDGET = 40;

interface Track {
  position: number;
  song: { id: string };
  copies: Record<string, { song: { id: string }; confidence: number; reason: string } | null>;
  failed: string[];
  new?: boolean;
}

describe("a 100-track playlist onto two targets (upstreams answering in 50 to 200 ms)", () => {
  let t: CatalogApp;
  beforeAll(async () => {
    t = await startCatalogApp(
      {
        source_a: { tracks: origin, playlists: { mix: { title: "Hundred Mix", tracks: origin } }, latencyMs: [50, 200] },
        source_b: { tracks: targetB, latencyMs: [50, 200], requestsPerSecond: BUDGET },
        source_c: { tracks: targetC, latencyMs: [50, 200], requestsPerSecond: BUDGET },
      },
      { upstream: { searchAllTimeoutMs: DEADLINE_MS, clientShare: 1 } },
    );
  });
  afterAll(() => t.close());

  const searches = () => ["source_a", "source_b", "source_c"].map((id) => t.sims[id].calls.get("GET /search") ?? 0);
  const page = async (params: Record<string, string | number>) => {
    const started = performance.now();
    const r = await t.json(v1("playlist/match", { source: "source_a", id: "mix", ...params }));
    return { ...r, ms: performance.now() - started };
  };

  it("walks the pages within the deadline, each track with its copies, one search per track and target, no budget exceeded", async () => {
    const tracks: Track[] = [];
    for (let p = 1; p <= 2; p++) {
      const r = await page({ page: p });
      expect(r.body.code, r.body.message).toBe(0);
      expect(r.ms, `page ${p} took ${Math.round(r.ms)} ms`).toBeLessThan(DEADLINE_MS + 1000);
      const data = r.body.data;
      expect(data).toMatchObject({ source: "source_a", id: "mix", name: "Hundred Mix", to: ["source_b", "source_c"], page: p, size: 50, total: TRACKS, hasMore: p === 1, failed: [] });
      const own = data.tracks as Track[];
      expect(data.matched).toBe(own.filter((x) => onB(x.position - 1) && onC(x.position - 1)).length);
      expect(data.unmatched).toBe(own.length - data.matched);
      tracks.push(...own);
    }
    expect(tracks.map((x) => x.position)).toEqual(Array.from({ length: TRACKS }, (_, i) => i + 1));
    for (const x of tracks) {
      const i = x.position - 1;
      expect(x.song.id).toBe(`a${i}`);
      expect(x.failed).toEqual([]);
      // The copy when there is one; never the live take, the cover, the remix or the longer edit.
      expect(x.copies.source_b?.song.id ?? null, `track ${x.position} on source_b`).toBe(onB(i) ? `b${i}` : null);
      expect(x.copies.source_c?.song.id ?? null, `track ${x.position} on source_c`).toBe(onC(i) ? `c${i}` : null);
    }
    // One search per track and target (every title is its own query); the origin is not searched.
    expect(searches()).toEqual([0, TRACKS, TRACKS]);
    for (const id of ["source_b", "source_c"]) {
      const times = t.sims[id].times;
      // The budget holds in every window, seen at arrival: a little under a second, as arrivals
      // jitter around sending (by a few hundred ms on a loaded 2-core machine).
      const worst = Math.max(...times.map((start) => times.filter((at) => at >= start && at < start + 750).length));
      expect(worst, `${id}: requests in one window`).toBeLessThanOrEqual(BUDGET);
    }
  }, 30_000);

  it("a page asked again costs nothing: no upstream call, cost 0, X-Cache HIT", async () => {
    const before = Object.values(t.sims).map((s) => s.totalCalls());
    for (let p = 1; p <= 2; p++) {
      const r = await page({ page: p });
      expect([r.body.code, r.body.cost, r.headers.get("x-cache")]).toEqual([0, 0, "HIT"]);
    }
    expect(Object.values(t.sims).map((s) => s.totalCalls())).toEqual(before);
  });

  it("after: the tracks past it are new and matched, the others listed as they are; cached searches cost nothing", async () => {
    const before = searches();
    const r = await page({ page: 2, after: 80, to: "source_c" });
    expect(r.body.code).toBe(0);
    const tracks = r.body.data.tracks as Track[];
    expect(r.body.data).toMatchObject({ newTracks: 20, to: ["source_c"] });
    for (const x of tracks) {
      expect(x.new).toBe(x.position > 80);
      expect(Object.keys(x.copies)).toEqual(x.position > 80 ? ["source_c"] : []);
    }
    expect(r.body.data.matched + r.body.data.unmatched).toBe(20);
    expect(searches()).toEqual(before);
  });

  it("format: the copies on one target as a file whose entries redirect to the copies' addresses", async () => {
    const r = await t.get(v1("playlist/match", { source: "source_a", id: "mix", to: "source_b", format: "m3u8" }));
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("audio/x-mpegurl; charset=utf-8");
    expect(r.headers.get("content-disposition")).toBe('attachment; filename="Hundred Mix.m3u8"');
    const lines = (await r.text()).trim().split("\n");
    expect(lines.slice(0, 2)).toEqual(["#EXTM3U", "#PLAYLIST:Hundred Mix"]);
    expect(lines.filter((l) => l.startsWith("#EXTINF:"))).toHaveLength(45);
    expect(lines.filter((l) => l.startsWith("# no address (no copy on source_b): "))).toHaveLength(5);
    expect(lines[2]).toBe(`# no address (no copy on source_b): ${seconds(0)},${artist(0)} - ${title(0)}`);
    expect(lines[3]).toBe(`#EXTINF:${seconds(1) + 1},${artist(1)} - ${title(1)}`);
    const entry = new URL(lines[4]);
    expect(`${entry.origin}${entry.pathname}`).toBe(`${t.url}/v1/song/url`);
    expect(Object.fromEntries(entry.searchParams)).toEqual({ origin: "tests", source: "source_b", id: "b1", redirect: "1" });
    const followed = await t.get(entry.pathname + entry.search, { redirect: "manual" });
    expect([followed.status, followed.headers.get("location")]).toEqual([302, "https://cdn.example.invalid/b1.mp3"]);
    // A file needs one target; without format the same parameters answer the envelope.
    expect((await t.json(v1("playlist/match", { source: "source_a", id: "mix", format: "xspf" }))).body).toMatchObject({ code: 1001, message: "parameter format needs parameter to naming one source" });
  });

  it("answers the spec's errors: 1002 for sources, 1001 for parameters, 3001, 1004 with Allow", async () => {
    const code = async (params: Record<string, string>) => (await t.json(v1("playlist/match", { source: "source_a", id: "mix", ...params }))).body;
    expect(await code({ to: "source_x" })).toMatchObject({ code: 1002 });
    expect(await code({ to: "source_a" })).toMatchObject({ code: 1001, message: "parameter to must not name the playlist's own source source_a" });
    expect(await code({ to: "source_b,,source_c" })).toMatchObject({ code: 1001 });
    expect(await code({ size: "101" })).toMatchObject({ code: 1001, message: "parameter size must be an integer from 1 to 100" });
    expect(await code({ id: "nope" })).toMatchObject({ code: 3001 });
    expect(await code({ source: "all" })).toMatchObject({ code: 1002 });
    const put = await t.get(v1("playlist/match", { source: "source_a", id: "mix" }), { method: "PUT" });
    expect([put.status, put.headers.get("allow")]).toEqual([405, "GET, HEAD, POST"]);
    const post = await t.get(v1("playlist", { source: "source_a", id: "mix" }), { method: "POST", body: "x" });
    expect([post.status, post.headers.get("allow")]).toEqual([405, "GET, HEAD"]);
  });
});

describe("a page past the client's share of a target's budget", () => {
  let t: CatalogApp;
  beforeAll(async () => {
    const tracks = Array.from({ length: 6 }, (_, i) => fakeTrack(`a${i}`, title(i), artist(i), seconds(i)));
    t = await startCatalogApp(
      {
        source_a: { tracks, playlists: { six: { title: "Six", tracks } } },
        // 2 a second, a client's share 1 of them: one search, then refusals until the window turns.
        source_b: { tracks: tracks.map((x) => ({ ...x, id: `b-${x.id}` as unknown as number })), requestsPerSecond: 2 },
      },
      { upstream: { timeoutMs: 500, searchAllTimeoutMs: 400, clientShare: 0.5 } },
    );
  });
  afterAll(() => t.close());

  it("answers what it has, the target in failed (never 2002, never kept); asked again later, it goes on", async () => {
    const first = await t.json(v1("playlist/match", { source: "source_a", id: "six" }));
    expect(first.body.code).toBe(0);
    const tracks = first.body.data.tracks as Track[];
    expect(first.body.data.failed).toEqual(["source_b"]);
    const found = tracks.filter((x) => x.copies.source_b);
    expect(found).toHaveLength(1);
    expect(tracks.filter((x) => x.failed.includes("source_b"))).toHaveLength(5);
    expect(first.body.data.matched + first.body.data.unmatched).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const again = await t.json(v1("playlist/match", { source: "source_a", id: "six" }));
    expect((again.body.data.tracks as Track[]).filter((x) => x.copies.source_b)).toHaveLength(2);
  });
});

describe("POST /v1/playlist/match: an imported playlist", () => {
  let t: CatalogApp;
  const tracks = Array.from({ length: 12 }, (_, i) => fakeTrack(`a${i}`, title(i), artist(i), seconds(i), "Album"));
  beforeAll(async () => {
    t = await startCatalogApp(
      {
        source_a: { tracks, playlists: { twelve: { title: "Twelve", tracks } } },
        source_b: { tracks: targetB.filter((x) => Number(String(x.id).slice(1).split("-")[0]) < 12) },
      },
      { server: { bodyTimeoutMs: 500 } },
    );
  });
  afterAll(() => t.close());

  const post = (body: BodyInit, type?: string, params: Record<string, string | number> = {}) =>
    t.get(v1("playlist/match", params), { method: "POST", body, headers: type ? { "content-type": type } : {}, duplex: "half" } as RequestInit);

  it.each(["m3u8", "xspf", "jspf"])("export as %s, import it back: the same tracks, matched as the playlist's own", async (format) => {
    const file = await t.get(v1("playlist", { source: "source_a", id: "twelve", format }));
    expect(file.status).toBe(200);
    const imported = await post(await file.text(), file.headers.get("content-type")!, { to: "source_b" });
    const body = await imported.json();
    expect(body.code, body.message).toBe(0);
    expect(body.source).toBeNull();
    const direct = (await t.json(v1("playlist/match", { source: "source_a", id: "twelve", to: "source_b" }))).body.data;
    const shape = (x: Track & { song: { name: string; artist: string[]; duration: number } }) => [x.song.name, x.song.artist.join(", "), x.song.duration, x.copies.source_b?.song.id ?? null];
    expect(body.data.tracks.map(shape)).toEqual(direct.tracks.map(shape));
    expect(body.data).toMatchObject({ source: null, id: null, name: "Twelve", total: 12, matched: direct.matched, unmatched: direct.unmatched });
    expect(body.data.tracks[0].song).toMatchObject({ source: "import", id: "1", available: false });
  });

  it("pages an import as a playlist is paged; the same import again costs nothing", async () => {
    const text = tracks.map((x) => `${x.artists[0]} - ${x.title} (${Math.floor(x.seconds / 60)}:${String(x.seconds % 60).padStart(2, "0")})`).join("\n");
    const second = await (await post(text, "text/plain", { page: 2, size: 5 })).json();
    // No source of its own: every source that can search is a target.
    expect(second.data).toMatchObject({ page: 2, size: 5, total: 12, hasMore: true, to: ["source_a", "source_b"] });
    expect(second.data.tracks.map((x: Track) => x.position)).toEqual([6, 7, 8, 9, 10]);
    const calls = () => t.sims.source_a.totalCalls() + t.sims.source_b.totalCalls();
    const before = calls();
    const again = await post(text, "text/plain", { page: 2, size: 5 });
    expect([again.headers.get("x-cache"), (await again.json()).cost, calls()]).toEqual(["HIT", 0, before]);
    // A file of the copies, as for a source's playlist.
    const file = await post(text, "text/plain", { to: "source_b", format: "jspf" });
    expect(JSON.parse(await file.text()).playlist.track).toHaveLength(12);
  });

  it("lines without a length are matched at a lower confidence; a live take, a remix or a cover still never stands in", async () => {
    const text = tracks.map((x) => `${x.artists[0]} - ${x.title}`).join("\n");
    const body = await (await post(text, "text/plain", { to: "source_b", size: 12 })).json();
    expect(body.code, body.message).toBe(0);
    const copies = (body.data.tracks as Track[]).map((x) => (x.copies.source_b ? [x.copies.source_b.song.id, x.copies.source_b.confidence, x.copies.source_b.reason] : null));
    // Every tenth track has only its live take and a cover on source_b; the others their own copy (and a remix).
    expect(copies).toEqual(tracks.map((_, i) => (i % 10 === 0 ? null : [`b${i}`, 0.7, "metadata"])));
    expect([body.data.matched, body.data.unmatched]).toEqual([10, 2]);
  });

  it("a classic M3U in windows-1252 is imported with its accents, dashes and quotes; an M3U8 that is not UTF-8 is 1001 naming the line", async () => {
    // Windows-1252 by hand: é, ö, ó are Latin-1; the en dash and the quotes are 0x96, 0x93 and 0x94.
    const m3u = Buffer.concat([Buffer.from("#EXTM3U\r\n#EXTINF:241,Bj\xf6rk \x96 J\xf3ga\r\nC:\\M\xfasica\\01.mp3\r\n#EXTINF:200,Caf\xe9 Tacvba - \x93Eres\x94\r\nC:\\02.mp3\r\n", "latin1")]);
    const body = await (await post(m3u, "audio/x-mpegurl", { to: "source_b" })).json();
    expect(body.code, body.message).toBe(0);
    expect(body.data.tracks.map((x: { song: { name: string; artist: string[] } }) => [x.song.artist.join(", "), x.song.name])).toEqual([["Björk", "Jóga"], ["Café Tacvba", "“Eres”"]]);
    expect(await (await post(m3u, "application/vnd.apple.mpegurl", { to: "source_b" })).json()).toMatchObject({
      code: 1001,
      message: "body is not UTF-8 (an M3U8 is UTF-8): line 2 holds byte 0xF6; send UTF-8, or name the charset (charset=windows-1252)",
    });
  });

  it("a body past 512 KiB, or one that does not arrive in time, is 1001 and closes the connection; a bad one names its lines", async () => {
    const huge = await post("A - B (3:00)\n".repeat(50_000), "text/plain");
    expect([huge.status, huge.headers.get("connection")]).toEqual([400, "close"]);
    expect(await huge.json()).toMatchObject({ code: 1001, message: "body must be at most 524288 bytes" });
    const slow = new ReadableStream({
      async start(controller) {
        controller.enqueue(new TextEncoder().encode("A - B (3:00)\n"));
        await new Promise((resolve) => setTimeout(resolve, 1500));
        controller.close();
      },
    });
    const started = performance.now();
    const late = await post(slow, "text/plain");
    expect(await late.json()).toMatchObject({ code: 1001, message: "body was not received within 500 ms" });
    expect(performance.now() - started).toBeLessThan(1400);
    const bad = await (await post("A - B\nnonsense\n", "text/plain")).json();
    expect(bad).toMatchObject({ code: 1001, message: "body is not a valid text (Artist - Title lines) playlist: line 2: expected Artist - Title, then (m:ss) if the length is known" });
    // Parameters come first, as for every endpoint.
    expect(await (await post("A - B", "text/plain", { size: 0 })).json()).toMatchObject({ code: 1001, message: "parameter size must be an integer from 1 to 100" });
  });
});
