/**
 * Source plugin `deezer`: the Deezer public API (https://api.deezer.com, keyless), bound to
 * `source_a` by the default config (docs/decisions.md (Sources)). Metadata for songs, albums, artists,
 * playlists and charts; addresses are Deezer's public 30 s previews. No lyrics of its own:
 * the lyrics provider answers for it. See README.md for the mapping and its limits.
 */
import { defineSourcePlugin, squareAt, Tokens } from "@music-aggregator/core";
import { DeezerApi } from "./api.ts";
import { chartMethods } from "./charts.ts";
import { collectionMethods } from "./collections.ts";
import { DeezerOptions } from "./options.ts";
import { deezerLinks } from "./links.ts";
import { lookups } from "./lookups.ts";
import { songMethods } from "./songs.ts";

/** Deezer's published limit: 50 requests per 5 seconds. */
const DEEZER_BUDGET = { requests: 50, windowMs: 5000 };

export default defineSourcePlugin({
  id: "deezer",
  name: "Deezer",
  capabilities: { search: true, song: true, url: true, lyric: false, album: true, artist: true, playlist: true, rank: true },
  // Deezer pages search by `index`/`limit` (at most 100) with an exact `total`; its addresses are 30 s previews.
  searchPaging: { window: 100, exactTotal: true },
  playback: "preview",
  homepage: "https://www.deezer.com",
  attribution: "Music data and previews from Deezer",
  // The catalogue comes from the labels and distributors that own the recordings, ISRCs with it.
  isrcs: "vouched",
  // Its image server renders the size an address names.
  coverAt: (url, px) => squareAt(url, px),
  // `/track/isrc:{isrc}` finds the copy of a known ISRC (search answers carry none); `/album/upc:{upc}` the album of a barcode.
  lookups: { isrc: true, upc: true },
  links: deezerLinks,
  options: DeezerOptions,
  deps: { http: Tokens.Http },
  create({ options, deps, log, sourceId }) {
    const http = deps.http.create({
      name: "Deezer",
      // A page is at most 100 tracks (a playlist page): about 150 KB.
      maxBodyBytes: 2 * 1024 * 1024,
      baseURL: options.baseURL,
      userAgent: options.userAgent,
      timeoutMs: options.timeoutMs,
      budget: DEEZER_BUDGET,
    });
    const api = new DeezerApi(http, { retries: options.quotaRetries, backoffMs: options.quotaBackoffMs }, log);
    return {
      ...songMethods(api, sourceId),
      ...collectionMethods(api, sourceId),
      ...chartMethods(api, sourceId),
      ...lookups(api, sourceId),
    };
  },
});
