/**
 * The OpenAPI examples of the demo's other sources (source_a's are in `examples.ts`): for each,
 * a request of every operation it serves, naming ids of its simulated catalog so "Try it out"
 * answers in demo mode, and its answer's `data`, shortened (song lists cut), with the
 * upstreams' own addresses as a real instance gives them (the demo maps them to its own server).
 */
import type { OperationName } from "../../../engine/operations.ts";

/** A request of an operation and its answer, as the OpenAPI document shows them. */
export interface OperationExample {
  /** the query of a request (besides origin), as a caller would send it */
  query: Record<string, string>;
  summary: string;
  /** `data` of its answer */
  data: unknown;
}

export type SourceExamples = Partial<Record<OperationName, OperationExample>>;

const song = (source: string, id: string, name: string, artist: string[], album: string, albumId: string, duration: number, cover: string | null, more = {}) => ({
  source, id, name, artist, album, albumId, duration, cover, available: true, vip: false, ...more,
});

/** The lyrics provider's answer (the demo's lyrics host writes LRC timed to its tone). */
const lyric = (source: string, id: string, name: string): OperationExample => ({
  summary: "LRC lyrics, from the lyrics provider",
  query: { source, id },
  data: { source, id, lyric: `[00:00.00] ${name} (demo lyrics)\n[00:03.00] line 2 of ${name}`, translation: null },
});

// --- source_b: iTunes (30 s previews, no playlists) ---

const MZ = "https://is1-ssl.mzstatic.com/image/thumb";
const GLASSHOUSE = `${MZ}/Music211/v4/3a/7c/e1/3a7ce1d0-5b2f-4c11-9e0a-8f6b2d4c1a77/5021732149.jpg/600x600bb.jpg`;
const paperKites = song("source_b", "1600000012", "Paper Kites", ["Juniper Lane"], "Glasshouse Weather", "1600000010", 188, GLASSHOUSE);
const lanternsRemaster = song("source_b", "1600000031", "Paper Lanterns (2024 Remaster)", ["Marlow Vane"], "Tidal Lines (2024 Remaster)", "1600000030", 241, `${MZ}/Music221/v4/5f/1e/2d/5f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0/tidal2024.jpg/600x600bb.jpg`);
const saltwaterRadio = song("source_b", "1600000021", "Saltwater Radio", ["Okoro & The Tide"], "Saltwater Radio - Single", "1600000020", 200, `${MZ}/Music221/v4/9d/04/b2/9d04b2aa-71c3-4e8e-a0f5-1c2d3e4f5a6b/198704112233.jpg/600x600bb.jpg`);

const sourceB: SourceExamples = {
  search: { summary: "one source", query: { q: "paper", source: "source_b", size: "2" }, data: { page: 1, size: 2, total: 12, failed: [], list: [paperKites, lanternsRemaster] } },
  song: { summary: "a song", query: { source: "source_b", id: "1600000012" }, data: { ...paperKites, quality: ["standard"], publishAt: "2021-04-09" } },
  match: { summary: "the song, and its copies elsewhere", query: { source: "source_b", id: "1600000012" }, data: { song: { ...paperKites, quality: ["standard"], publishAt: "2021-04-09" }, matches: [], failed: [] } },
  url: {
    summary: "a 30 s AAC preview",
    query: { source: "source_b", id: "1600000012", quality: "standard" },
    data: {
      source: "source_b", id: "1600000012", quality: "standard", bitrate: 256, size: null, expireAt: null, preview: true,
      url: "https://audio-ssl.itunes.apple.com/itunes-assets/AudioPreview221/v4/5e/6f/70/5e6f7081-92a3-b4c5-d6e7-f8091a2b3c4d/mzaf_2277553311046802468.plus.aac.p.m4a",
    },
  },
  lyric: lyric("source_b", "1600000012", "Paper Kites"),
  album: {
    summary: "an album and its songs",
    query: { source: "source_b", id: "1600000010" },
    data: { source: "source_b", id: "1600000010", name: "Glasshouse Weather", artist: ["Juniper Lane"], cover: GLASSHOUSE, publishAt: "2021-04-09", song: [paperKites] },
  },
  artist: { summary: "an artist", query: { source: "source_b", id: "1500000101" }, data: { source: "source_b", id: "1500000101", name: "Juniper Lane", avatar: null, song: [paperKites] } },
  rank: {
    summary: "a chart",
    query: { source: "source_b", id: "us" },
    data: { source: "source_b", id: "us", name: "Top Songs (US)", cover: saltwaterRadio.cover, updateAt: "2025-03-14T09:05:07.000Z", song: [saltwaterRadio] },
  },
};

