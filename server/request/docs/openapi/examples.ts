/**
 * Examples of the OpenAPI document: a request and its answer's `data` for every endpoint, for
 * every source of the demo (source_a's here, the others' in `source-examples.ts`). The requests
 * name ids of the demo's simulated catalog, so "Try it out" answers in demo mode (`npm run
 * demo`); the answers are what the demo answers, shortened, with the upstreams' own addresses
 * (the demo maps them to its own server). A test validates every example against its schema
 * and runs every request example against the demo.
 */
import type { OperationName } from "../../../engine/operations.ts";
import { SOURCE_EXAMPLES, type OperationExample } from "./source-examples.ts";

export type { OperationExample };

const DEEZER_COVER = "https://e-cdns-images.dzcdn.net/images/cover/5f1e2d3c4b5a69788796a5b4c3d2e1f0/1000x1000-000000-80-0-0.jpg";
export const HARBOUR_COVER = "https://e-cdns-images.dzcdn.net/images/cover/9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b/1000x1000-000000-80-0-0.jpg";

export const paperLanterns = {
  source: "source_a", id: "9100001", name: "Paper Lanterns", artist: ["Marlow Vane"], album: "Tidal Lines", albumId: "7001",
  duration: 241, cover: DEEZER_COVER, available: true, vip: false, artistId: ["4001"],
};
const saltAir = {
  source: "source_a", id: "9100002", name: "Salt Air (feat. Ines Okafor)", artist: ["Marlow Vane", "Ines Okafor"], album: "Tidal Lines",
  albumId: "7001", duration: 198, cover: DEEZER_COVER, available: true, vip: false, artistId: ["4001", "4003"],
};
/** Deezer's "Paper Lanterns" in full, uploaded to Audius by its artist with the same ISRC (the demo's catalogue across sources). */
const lanternsUpload = {
  source: "source_c", id: "pL4nT", name: "Paper Lanterns", artist: ["Marlow Vane"], album: "", albumId: "", duration: 242,
  cover: "https://media-3.tidewater-content.net/content/01J2MV1A1B2C3D4E5F6G7H8J9K/480x480.jpg", available: true, vip: false, artistId: ["Mv7aN"], isrc: "QZFAK9100001",
};
const lanternsRemaster = {
  source: "source_b", id: "1600000031", name: "Paper Lanterns (2024 Remaster)", artist: ["Marlow Vane"], album: "Tidal Lines (2024 Remaster)", albumId: "1600000030", duration: 241,
  cover: "https://is1-ssl.mzstatic.com/image/thumb/Music221/v4/5f/1e/2d/5f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0/tidal2024.jpg/600x600bb.jpg", available: true, vip: false, artistId: ["1500000404"],
};
const paperKites = {
  source: "source_b", id: "1600000012", name: "Paper Kites", artist: ["Juniper Lane"], album: "Glasshouse Weather", albumId: "1600000010",
  duration: 188, cover: "https://is1-ssl.mzstatic.com/image/thumb/Music211/v4/3a/7c/e1/3a7ce1d0-5b2f-4c11-9e0a-8f6b2d4c1a77/5021732149.jpg/600x600bb.jpg",
  available: true, vip: false, artistId: ["1500000101"],
};
export const harbourSong = (id: string, name: string, duration: number) => ({
  source: "source_a", id, name, artist: ["The Quiet Harbour"], album: "Long Way Round", albumId: "7002", duration, cover: HARBOUR_COVER, available: true, vip: false, artistId: ["4002"],
});
const chart = { source: "source_a", id: "0", name: "All", cover: "https://e-cdns-images.dzcdn.net/images/misc//1000x1000-000000-80-0-0.jpg", updateAt: null };

