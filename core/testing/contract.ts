/**
 * `testSourcePlugin()`: the contract suite every source plugin runs (and third-party authors
 * run against theirs). It builds the plugin with the kit's harness (`bind.ts`: options read
 * with its own schema, fake services) against the plugin's upstream simulator, then checks: the definition and its methods,
 * shapes valid against the domain schemas, ids as strings, whole-second durations, the
 * public source id stamped on every item, not-found as 3001, the look-ups it offers (`isrc`:
 * the songs of a known ISRC, none of an unknown one), the web links it reads (each fixture link
 * names its item, which the source answers), and upstream failures as 2002
 * (5xx), 2001 (no answer in time) and 2003 (HTML, truncated JSON, or JSON of the wrong
 * shape: never 5000).
 */
import { afterAll, beforeAll, describe, expect, it, type TestFunction } from "vitest";
import {
  AlbumDetail,
  ArtistDetail,
  Lyric,
  PlaylistDetail,
  RankDetail,
  RankList,
  SearchResult,
  SongDetail,
  SongUrl,
  Song,
} from "../domain.ts";
import { z } from "zod";
import { PaidContentError } from "../errors.ts";
import { callContext, codeOf } from "./calls.ts";
import { CAPABILITIES, LOOKUPS, type Capability, type LinkResolver, type Lookup, type LinkTarget, type SourceLookups, type SourceMethods, type SourcePluginDefinition } from "../plugin.ts";
import { checkInstanceMethods, validateDefinition } from "../validate.ts";
import { bindSourcePlugin, type BoundTestSource } from "./bind.ts";
import type { Fault, Simulator } from "./simulator.ts";

/** Known answers of the plugin's simulator, one per declared capability. */
export interface ContractFixtures {
  /** a query with at least one result */
  search?: string;
  /** a playable song */
  song?: string;
  /** a VIP/paid or gated song: `url` must answer 3002 */
  vipSong?: string;
  /** a song with lyrics of the source's own */
  lyric?: string;
  album?: string;
  artist?: string;
  playlist?: string;
  /** a chart id; the chart list is also checked */
  rank?: string;
  /** an ISRC the simulator knows, for the `isrc` look-up */
  isrc?: string;
  /** a barcode the simulator knows (plain form), for the `upc` look-up */
  upc?: string;
  /** web links of the source's pages and what each names, one per form the plugin reads (`links`) */
  links?: Record<string, LinkTarget>;
  /** ids the upstream does not know; each must be 3001 */
  missing: Partial<Record<"song" | "album" | "artist" | "playlist" | "rank", string>>;
}

export interface SourceContractOptions {
  plugin: SourcePluginDefinition;
  /** starts the simulator; returns it, the plugin's options pointing at it, and fixtures */
  setup(): Promise<{ simulator: Simulator; options: Record<string, unknown>; fixtures: ContractFixtures }>;
}

const SOURCE_ID = "source_t";
/** Each call's deadline (its `ctx.signal`), and how long past it a call may take to settle. */
const CALL_MS = 5000;
const SETTLE_GRACE_MS = 1000;
const CONTRACT_TEST_MS = 30_000;

