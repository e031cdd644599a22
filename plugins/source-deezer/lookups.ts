/**
 * The look-ups by identifier. `/track/isrc:{isrc}` answers the track of an ISRC (Deezer keeps
 * one per ISRC), `/album/upc:{upc}` the album of a barcode, each as its `/track/{id}` or
 * `/album/{id}` would; Deezer's "no data" (800) is no copy.
 */
import { isKind, upcDigits, type AlbumDetail, type SourceLookups } from "@music-aggregator/core";
import type { DeezerApi } from "./api.ts";
import { albumDetail } from "./collections.ts";
import { toSong } from "./mapping.ts";
import { DeezerAlbum, DeezerTrack } from "./wire.ts";

export function lookups(api: DeezerApi, sourceId: string): SourceLookups {
  return {
    async isrc(isrc, { signal }) {
      const track = await orNone(api.get(`/track/isrc:${encodeURIComponent(isrc)}`, DeezerTrack, { signal }));
      return track ? [toSong(track, sourceId)] : [];
    },

    /**
     * Deezer matches the barcode as the label delivered it: a UPC-A as 12 digits or as its
     * EAN-13 with a leading 0. The 12-digit form is asked first, the 13-digit one only when
     * that finds nothing (harmony does the same).
     */
    async upc(upc, { signal }) {
      for (const spelling of spellings(upc)) {
        const album = await orNone(api.get(`/album/upc:${spelling}`, DeezerAlbum, { signal }));
        if (album) return [await albumDetail(api, album, sourceId, signal)] satisfies AlbumDetail[];
      }
      return [];
    },
  };
}

// --- internal ---

/** The barcode's spellings to ask for: 12 then 13 digits for a UPC-A (or shorter), else its own. */
function spellings(upc: string): string[] {
  if (upc.length <= 12) return [upcDigits(upc, 12), upcDigits(upc, 13)];
  return [upc];
}

/** The answer, or undefined for Deezer's "no data". */
async function orNone<T>(answer: Promise<T>): Promise<T | undefined> {
  try {
    return await answer;
  } catch (error) {
    if (isKind(error, "notFound")) return undefined;
    throw error;
  }
}
