/**
 * An iTunes simulator: the Search API's `/search` and `/lookup` and the RSS chart feeds on one
 * port, answering in Apple's exact shapes from the hand-written catalog: `text/javascript`
 * bodies framed by blank lines, `resultCount` of the page only, `offset`/`limit` paging,
 * comma-separated lookups, Apple's HTTP 400 refusals, and 404 for a storefront without a feed.
 */
import { getQuery, getRouterParam, type H3Event } from "h3";
import { hasAllWords, startSimulator, type RouteHandler, type Simulator } from "@music-aggregator/core/testing";
import { ALBUMS, ALL_SONGS, ARTISTS, FEEDS } from "./fixtures/catalog.ts";
import { appleAnswer, appleRefusal, artistEntry, collectionEntry, feedBody, songEntry, type TrackSeed } from "./fixtures/shapes.ts";

/** The chart paths, as the plugin's `most-played` feed routes name them. */
export const FEED_ROUTE = "GET /api/v2/:country/music/most-played/:size/songs.json";
export const SEARCH_ROUTE = "GET /search";
export const LOOKUP_ROUTE = "GET /lookup";

/** Apple's defaults and caps: 50 results unless asked, 200 at most. */
const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 200;
const MUSIC_ENTITIES = new Set(["musicArtist", "musicTrack", "album", "musicVideo", "mix", "song"]);

export type ItunesSimulator = Simulator;

/** `songs`: the songs `/search` and `/lookup` know (by default the hand-written catalog's). */
export async function startItunesSimulator(songs: TrackSeed[] = ALL_SONGS): Promise<ItunesSimulator> {
  const routes: Record<string, RouteHandler> = {
    [SEARCH_ROUTE]: (event) => {
      const query = queryOf(event);
      if (query.media !== undefined && query.media !== "music" && query.media !== "all") return appleRefusal("mediaType");
      if (query.entity !== undefined && !MUSIC_ENTITIES.has(query.entity)) return appleRefusal("resultEntity");
      if (query.country !== undefined && !/^[a-z]{2}$/i.test(query.country)) return appleRefusal("country");
      const term = query.term ?? "";
      const hits = songs.filter((t) => hasAllWords(term, t.name, t.album.artist.name, t.album.name));
      const offset = /^\d+$/.test(query.offset ?? "") ? Number(query.offset) : 0;
      return appleAnswer(hits.slice(offset, offset + limitOf(query)).map(songEntry));
    },
    [LOOKUP_ROUTE]: (event) => {
      const query = queryOf(event);
      // `upc=` finds the album of a barcode spelt as Apple keeps it (12 digits for a UPC-A).
      if (query.upc !== undefined) {
        if (!/^\d{8,14}$/.test(query.upc)) return appleRefusal("upc");
        const album = ALBUMS.find((a) => a.seed.upc === query.upc);
        return appleAnswer(album ? lookupOne(songs, album.seed.id, query.entity === "song", limitOf(query)) : []);
      }
      if (!/^\d+(,\d+)*$/.test(query.id ?? "")) return appleRefusal("id");
      const withSongs = query.entity === "song";
      const limit = limitOf(query);
      return appleAnswer(query.id!.split(",").flatMap((id) => lookupOne(songs, Number(id), withSongs, limit)));
    },
    [FEED_ROUTE]: (event) => {
      const feed = FEEDS.find((f) => f.country === getRouterParam(event, "country"));
      // Apple's feed host has no feed for a storefront it does not know.
      if (!feed) return new Response("Not Found", { status: 404, headers: { "content-type": "text/plain" } });
      return feedBody(feed, Number(getRouterParam(event, "size")));
    },
  };
  return startSimulator(routes);
}

// --- internal ---

function queryOf(event: H3Event): Record<string, string | undefined> {
  return getQuery(event) as Record<string, string | undefined>;
}

function limitOf(query: Record<string, string | undefined>): number {
  return /^\d+$/.test(query.limit ?? "") && Number(query.limit) > 0 ? Math.min(Number(query.limit), MAX_LIMIT) : DEFAULT_LIMIT;
}

/** One id of a lookup: a song, or an album or artist followed (with `entity=song`) by its songs, album first. */
function lookupOne(songs: TrackSeed[], id: number, withSongs: boolean, limit: number): unknown[] {
  const song = songs.find((t) => t.id === id);
  if (song) return [songEntry(song)];
  // Apple knows the album and the artist of every song it sells (the charts' songs' too).
  const onAlbum = songs.filter((t) => t.album.id === id);
  const album = ALBUMS.find((a) => a.seed.id === id) ?? (onAlbum.length ? { seed: onAlbum[0].album, tracks: onAlbum } : undefined);
  // Apple lists an album's songs in disc and track order; reversed here, so tests prove the plugin sorts them itself.
  if (album) return [collectionEntry(album.seed), ...(withSongs ? [...album.tracks].reverse().slice(0, limit).map(songEntry) : [])];
  const byArtist = songs.filter((t) => t.album.artist.id === id);
  const artist = ARTISTS.find((a) => a.seed.id === id) ?? (byArtist.length ? { seed: byArtist[0].album.artist, songs: byArtist } : undefined);
  if (artist) return [artistEntry(artist.seed), ...(withSongs ? artist.songs.slice(0, limit).map(songEntry) : [])];
  return [];
}