// --- source_c: Audius (full-length streams; gated tracks are VIP) ---

const AUDIUS = "https://media-3.tidewater-content.net/content";
const NEON_STREAM =
  "https://node-7.tidewater-content.net/tracks/cidstream/baeaaaiqseaz4kpfixturecid?signature=%7B%22data%22%3A%22%7B%5C%22cid%5C%22%3A%5C%22baeaaaiqseaz4kpfixturecid%5C%22%2C%5C%22timestamp%5C%22%3A1735689600000%7D%22%2C%22signature%22%3A%220xeaz4kpfixturecid%22%7D";
const neonTidepool = song("source_c", "aZ4kP", "Neon Tidepool", ["Harbor Static"], "Low Tide Signals", "", 214, `${AUDIUS}/01HZQ4AAA1B2C3D4E5F6G7H8J9/480x480.jpg`);
const saltCircuit = song("source_c", "fT6hJ", "Salt Circuit", ["Harbor Static"], "Low Tide Signals", "pL7Qa", 188, `${AUDIUS}/01HZQ4BBB1B2C3D4E5F6G7H8J9/480x480.jpg`);
const paperSatellites = { ...song("source_c", "dW5pS", "Paper Satellites", ["Lumen Vale"], "", "", 176, `${AUDIUS}/01HZQ4DDD1B2C3D4E5F6G7H8J9/480x480.jpg`), available: false, vip: true };
const lanternsUpload = song("source_c", "pL4nT", "Paper Lanterns", ["Marlow Vane"], "", "", 242, `${AUDIUS}/01J2MV1A1B2C3D4E5F6G7H8J9K/480x480.jpg`, { isrc: "QZFAK9100001" });
/** Jamendo's free copy of the song Audius gates (the demo's catalogue across sources). */
const freeSatellites = song("source_e", "1714410", "Paper Satellites", ["Lumen Vale"], "", "", 176, "https://usercontent.jamendo.com?type=track&id=1714410&width=600", {
  license: "http://creativecommons.org/licenses/by-sa/4.0/",
});

