/**
 * Examples of the service's operations across the sources (`/v1/lookup`, `/v1/resolve`): the
 * requests name identifiers and links of the demo's catalogue, so "Try it out" answers in demo
 * mode; the answers are what the demo answers, shortened (a test runs every one).
 */
import type { AcrossName } from "../../../engine/operations.ts";
import { HARBOUR_COVER, harbourSong, paperLanterns, type OperationExample } from "./examples.ts";

const longWayApple = (id: string, name: string, duration: number) => ({
  source: "source_b", id, name, artist: ["The Quiet Harbour"], album: "Long Way Round", albumId: "1600000040", duration,
  cover: "https://is1-ssl.mzstatic.com/image/thumb/Music221/v4/9e/8d/7c/9e8d7c6b-5a4f-3e2d-1c0b-9a8f7e6d5c4b/longway.jpg/600x600bb.jpg", available: true, vip: false, artistId: ["1500000505"],
});

/** Examples of the operations across the sources (the requests name links and identifiers of the demo's catalogue). */
export const ACROSS_EXAMPLES: Record<AcrossName, Record<string, OperationExample>> = {
  lookup: {
    isrc: {
      summary: "the songs of an ISRC (any spelling: hyphens, lower case)",
      query: { isrc: "QZ-FAK-91-00001" },
      data: { isrc: "QZFAK9100001", songs: [{ ...paperLanterns, isrc: "QZFAK9100001" }], failed: [] },
    },
    upc: {
      summary: "the albums of a barcode (a UPC-A in its EAN-13 spelling is the same barcode)",
      query: { upc: "0506000070024" },
      data: {
        upc: "506000070024",
        albums: [
          {
            source: "source_a", id: "7002", name: "Long Way Round", artist: ["The Quiet Harbour"], cover: HARBOUR_COVER, publishAt: "2021-10-01",
            song: [harbourSong("9200001", "First Light", 180), harbourSong("9200002", "Crossing", 191)], link: "https://www.deezer.com/album/7002", upc: "506000070024",
          },
          {
            source: "source_b", id: "1600000040", name: "Long Way Round", artist: ["The Quiet Harbour"],
            cover: "https://is1-ssl.mzstatic.com/image/thumb/Music221/v4/9e/8d/7c/9e8d7c6b-5a4f-3e2d-1c0b-9a8f7e6d5c4b/longway.jpg/600x600bb.jpg", publishAt: "2021-10-01",
            song: [longWayApple("1600000041", "First Light", 180), longWayApple("1600000042", "Crossing", 191)], link: "https://music.apple.com/us/album/long-way-round/1600000040?uo=4", upc: "506000070024",
          },
        ],
        failed: [],
      },
    },
  },
  resolve: {
    song: {
      summary: "a song link: the song and its copies on the other sources",
      query: { url: "https://www.deezer.com/en/track/9100001" },
      data: {
        kind: "song",
        item: { ...paperLanterns, isrc: "QZFAK9100001", quality: ["standard"], publishAt: "2019-05-17", link: "https://www.deezer.com/track/9100001" },
        copies: [
          { source: "source_c", id: "pL4nT", link: null, confidence: 0.99, reason: "isrc" },
          { source: "source_b", id: "1600000031", link: "https://music.apple.com/us/song/1600000031", confidence: 0.98, reason: "metadata" },
        ],
        failed: [],
      },
    },
    album: {
      summary: "an Apple album link: the album and the same release elsewhere",
      query: { url: "https://music.apple.com/us/album/long-way-round/1600000040" },
      data: {
        kind: "album",
        item: {
          source: "source_b", id: "1600000040", name: "Long Way Round", artist: ["The Quiet Harbour"],
          cover: "https://is1-ssl.mzstatic.com/image/thumb/Music221/v4/9e/8d/7c/9e8d7c6b-5a4f-3e2d-1c0b-9a8f7e6d5c4b/longway.jpg/600x600bb.jpg", publishAt: "2021-10-01",
          song: [longWayApple("1600000041", "First Light", 180), longWayApple("1600000042", "Crossing", 191)], link: "https://music.apple.com/us/album/long-way-round/1600000040?uo=4",
        },
        copies: [{ source: "source_a", id: "7002", link: "https://www.deezer.com/album/7002", confidence: 0.95, reason: "metadata" }],
        failed: [],
      },
    },
    artist: {
      summary: "an Audius artist page, resolved by Audius' own API",
      query: { url: "https://audius.co/harborstatic" },
      data: {
        kind: "artist",
        item: {
          source: "source_c", id: "Wq3nE", name: "Harbor Static", avatar: "https://media-3.tidewater-content.net/content/01HZQ3MNV8T0W5X2Y7K4P9R6SA/480x480.jpg",
          song: [
            {
              source: "source_c", id: "fT6hJ", name: "Salt Circuit", artist: ["Harbor Static"], album: "Low Tide Signals", albumId: "pL7Qa", duration: 188,
              cover: "https://media-3.tidewater-content.net/content/01HZQ4BBB1B2C3D4E5F6G7H8J9/480x480.jpg", available: true, vip: false, artistId: ["Wq3nE"], explicit: null, popularity: 90422,
            },
          ],
          link: "https://audius.co/harborstatic",
        },
        copies: [],
        failed: [],
      },
    },
  },
};
