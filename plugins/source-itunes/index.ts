/**
 * Source plugin `itunes`: Apple's iTunes Search API (`/search`, `/lookup`) and its RSS chart
 * feeds, both keyless, bound to `source_b` by the default config (docs/decisions.md (Sources)). Metadata for
 * songs, albums, artists and charts; addresses are Apple's public 30 s AAC previews. No
 * playlists (the API has none) and no lyrics of its own. See README.md for the mapping.
 */
import { defineSourcePlugin, squareAt, Tokens } from "@music-aggregator/core";
import { AppleCharts, ItunesApi } from "./api.ts";
import { chartMethods } from "./charts.ts";
import { collectionMethods, upcLookup } from "./collections.ts";
import { itunesLinks } from "./links.ts";
import { ItunesOptions } from "./options.ts";
import { songMethods } from "./songs.ts";

const MINUTE_MS = 60_000;

export default defineSourcePlugin({
  id: "itunes",
  name: "Apple iTunes",
  capabilities: { search: true, song: true, url: true, lyric: false, album: true, artist: true, playlist: false, rank: true },
  // Apple gives no grand total and caps a search at 200 results: one call of 200, paged by the core.
  searchPaging: { window: 200, exactTotal: false },
  playback: "preview",
  homepage: "https://www.apple.com/apple-music/",
  attribution: "Provided courtesy of iTunes",
  // Apple's catalogue is delivered by labels and distributors, ISRCs with it.
  isrcs: "vouched",
  // Its image server renders the size an address names.
  coverAt: (url, px) => squareAt(url, px),
  // `lookup?upc=…&entity=song` answers the album of a barcode and its songs in one call.
  lookups: { upc: true },
  links: itunesLinks,
  options: ItunesOptions,
  deps: { http: Tokens.Http },
  create({ options, deps, log, sourceId }) {
    // Each upstream has its own client, so each keeps its own budget (Apple counts per service).
    const client = (name: string, baseURL: string) =>
      deps.http.create({
        name,
        // A search or lookup answer is at most 200 results: a few hundred KB.
        maxBodyBytes: 2 * 1024 * 1024,
        baseURL,
        userAgent: options.userAgent,
        timeoutMs: options.timeoutMs,
        budget: { requests: options.requestsPerMinute, windowMs: MINUTE_MS },
      });
    const api = new ItunesApi(client("iTunes", options.baseURL), options.country);
    const charts = new AppleCharts(client("Apple RSS", options.chartsBaseURL));
    return {
      ...songMethods(api, sourceId),
      ...collectionMethods(api, sourceId),
      ...chartMethods(api, charts, sourceId, { countries: options.chartCountries, log }),
      ...upcLookup(api, sourceId),
    };
  },
});