const sourceC: SourceExamples = {
  search: { summary: "a gated song, flagged vip", query: { q: "paper", source: "source_c", size: "2" }, data: { page: 1, size: 2, total: 2, failed: [], list: [paperSatellites, lanternsUpload] } },
  song: { summary: "a song", query: { source: "source_c", id: "aZ4kP" }, data: { ...neonTidepool, quality: ["high"], publishAt: "2023-04-14" } },
  match: {
    summary: "a VIP song, and its free copy elsewhere",
    query: { source: "source_c", id: "dW5pS" },
    data: { song: { ...paperSatellites, quality: [], publishAt: "2022-11-20" }, matches: [{ song: freeSatellites, confidence: 0.95, reason: "metadata" }], failed: [] },
  },
  url: {
    summary: "a full-length stream",
    query: { source: "source_c", id: "aZ4kP", quality: "high" },
    data: { source: "source_c", id: "aZ4kP", url: NEON_STREAM, quality: "high", bitrate: 320, size: null, expireAt: null, preview: false },
  },
  lyric: lyric("source_c", "aZ4kP", "Neon Tidepool"),
  album: {
    summary: "an album and its songs",
    query: { source: "source_c", id: "pL7Qa" },
    data: {
      source: "source_c", id: "pL7Qa", name: "Low Tide Signals", artist: ["Harbor Static"], cover: `${AUDIUS}/01HZQ6AAA1B2C3D4E5F6G7H8J9/480x480.jpg`, publishAt: "2023-04-14",
      song: [{ ...neonTidepool, albumId: "pL7Qa" }],
    },
  },
  artist: {
    summary: "an artist",
    query: { source: "source_c", id: "Wq3nE" },
    data: { source: "source_c", id: "Wq3nE", name: "Harbor Static", avatar: `${AUDIUS}/01HZQ3MNV8T0W5X2Y7K4P9R6SA/480x480.jpg`, song: [saltCircuit] },
  },
  playlist: {
    summary: "one page of a playlist, each track with its address",
    query: { source: "source_c", id: "mN3bV", page: "1", size: "2", with_url: "1" },
    data: {
      source: "source_c", id: "mN3bV", name: "Night Drive Sessions", cover: `${AUDIUS}/01HZQ6BBB1B2C3D4E5F6G7H8J9/480x480.jpg`, creator: "Lumen Vale", count: 8,
      song: [{ ...neonTidepool, url: NEON_STREAM, preview: false }], page: 1, size: 2, total: 8, hasMore: true,
    },
  },
  transfer: {
    summary: "a page of a playlist matched onto another source",
    query: { source: "source_c", id: "mN3bV", size: "1", to: "source_a" },
    data: {
      source: "source_c", id: "mN3bV", name: "Night Drive Sessions", creator: "Lumen Vale", page: 1, size: 1, total: 8, hasMore: true, to: ["source_a"], matched: 0, unmatched: 1, failed: [],
      tracks: [{ position: 1, song: neonTidepool, copies: { source_a: null }, failed: [] }],
    },
  },
  rank: { summary: "a chart", query: { source: "source_c", id: "week" }, data: { source: "source_c", id: "week", name: "Trending this week", cover: null, updateAt: null, song: [saltCircuit] } },
};

// --- source_d: Internet Archive (an item is an album, an audio file a song) ---

const ITEM = "mh1981-06-12.sbd.tolliver.4411.flac16";
const CEDAR_STREET = "Marrow Hill Live at Cedar Street Ballroom on 1981-06-12";
const ITEM_COVER = `https://archive.org/services/img/${ITEM}`;
const paperBoats = song("source_d", `${ITEM}/mh81-06-12d1t02.flac`, "Paper Boats", ["Marrow Hill"], CEDAR_STREET, ITEM, 313, ITEM_COVER);
const cedarSmoke = song("source_d", `${ITEM}/mh81-06-12d1t01.flac`, "Cedar Smoke", ["Marrow Hill"], CEDAR_STREET, ITEM, 245, ITEM_COVER);

const sourceD: SourceExamples = {
  search: { summary: "one source", query: { q: "paper", source: "source_d", size: "2" }, data: { page: 1, size: 2, total: 4, failed: [], list: [paperBoats] } },
  song: { summary: "a song: an audio file of an item", query: { source: "source_d", id: paperBoats.id }, data: { ...paperBoats, quality: ["high", "lossless"], publishAt: "1981-06-12" } },
  match: {
    summary: "the song, and its copies elsewhere",
    query: { source: "source_d", id: paperBoats.id },
    data: { song: { ...paperBoats, quality: ["high", "lossless"], publishAt: "1981-06-12" }, matches: [], failed: [] },
  },
  url: {
    summary: "the lossless original",
    query: { source: "source_d", id: paperBoats.id, quality: "lossless" },
    data: { source: "source_d", id: paperBoats.id, url: `https://archive.org/download/${paperBoats.id}`, quality: "lossless", bitrate: 896, size: 35029761, expireAt: null, preview: false },
  },
  lyric: lyric("source_d", paperBoats.id, "Paper Boats"),
  album: {
    summary: "an item and its songs",
    query: { source: "source_d", id: ITEM },
    data: { source: "source_d", id: ITEM, name: CEDAR_STREET, artist: ["Marrow Hill"], cover: ITEM_COVER, publishAt: "1981-06-12", song: [cedarSmoke] },
  },
  artist: { summary: "a creator", query: { source: "source_d", id: "Marrow Hill" }, data: { source: "source_d", id: "Marrow Hill", name: "Marrow Hill", avatar: null, song: [cedarSmoke] } },
  rank: {
    summary: "a chart of downloads",
    query: { source: "source_d", id: "week" },
    data: { source: "source_d", id: "week", name: "Most downloaded audio this week", cover: null, updateAt: null, song: [cedarSmoke] },
  },
};