/** source_a's examples of each `/v1` operation (and the all-search's). */
const SOURCE_A_EXAMPLES: Record<OperationName, Record<string, OperationExample>> = {
  search: {
    all: {
      summary: "every source at once: one entry per recording, its copies as alternatives",
      query: { q: "paper", source: "all", size: "2" },
      data: {
        page: 1, size: 2, total: 18, failed: [],
        list: [
          { ...lanternsUpload, alternatives: [{ source: "source_a", id: "9100001", available: true, vip: false }, { source: "source_b", id: "1600000031", available: true, vip: false }] },
          { ...paperKites, alternatives: [] },
        ],
      },
    },
    source_a: { summary: "one source", query: { q: "paper", source: "source_a", size: "2" }, data: { page: 1, size: 2, total: 1, failed: [], list: [paperLanterns] } },
  },
  song: {
    song: {
      summary: "a song",
      query: { source: "source_a", id: "9100002" },
      data: { ...saltAir, quality: ["standard"], publishAt: "2019-05-17", link: "https://www.deezer.com/track/9100002" },
    },
  },
  match: {
    match: {
      summary: "a song, and the same recording on the other sources",
      query: { source: "source_a", id: "9100001" },
      data: {
        song: { ...paperLanterns, isrc: "QZFAK9100001", quality: ["standard"], publishAt: "2019-05-17", link: "https://www.deezer.com/track/9100001" },
        matches: [
          { song: lanternsUpload, confidence: 0.99, reason: "isrc" },
          { song: lanternsRemaster, confidence: 0.98, reason: "metadata" },
        ],
        failed: [],
      },
    },
  },
  url: {
    preview: {
      summary: "a preview-only source's 30 s clip",
      query: { source: "source_a", id: "9100001", quality: "standard" },
      data: {
        source: "source_a", id: "9100001", url: "https://cdns-preview-e.dzcdn.net/stream/c-e1f2a3b4c5d6e7f8091a2b3c4d5e6f70-4.mp3",
        quality: "standard", bitrate: 128, size: null, expireAt: 1893456000, preview: true,
      },
    },
    fallback: {
      summary: "fallback=1: the same recording in full from another source",
      query: { source: "source_a", id: "9100001", fallback: "1" },
      data: {
        source: "source_c", id: "pL4nT", quality: "high", bitrate: 320, size: null, expireAt: null, preview: false,
        url: "https://node-7.tidewater-content.net/tracks/cidstream/baeaaaiqsepl4ntfixturecid?signature=%7B%22data%22%3A%22%7B%5C%22cid%5C%22%3A%5C%22baeaaaiqsepl4ntfixturecid%5C%22%2C%5C%22timestamp%5C%22%3A1735689600000%7D%22%2C%22signature%22%3A%220xepl4ntfixturecid%22%7D",
        matchedFrom: { source: "source_a", id: "9100001", confidence: 0.99 },
      },
    },
  },
  lyric: {
    lyric: {
      summary: "LRC lyrics",
      query: { source: "source_a", id: "9100002" },
      data: { source: "source_a", id: "9100002", lyric: "[00:00.00] Salt Air (feat. Ines Okafor)\n[00:03.00] salt on the window", translation: null },
    },
  },
  album: {
    album: {
      summary: "an album and its songs",
      query: { source: "source_a", id: "7002" },
      data: {
        source: "source_a", id: "7002", name: "Long Way Round", artist: ["The Quiet Harbour"], cover: HARBOUR_COVER, publishAt: "2021-10-01",
        song: [harbourSong("9200001", "First Light", 180), harbourSong("9200002", "Crossing", 191)],
        link: "https://www.deezer.com/album/7002",
      },
    },
  },
  artist: {
    artist: {
      summary: "an artist and their popular songs",
      query: { source: "source_a", id: "4003" },
      data: {
        source: "source_a", id: "4003", name: "Ines Okafor",
        avatar: "https://e-cdns-images.dzcdn.net/images/artist/0b9a8c7d6e5f4a3b2c1d0e9f8a7b6c5d/1000x1000-000000-80-0-0.jpg",
        song: [{ ...saltAir, artist: ["Marlow Vane"], artistId: ["4001"] }],
        link: "https://www.deezer.com/artist/4003",
      },
    },
  },
  playlist: {
    withUrl: {
      summary: "one page of a playlist, each track with its address",
      query: { source: "source_a", id: "5550001", page: "1", size: "2", with_url: "1" },
      data: {
        source: "source_a", id: "5550001", name: "Harbour Lights", cover: HARBOUR_COVER, creator: "deckhand_ro", count: 7,
        song: [
          { ...paperLanterns, url: "https://cdns-preview-e.dzcdn.net/stream/c-e1f2a3b4c5d6e7f8091a2b3c4d5e6f70-4.mp3", preview: true },
          { ...saltAir, url: "https://cdns-preview-b.dzcdn.net/stream/c-b41c07d2e3f4a5b6c7d8e9f0a1b2c3d4-4.mp3", preview: true },
        ],
        page: 1, size: 2, total: 7, hasMore: true,
      },
    },
  },
  transfer: {
    transfer: {
      summary: "a page of a playlist matched onto another source: Paper Lanterns has a copy there, Salt Air none",
      query: { source: "source_a", id: "5550001", page: "1", size: "2", to: "source_c" },
      data: {
        source: "source_a", id: "5550001", name: "Harbour Lights", creator: "deckhand_ro", page: 1, size: 2, total: 7, hasMore: true, to: ["source_c"], matched: 1, unmatched: 1, failed: [],
        tracks: [
          { position: 1, song: paperLanterns, copies: { source_c: { song: lanternsUpload, confidence: 0.9, reason: "metadata" } }, failed: [] },
          { position: 2, song: saltAir, copies: { source_c: null }, failed: [] },
        ],
      },
    },
  },
  rank: {
    chart: { summary: "with id: that chart and its songs", query: { source: "source_a", id: "0" }, data: { ...chart, song: [harbourSong("9200002", "Crossing", 191), paperLanterns] } },
    charts: {
      summary: "without id: the source's charts",
      query: { source: "source_a" },
      data: { source: "source_a", list: [chart, { ...chart, id: "85", name: "Alternative" }] },
    },
  },
};

