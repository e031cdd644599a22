/**
 * Source plugin `jamendo`: the Jamendo API v3.0 (https://api.jamendo.com/v3.0), full-length
 * Creative Commons music. Bundled but bound to no public id by default: it needs the free
 * `clientId` of a Jamendo application, so a site binds it through config, e.g.
 * `{"sources": {"source_e": {"plugin": "jamendo", "options": {"clientId": "..."}}}}`.
 * Songs, addresses (standard, high, and lossless where the artist allows downloads), albums,
 * artists, playlists and popularity charts. No lyrics of its own: the lyrics provider answers
 * for it. See README.md for the mapping and its limits.
 */
import { defineSourcePlugin, Tokens } from "@music-aggregator/core";
import { JamendoApi } from "./api.ts";
import { chartMethods } from "./charts.ts";
import { collectionMethods } from "./collections.ts";
import { jamendoLinks } from "./links.ts";
import { JamendoOptions } from "./options.ts";
import { songMethods } from "./songs.ts";

/** A page is at most 200 results: tens of KB. */
const JAMENDO_MAX_BODY_BYTES = 2 * 1024 * 1024;

export default defineSourcePlugin({
  id: "jamendo",
  name: "Jamendo",
  capabilities: { search: true, song: true, url: true, lyric: false, album: true, artist: true, playlist: true, rank: true },
  // Jamendo pages by `offset`/`limit` with `results_fullcount`.
  searchPaging: { window: 100, exactTotal: true },
  playback: "full",
  homepage: "https://www.jamendo.com",
  links: jamendoLinks,
  attribution: "Music from Jamendo, under the Creative Commons licence each song names",
  // Independent artists upload their own tracks and metadata.
  isrcs: "uploader",
  options: JamendoOptions,
  deps: { http: Tokens.Http },
  create({ options, deps, sourceId }) {
    // Jamendo publishes no per-second limit, only a quota per client id: no budget here, and
    // the core's cache keeps repeated questions away from it.
    const http = deps.http.create({ name: "Jamendo", maxBodyBytes: JAMENDO_MAX_BODY_BYTES, baseURL: options.baseURL, userAgent: options.userAgent, timeoutMs: options.timeoutMs });
    const api = new JamendoApi(http, options.clientId, options.imageSize);
    return {
      ...songMethods(api, sourceId),
      ...collectionMethods(api, sourceId),
      ...chartMethods(api, sourceId),
    };
  },
});