export function testSourcePlugin({ plugin, setup }: SourceContractOptions): void {
  // A test outlives a call's deadline and its grace, so that a plugin that hangs is told why
  // (`watched`), not given the runner's bare "timed out" (vitest's default is 5 s); a test
  // making several calls (each link fixture's) has room for them.
  describe(`source plugin contract: ${plugin.id}`, { timeout: CONTRACT_TEST_MS }, () => {
    let simulator: Simulator;
    let fixtures: ContractFixtures;
    let bound: BoundTestSource;
    let methods: Partial<SourceMethods & SourceLookups & LinkResolver>;
    const declared = (c: keyof SourceMethods) => plugin.capabilities[c] === true;
    // A capability the plugin does not declare is one test of its own, that it has no method:
    // listed as "not declared", never as skipped tests, which would read like missing ones.
    const undeclared = new Set<Capability>();
    const declaredIt = (capability: Capability, title: string, test: TestFunction) => {
      if (declared(capability)) return it(title, test);
      if (undeclared.has(capability)) return;
      undeclared.add(capability);
      it(`${capability}: not declared, so create() gives no ${capability}() method`, () => expect(methods[capability]).toBeUndefined());
    };

    beforeAll(async () => {
      const ready = await setup();
      simulator = ready.simulator;
      fixtures = ready.fixtures;
      bound = await bindSourcePlugin(plugin, { options: ready.options, sourceId: SOURCE_ID, upstream: { timeoutMs: 400, retries: 0 } });
      methods = watched(bound.methods);
    });
    afterAll(async () => {
      await bound?.close();
      await simulator?.close();
    });

    const ctx = () => callContext(CALL_MS);
    const checkSongs = (songs: Song[]) => {
      for (const song of songs) {
        expect(song.source).toBe(SOURCE_ID);
        expect(typeof song.id).toBe("string");
        expect(Number.isInteger(song.duration)).toBe(true);
      }
    };

    it("has a valid definition", () => {
      expect(validateDefinition(plugin, plugin.id)).toEqual([]);
    });

    it("returns exactly the methods of its declared capabilities", () => {
      expect(checkInstanceMethods(bound.methods, plugin.capabilities, `plugin "${plugin.id}"`, plugin.lookups, plugin.links)).toEqual([]);
    });

    it("gives a fixture for every declared capability", () => {
      const needs: Record<string, keyof ContractFixtures> = { search: "search", song: "song", url: "song", lyric: "lyric", album: "album", artist: "artist", playlist: "playlist", rank: "rank" };
      for (const capability of CAPABILITIES) {
        if (declared(capability)) expect(fixtures[needs[capability]], `fixture for ${capability}`).toBeTruthy();
      }
    });

    declaredIt("search", "search answers a valid SearchResult", async () => {
      const result = SearchResult.parse(await methods.search!({ q: fixtures.search!, page: 1, size: 5 }, ctx()));
      expect(result.list.length).toBeGreaterThan(0);
      expect(result.list.length).toBeLessThanOrEqual(5);
      checkSongs(result.list);
    });

    // Each look-up: what it answers, what each item must carry, and an identifier no item has.
    const lookupCases: Record<Lookup, { answers: string; unknown: string; read(items: unknown, id: string): number }> = {
      isrc: {
        answers: "the songs of a known ISRC",
        unknown: "ZZZ000000000",
        read(items, id) {
          const songs = z.array(Song).parse(items);
          checkSongs(songs);
          for (const song of songs) expect(song.isrc).toBe(id);
          return songs.length;
        },
      },
      upc: {
        answers: "the albums of a known barcode",
        // A valid barcode (its check digit right) that no release carries.
        unknown: "400000000008",
        read(items, id) {
          const albums = z.array(AlbumDetail).parse(items);
          for (const album of albums) {
            expect(album.source).toBe(SOURCE_ID);
            expect(album.upc).toBe(id);
            checkSongs(album.song);
          }
          return albums.length;
        },
      },
    };
    for (const kind of LOOKUPS) {
      const lookup = () => (methods as Partial<SourceLookups>)[kind] as ((id: string, context: ReturnType<typeof ctx>) => Promise<unknown[]>) | undefined;
      const { answers, unknown, read } = lookupCases[kind];
      if (plugin.lookups?.[kind] !== true) it(`${kind} look-up: not declared, so create() gives no ${kind}() method`, () => expect(lookup()).toBeUndefined());
      else {
        it(`the ${kind} look-up answers ${answers}, each carrying it, and none for an unknown one`, async () => {
          const known = fixtures[kind];
          expect(known, `fixture for the ${kind} look-up`).toBeTruthy();
          expect(read(await lookup()!(known!, ctx()), known!)).toBeGreaterThan(0);
          expect(await lookup()!(unknown, ctx())).toEqual([]);
        });
      }
    }

    const links = plugin.links;
    if (!links) it("links: not declared, so create() gives no resolveLink() method", () => expect(methods.resolveLink).toBeUndefined());
    else {
      it("links: each fixture link names its item (read from the address, or resolved by the upstream), which the source answers; its home page names none", async () => {
        const given = Object.entries(fixtures.links ?? {});
        expect(given.length, "fixtures.links").toBeGreaterThan(0);
        for (const [text, expected] of given) {
          const url = new URL(text);
          expect(links.hosts, text).toContain(url.hostname);
          const read = links.link(url);
          expect(read, text).toBeDefined();
          const id = "resolve" in read! ? await methods.resolveLink!(url, read.kind, ctx()) : read!.id;
          expect({ kind: read!.kind, id }, text).toEqual(expected);
          const item = await itemOf(methods, expected, ctx());
          if (item) expect([item.source, item.id], text).toEqual([SOURCE_ID, expected.id]);
        }
        for (const host of links.hosts) expect(links.link(new URL(`https://${host}/`)), host).toBeUndefined();
      });
    }

    declaredIt("song", "song answers a valid SongDetail, and 3001 for an unknown id", async () => {
      const song = SongDetail.parse(await methods.song!(fixtures.song!, ctx()));
      expect(song.id).toBe(fixtures.song);
      checkSongs([song]);
      if (fixtures.missing.song) expect(await codeOf(() => methods.song!(fixtures.missing.song!, ctx()))).toBe(3001);
    });

    declaredIt("url", "url answers a valid SongUrl, and 3002 for a VIP song", async () => {
      const url = SongUrl.parse(await methods.url!(fixtures.song!, "standard", ctx()));
      expect(url.source).toBe(SOURCE_ID);
      expect(url.id).toBe(fixtures.song);
      if (fixtures.vipSong) expect(await codeOf(() => methods.url!(fixtures.vipSong!, "standard", ctx()))).toBe(3002);
    });

    declaredIt("url", "url hands ctx.checkSong the song as song() answers it, and lets its refusal through", async ({ skip }) => {
      const handed: unknown[] = [];
      await methods.url!(fixtures.song!, "standard", { ...ctx(), checkSong: (detail) => void handed.push(detail) });
      // Optional: a plugin that hands nothing over has its song looked up apart by the core.
      if (handed.length === 0) return skip();
      expect(handed).toHaveLength(1);
      if (declared("song")) expect(handed[0]).toEqual(await methods.song!(fixtures.song!, ctx()));
      const refuse = () => {
        throw new PaidContentError("refused by the core");
      };
      expect(await codeOf(() => methods.url!(fixtures.song!, "standard", { ...ctx(), checkSong: refuse }))).toBe(3002);
    });

    declaredIt("lyric", "lyric answers a valid Lyric", async () => {
      const lyric = Lyric.parse(await methods.lyric!(fixtures.lyric!, ctx()));
      expect(lyric.lyric.length).toBeGreaterThan(0);
    });

    declaredIt("album", "album answers a valid AlbumDetail, and 3001 for an unknown id", async () => {
      const album = AlbumDetail.parse(await methods.album!(fixtures.album!, ctx()));
      expect(album.source).toBe(SOURCE_ID);
      checkSongs(album.song);
      if (fixtures.missing.album) expect(await codeOf(() => methods.album!(fixtures.missing.album!, ctx()))).toBe(3001);
    });

    declaredIt("artist", "artist answers a valid ArtistDetail, and 3001 for an unknown id", async () => {
      const artist = ArtistDetail.parse(await methods.artist!(fixtures.artist!, ctx()));
      checkSongs(artist.song);
      if (fixtures.missing.artist) expect(await codeOf(() => methods.artist!(fixtures.missing.artist!, ctx()))).toBe(3001);
    });

    declaredIt("playlist", "playlist answers the requested page as a valid PlaylistDetail, and 3001 for an unknown id", async () => {
      const playlist = PlaylistDetail.parse(await methods.playlist!(fixtures.playlist!, { page: 1, size: 2 }, ctx()));
      expect(playlist.page).toBe(1);
      expect(playlist.size).toBe(2);
      expect(playlist.song.length).toBeLessThanOrEqual(2);
      expect(playlist.hasMore).toBe(playlist.total > 2);
      checkSongs(playlist.song);
      if (fixtures.missing.playlist) {
        expect(await codeOf(() => methods.playlist!(fixtures.missing.playlist!, { page: 1, size: 2 }, ctx()))).toBe(3001);
      }
    });

    declaredIt("rank", "rank answers a valid chart list and a valid chart", async () => {
      const list = RankList.parse(await methods.rank!(undefined, ctx()));
      expect(list.list.length).toBeGreaterThan(0);
      const chart = RankDetail.parse(await methods.rank!(fixtures.rank!, ctx()));
      checkSongs(chart.song);
      if (fixtures.missing.rank) expect(await codeOf(() => methods.rank!(fixtures.missing.rank!, ctx()))).toBe(3001);
    });

    describe("upstream failures", () => {
      const firstCall = () =>
        declared("song") ? methods.song!(fixtures.song!, ctx()) : methods.search!({ q: fixtures.search!, page: 1, size: 5 }, ctx());
      const withFault = async (fault: Fault) => {
        simulator.fault(fault);
        try {
          return await codeOf(firstCall);
        } finally {
          simulator.fault(undefined);
        }
      };
      it("a 5xx answer is 2002", async () => expect(await withFault({ kind: "status", status: 503 })).toBe(2002));
      it("no answer in time is 2001", async () => expect(await withFault({ kind: "hang" })).toBe(2001));
      it("an HTML page is 2003", async () => expect(await withFault({ kind: "html" })).toBe(2003));
      it("a truncated body is 2003", async () => expect(await withFault({ kind: "truncated" })).toBe(2003));
      it.each([
        ["an object of other fields", { unexpected: [1, 2, 3] }],
        ["an array", [1, 2, 3]],
        ["a string", "surprise"],
        ["null", null],
      ])("JSON of the wrong shape (%s) is 2003, never 5000", async (_what, body) => {
        expect(await withFault({ kind: "json", body })).toBe(2003);
      });
    });
  });
}

