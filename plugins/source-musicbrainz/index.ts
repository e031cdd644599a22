/**
 * Source plugin `musicbrainz`: the MusicBrainz web service (https://musicbrainz.org/ws/2, JSON),
 * the open encyclopedia of recordings and releases. Bundled but bound to no public id by
 * default: it has no audio, and it asks for at most one request per second per client, so in
 * every all-search it would be the slowest source by far. A site binds it through config with
 * the contact MusicBrainz asks for, e.g.
 * `{"sources": {"source_f": {"plugin": "musicbrainz", "options": {"contact": "ops@example.org"}}}}`.
 * Search, songs (recordings), albums (releases), artists, and the look-ups by ISRC and barcode;
 * covers from the Cover Art Archive; each item's MBID as `mbid`. See README.md.
 */
import { defineSourcePlugin, Tokens } from "@music-aggregator/core";
import { MusicBrainzApi } from "./api.ts";
import { collectionMethods } from "./collections.ts";
import { musicBrainzLinks } from "./links.ts";
import { coverAt } from "./mapping.ts";
import { MusicBrainzOptions, userAgentOf } from "./options.ts";
import { songMethods } from "./songs.ts";

/** A release lists every track; a search every release of each recording: a few MB at most. */
const MUSICBRAINZ_MAX_BODY_BYTES = 8 * 1024 * 1024;

export default defineSourcePlugin({
  id: "musicbrainz",
  name: "MusicBrainz",
  capabilities: { search: true, song: true, url: false, lyric: false, album: true, artist: true, playlist: false, rank: false },
  lookups: { isrc: true, upc: true },
  // MusicBrainz pages by `offset`/`limit` (at most 100) with an exact `count`; a smaller window
  // keeps each answer (every release of every recording) small.
  searchPaging: { window: 25, exactTotal: true },
  homepage: "https://musicbrainz.org",
  attribution: "Data from MusicBrainz (CC0); covers from the Cover Art Archive",
  // Editors enter ISRCs, mostly from the labels' own data and checked by other editors, but
  // anyone may add one: a hint, never proof.
  isrcs: "uploader",
  coverAt,
  links: musicBrainzLinks,
  options: MusicBrainzOptions,
  deps: { http: Tokens.Http },
  create({ options, deps, sourceId }) {
    const http = deps.http.create({
      name: "MusicBrainz",
      baseURL: options.baseURL,
      userAgent: userAgentOf(options),
      timeoutMs: options.timeoutMs,
      maxBodyBytes: MUSICBRAINZ_MAX_BODY_BYTES,
      jsonLimits: { maxValues: 1_000_000 },
      // One request per second per client, whatever the number of instances (the shared store).
      budget: { requests: options.requestsPerSecond, windowMs: 1000, shared: true },
    });
    const api = new MusicBrainzApi(http);
    return { ...songMethods(api, sourceId), ...collectionMethods(api, sourceId) };
  },
});
