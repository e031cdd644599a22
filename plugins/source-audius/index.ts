/**
 * Source plugin `audius`: the Audius public API (https://api.audius.co, keyless; an app name
 * on every request, an API key when configured), bound to `source_c` by the default config
 * (docs/decisions.md (Sources)). Songs, albums, artists, playlists and trending charts; addresses are the full
 * tracks' MP3 streams. Gated tracks are `vip` and get no address. No lyrics of its own: the
 * lyrics provider answers for it. See README.md for the mapping and its limits.
 */
import { defineSourcePlugin, squareAt, Tokens } from "@music-aggregator/core";
import { AUDIUS_SQUARES } from "./mapping.ts";
import { AudiusApi } from "./api.ts";
import { chartMethods } from "./charts.ts";
import { collectionMethods } from "./collections.ts";
import { audiusLinks, linkResolver } from "./links.ts";
import { AudiusOptions } from "./options.ts";
import { songMethods } from "./songs.ts";

/** A page is at most 100 tracks or playlists: tens of KB. */
const AUDIUS_MAX_BODY_BYTES = 2 * 1024 * 1024;

export default defineSourcePlugin({
  id: "audius",
  name: "Audius",
  capabilities: { search: true, song: true, url: true, lyric: false, album: true, artist: true, playlist: true, rank: true },
  // Audius gives no grand total: one call of 100 (its documented page maximum), paged by the core.
  searchPaging: { window: 100, exactTotal: false },
  playback: "full",
  homepage: "https://audius.co",
  links: audiusLinks,
  attribution: "Streamed from Audius, as its artists uploaded it",
  // An upload's ISRC is whatever its uploader typed: a hint, never proof.
  isrcs: "uploader",
  // Its image server renders the size an address names (three sizes).
  coverAt: (url, px) => squareAt(url, px, AUDIUS_SQUARES),
  options: AudiusOptions,
  deps: { http: Tokens.Http },
  create({ options, deps, sourceId }) {
    // Audius publishes no fixed request quota for its public API, so no budget is set.
    const http = deps.http.create({ name: "Audius", maxBodyBytes: AUDIUS_MAX_BODY_BYTES, baseURL: options.baseURL, userAgent: options.userAgent, timeoutMs: options.timeoutMs });
    const api = new AudiusApi(http, { appName: options.appName, apiKey: options.apiKey });
    const site = { sourceId, webURL: options.webURL };
    return {
      ...songMethods(api, site),
      ...collectionMethods(api, site),
      ...chartMethods(api, sourceId),
      ...linkResolver(api),
    };
  },
});