// --- internal ---

/**
 * The instance's methods, each failing with what is wrong when its call has not settled
 * `SETTLE_GRACE_MS` after its signal aborted: a plugin that waits on something deaf to
 * `ctx.signal` would hold a request past its deadline.
 */
function watched<T extends object>(instance: T): T {
  const methods: Record<string, unknown> = {};
  for (const name of [...CAPABILITIES, ...LOOKUPS, "resolveLink"]) {
    const method = (instance as Record<string, unknown>)[name];
    if (typeof method !== "function") continue;
    methods[name] = (...args: unknown[]) => {
      // called first: a method that throws at once leaves no timer behind
      const call = method.apply(instance, args);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`${name}() did not settle within ${SETTLE_GRACE_MS} ms of its ctx.signal aborting (its deadline, ${CALL_MS} ms): pass ctx.signal to every request, and wait on nothing that ignores it`)),
          CALL_MS + SETTLE_GRACE_MS,
        );
      });
      return Promise.race([call, late]).finally(() => clearTimeout(timer));
    };
  }
  return methods as T;
}

/** The item a link names, as its capability answers it; undefined when the source does not serve that kind (its link is 1003). */
function itemOf(methods: Partial<SourceMethods>, { kind, id }: LinkTarget, ctx: ReturnType<typeof callContext>): Promise<{ source: string; id: string }> | undefined {
  if (kind === "playlist") return methods.playlist?.(id, { page: 1, size: 5 }, ctx);
  return methods[kind]?.(id, ctx);
}
