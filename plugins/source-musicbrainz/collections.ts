/**
 * Albums (releases), artists and the barcode look-up. An album is the release's lookup with its
 * recordings (one request); an artist its lookup and a page of its recordings from the search
 * (`arid:`), which lists each with its releases (two requests, which the budget spaces a second
 * apart); a barcode is the release search (`barcode:`, in its UPC-A and EAN-13 spellings, as
 * MusicBrainz keeps what was typed), then the best match's lookup: two requests at most.
 */
import { upcDigits, upcField, type SourceLookups, type SourceMethods } from "@music-aggregator/core";
import { mbid, type MusicBrainzApi } from "./api.ts";
import { toAlbum, toArtist } from "./mapping.ts";
import { MusicBrainzArtist, MusicBrainzRecordingSearch, MusicBrainzRelease, MusicBrainzReleaseSearch } from "./wire.ts";

/** The artist's songs: the first page of its recordings. */
export const ARTIST_SONGS = 25;
const RELEASE_INC = "recordings+artist-credits+isrcs";

export function collectionMethods(api: MusicBrainzApi, sourceId: string): Pick<SourceMethods, "album" | "artist"> & Pick<SourceLookups, "upc"> {
  const release = async (id: string, signal?: AbortSignal) =>
    toAlbum(await api.get(`/release/${id}`, MusicBrainzRelease, `release ${id}`, { query: { inc: RELEASE_INC }, signal }), sourceId);

  return {
    album(id, { signal }) {
      return release(mbid(id, "release"), signal);
    },

    async artist(id, { signal }) {
      const artistId = mbid(id, "artist");
      const [artist, recordings] = await Promise.all([
        api.get(`/artist/${artistId}`, MusicBrainzArtist, `artist ${id}`, { signal }),
        api.search("/recording", MusicBrainzRecordingSearch, { query: { query: `arid:${artistId}`, limit: ARTIST_SONGS }, signal }),
      ]);
      return toArtist(artist, recordings.recordings.slice(0, ARTIST_SONGS), sourceId);
    },

    async upc(upc, { signal }) {
      if (!/^\d{1,14}$/.test(upc)) return [];
      const spellings = [...new Set([upc, upcDigits(upc, 12), upcDigits(upc, 13)])];
      const query = { query: `barcode:(${spellings.join(" OR ")})`, limit: 5 };
      const found = await api.search("/release", MusicBrainzReleaseSearch, { query, signal });
      // The search matches terms; only a release whose barcode is this one counts, official first.
      const same = found.releases.filter((r) => upcField(r.barcode).upc === upc);
      const best = same.find((r) => r.status === "Official") ?? same[0];
      return best ? [await release(best.id, signal)] : [];
    },
  };
}