// --- source_e: Jamendo (Creative Commons, full length; bound in the demo) ---

const JAMENDO = "https://usercontent.jamendo.com";
const NORTHERN_GLASS = `${JAMENDO}?type=album&id=201455&width=600`;
const lanternSeason = song("source_e", "1630002", "Lantern Season", ["Lumen Drift"], "Northern Glass", "201455", 187, `${NORTHERN_GLASS}&trackid=1630002`, {
  license: "http://creativecommons.org/licenses/by-nc-sa/3.0/",
});
const paperBoat = song("source_e", "1712040", "Paper Boat", ["Orla Fenwick"], "", "", 233, `${JAMENDO}?type=track&id=1712040&width=600`, { license: "http://creativecommons.org/licenses/by/4.0/" });

const sourceE: SourceExamples = {
  search: { summary: "one source", query: { q: "paper", source: "source_e", size: "2" }, data: { page: 1, size: 2, total: 2, failed: [], list: [paperBoat, freeSatellites] } },
  song: { summary: "a song", query: { source: "source_e", id: "1630002" }, data: { ...lanternSeason, quality: ["standard", "high", "lossless"], publishAt: "2016-03-11" } },
  match: {
    summary: "the song, and its copies elsewhere",
    query: { source: "source_e", id: "1630002" },
    data: { song: { ...lanternSeason, quality: ["standard", "high", "lossless"], publishAt: "2016-03-11" }, matches: [], failed: [] },
  },
  url: {
    summary: "the lossless download",
    query: { source: "source_e", id: "1630002", quality: "lossless" },
    data: { source: "source_e", id: "1630002", url: "https://prod-1.storage.jamendo.com/download/track/1630002/flac/", quality: "lossless", bitrate: 1411, size: null, expireAt: null, preview: false },
  },
  lyric: lyric("source_e", "1630002", "Lantern Season"),
  album: {
    summary: "an album and its songs",
    query: { source: "source_e", id: "201455" },
    data: { source: "source_e", id: "201455", name: "Northern Glass", artist: ["Lumen Drift"], cover: NORTHERN_GLASS, publishAt: "2016-03-11", song: [{ ...lanternSeason, cover: NORTHERN_GLASS }] },
  },
  artist: {
    summary: "an artist",
    query: { source: "source_e", id: "480211" },
    data: { source: "source_e", id: "480211", name: "Lumen Drift", avatar: `${JAMENDO}?type=artist&id=480211&width=300`, song: [lanternSeason] },
  },
  playlist: {
    summary: "one page of a playlist, each track with its address",
    query: { source: "source_e", id: "500612", page: "1", size: "2", with_url: "1" },
    data: {
      source: "source_e", id: "500612", name: "Rainy Commute", cover: null, creator: "ferrywatcher", count: 7,
      song: [{ ...paperBoat, url: "https://prod-1.storage.jamendo.com/?trackid=1712040&format=mp31&from=app-harbourside", preview: false }], page: 1, size: 2, total: 7, hasMore: true,
    },
  },
  transfer: {
    summary: "a page of a playlist matched onto another source",
    query: { source: "source_e", id: "500612", size: "1", to: "source_c" },
    data: {
      source: "source_e", id: "500612", name: "Rainy Commute", creator: "ferrywatcher", page: 1, size: 1, total: 7, hasMore: true, to: ["source_c"], matched: 0, unmatched: 1, failed: [],
      tracks: [{ position: 1, song: paperBoat, copies: { source_c: null }, failed: [] }],
    },
  },
  rank: {
    summary: "a chart",
    query: { source: "source_e", id: "popularity_week" },
    data: { source: "source_e", id: "popularity_week", name: "Most popular this week", cover: null, updateAt: null, song: [paperBoat] },
  },
};

/** Every source's examples but source_a's, by source id. */
export const SOURCE_EXAMPLES: Record<string, SourceExamples> = { source_b: sourceB, source_c: sourceC, source_d: sourceD, source_e: sourceE };