/**
 * Examples of every `/v1` operation for every source of the demo that serves it: source_a's
 * first (their values are the parameters' defaults in Try it out), then one per other source,
 * keyed by its id. Each summary starts with the source it asks.
 */
export const OPERATION_EXAMPLES: Record<OperationName, Record<string, OperationExample>> = Object.fromEntries(
  Object.entries(SOURCE_A_EXAMPLES).map(([capability, own]) => {
    const others = Object.entries(SOURCE_EXAMPLES).flatMap(([id, examples]) => (examples[capability as OperationName] ? [[id, examples[capability as OperationName]!] as const] : []));
    const all = [...Object.entries(own), ...others].map(([key, e]) => [key, e.query.source === "all" ? e : { ...e, summary: `${e.query.source}: ${e.summary}` }]);
    return [capability, Object.fromEntries(all)];
  }),
) as Record<OperationName, Record<string, OperationExample>>;

/** `data` of the service's own endpoints. */
export const SERVICE_EXAMPLES: Record<string, unknown> = {
  "/v1/source": {
    capability: {
      source_a: { search: true, song: true, url: true, lyric: true, album: true, artist: true, playlist: true, rank: true, match: true, transfer: true },
      source_b: { search: true, song: true, url: true, lyric: true, album: true, artist: true, playlist: false, rank: true, match: true, transfer: false },
    },
    disable: [],
    sources: {
      source_a: {
        name: "Deezer", plugin: "deezer", homepage: "https://www.deezer.com", playback: "preview", attribution: "Music data and previews from Deezer",
        links: ["www.deezer.com", "deezer.com"], lookups: ["isrc", "upc"],
      },
      source_b: {
        name: "Apple iTunes", plugin: "itunes", homepage: "https://www.apple.com/apple-music/", playback: "preview", attribution: "Provided courtesy of iTunes",
        links: ["music.apple.com", "itunes.apple.com", "geo.music.apple.com", "embed.music.apple.com"], lookups: ["upc"],
      },
    },
  },
  "/v1/status": {
    version: "0.1.0",
    uptime: 3600,
    cache: { driver: "memory", entries: 120, hits: 300, misses: 120, hitRate: 0.7143, tiers: { local: { hits: 300, misses: 120 } } },
    notice: "Read-only metadata service: no audio is stored or served, no paid or gated content is unlocked; addresses are the upstreams' own public links.",
    origins: [
      { origin: "my-blog", requests: 320 },
      { origin: "radio-widget", requests: 95 },
    ],
  },
};

/** A failure's message for each `/v1` code, as the service words them. */
export const V1_ERROR_EXAMPLES: Record<number, string> = {
  1001: "parameter q is required",
  1002: "unknown source source_z; known: source_a, source_b, source_c, source_d, source_e",
  1003: "source source_b does not support playlist",
  1004: "method POST is not allowed, use GET",
  2001: "Deezer did not answer within 8000 ms",
  2002: "Deezer answered HTTP 503",
  2003: "Deezer answered something that is not JSON",
  3001: "Deezer has no /track/8888888",
  3002: "this song is VIP/paid content; no public address is given",
  4001: "rate limit exceeded, retry after 42 s",
  4002: "user-agent blocked: send a user-agent that names your application",
  5000: "internal error",
};

/** The `/api` examples: a listing request and its answer, and the traffic statistics. */
export const API_EXAMPLES = {
  listRequest: { surl: "https://pan.baidu.com/s/1OpenShare", dir: "/" },
  listing: {
    uk: 1100223344556, shareid: 39281746521, randsk: "R4nd+Sk/Key==",
    list: [
      { fs_id: "811111111111111", server_filename: "Music", path: "/Music", isdir: 1, size: 0, md5: "", category: 6, server_ctime: 1690000000, server_mtime: 1690000100 },
      { fs_id: "9007199254740993", server_filename: "readme.txt", path: "/readme.txt", isdir: 0, size: 1234, md5: "md5-9007199254740993", category: 4, server_ctime: 1700000000, server_mtime: 1700000100 },
    ],
  },
  limit: {
    today: { requests: 12, list: 9, qrcode: 1, failed: 2, files: 41 },
    total: { requests: 310, list: 260, qrcode: 18, failed: 32, files: 1807 },
    since: "2025-03-01T08:00:00.000Z",
    generatedAt: "2025-03-14T09:05:07.000Z",
  },
  qrQuery: { size: "200", data: "https://example.com/", sign: "0f9e8d7c6b5a49382716a5b4c3d2e1f00f9e8d7c6b5a49382716a5b4c3d2e1f0" },
};
