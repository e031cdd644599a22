/**
 * Search, song details and song addresses. Apple publishes a 30 s AAC preview per song and
 * nothing else, so every address is that preview, at standard quality, flagged `preview`.
 */
import { NotFoundError, offsetOf, previewAddress, type SourceMethods } from "@music-aggregator/core";
import { itunesId, type ItunesApi } from "./api.ts";
import { missing } from "./errors.ts";
import { isSong, previewOf, toSong, toSongDetail } from "./mapping.ts";
import type { ItunesSong } from "./wire.ts";

/** Apple's previews are iTunes Plus AAC files (`….plus.aac.p.m4a`), encoded at 256 kbps. */
const PREVIEW_KBPS = 256;

export function songMethods(api: ItunesApi, sourceId: string): Pick<SourceMethods, "search" | "song" | "url"> {
  const song = async (id: string, signal?: AbortSignal): Promise<ItunesSong> => {
    const answer = await api.lookup([itunesId(id, "song")], { signal });
    // An album's or artist's id finds that album or artist: not a song.
    const found = answer.results.find((entry) => isSong(entry) && entry.trackId === id);
    if (!found) throw missing("song", id);
    return found as ItunesSong;
  };

  return {
    async search({ q, page, size }, { signal }) {
      const offset = offsetOf(page, size);
      const answer = await api.search(q, size, offset, signal);
      const songs = answer.results.filter(isSong).slice(0, size);
      return { total: totalAtLeast(offset, answer.results.length, size), list: songs.map((s) => toSong(s, sourceId)) };
    },

    async song(id, { signal }) {
      return toSongDetail(await song(id, signal), sourceId);
    },

    async url(id, _quality, { signal, checkSong }) {
      const found = await song(id, signal);
      checkSong?.(toSongDetail(found, sourceId));
      const preview = previewOf(found);
      if (!preview) throw new NotFoundError(`iTunes has no preview of song ${found.trackId}`);
      return previewAddress(sourceId, found.trackId, preview, PREVIEW_KBPS);
    },
  };
}

// --- internal ---

/**
 * Apple gives no grand total (`resultCount` counts this page only), so the total is a lower
 * bound that is sure to hold: the entries up to the end of this page, plus one when the page
 * is full (there may be more). An empty page proves nothing, so it says 0.
 */
function totalAtLeast(offset: number, onPage: number, size: number): number {
  if (onPage === 0) return 0;
  return offset + onPage + (onPage >= size ? 1 : 0);
}
