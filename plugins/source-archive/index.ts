/**
 * Source plugin `archive`: the Internet Archive's audio collections (https://archive.org,
 * keyless), bound to `source_d` by the default config (docs/decisions.md (Sources)). An item is an album and
 * each of its original audio files a song (`{identifier}/{file}`); addresses are the
 * archive's own full-length download links in MP3 or FLAC. No lyrics and no playlists. See
 * README.md for the endpoints, the mapping and its limits.
 */
import { defineSourcePlugin, Tokens } from "@music-aggregator/core";
import { ArchiveApi } from "./api.ts";
import { chartMethods } from "./charts.ts";
import { collectionMethods } from "./collections.ts";
import type { Site } from "./mapping.ts";
import { ArchiveOptions } from "./options.ts";
import { songMethods } from "./songs.ts";
import { archiveLinks } from "./links.ts";

/** An item's metadata lists every file: a large concert is a few hundred KB, a search page far less. */
const ARCHIVE_MAX_BODY_BYTES = 4 * 1024 * 1024;

export default defineSourcePlugin({
  id: "archive",
  name: "Internet Archive",
  capabilities: { search: true, song: true, url: true, lyric: false, album: true, artist: true, playlist: false, rank: true },
  // An item's title ("... Live at ... on 1981-06-12") is no release title: the lyrics lookup leaves it out.
  albumsAreReleases: false,
  // The search engine pages with an exact `numFound`; each hit costs a file-list read, so the window stays small.
  searchPaging: { window: 20, exactTotal: true },
  playback: "full",
  homepage: "https://archive.org",
  links: archiveLinks,
  attribution: "Courtesy of the Internet Archive; each item is its uploader's",
  // Item metadata is whatever the uploader wrote.
  isrcs: "uploader",
  options: ArchiveOptions,
  // The response cache keeps the file lists that searches, artists and charts read per hit.
  deps: { http: Tokens.Http, cache: Tokens.ResponseCache },
  create({ options, deps, log, sourceId }) {
    // The archive publishes no request rate for reads; the bounded item reads keep the load modest.
    const http = deps.http.create({ name: "Internet Archive", maxBodyBytes: ARCHIVE_MAX_BODY_BYTES, baseURL: options.baseURL, userAgent: options.userAgent, timeoutMs: options.timeoutMs });
    const api = new ArchiveApi(http, deps.cache, { concurrency: options.concurrency, ttlSeconds: options.itemTtlSeconds, sourceId }, log);
    const site: Site = { sourceId, baseURL: options.baseURL };
    return {
      ...songMethods(api, site),
      ...collectionMethods(api, site, options.artistSize),
      ...chartMethods(api, site, options.chartSize),
    };
  },
});
