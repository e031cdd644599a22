/**
 * Search, song details and song addresses. A song is read from its item's file list
 * (`/metadata/{identifier}`); its address is the archive's own download link of the file of
 * the asked quality that belongs to the same original. A search hit is an item: its file list
 * is read (cached, a few at once) and the original that best matches the words stands for it.
 */
import { NotFoundError, pickQuality, type SourceMethods } from "@music-aggregator/core";
import type { ArchiveApi } from "./api.ts";
import { songRef } from "./ids.ts";
import type { Track } from "./item.ts";
import { type Site, toSong, toSongDetail, toSongUrl } from "./mapping.ts";
import { wordsQuery } from "./query.ts";

export function songMethods(api: ArchiveApi, site: Site): Pick<SourceMethods, "search" | "song" | "url"> {
  /** The item and the track a song id names; 3001 for an unknown item or file. */
  const find = async (id: string, signal?: AbortSignal) => {
    const ref = songRef(id);
    const item = await api.item(ref.identifier, signal);
    const track = item.tracks.find((t) => t.file === ref.file);
    if (track) return { item, track };
    throw new NotFoundError(
      item.files.includes(ref.file)
        ? `file ${ref.file} of item ${ref.identifier} is not an original audio file`
        : `Internet Archive item ${ref.identifier} has no file ${ref.file}`,
    );
  };

  return {
    async search({ q, page, size }, { signal }) {
      const query = wordsQuery(q);
      // Words that leave nothing to search for (only `<` and `>`, say) find nothing.
      if (!query) return { total: 0, list: [] };
      const hits = await api.search({ q: query, rows: size, page }, signal);
      const read = hits.identifiers.slice(0, size);
      const items = await api.items(read, signal);
      const words = wordsOf(q);
      const list = items.flatMap((item) => {
        const track = bestMatch(item.tracks, words);
        return track ? [toSong(site, item, track)] : [];
      });
      // A hit that gives no song (no audio file, unreadable) is counted out: the total is what the pages deliver.
      return { total: Math.max(list.length, hits.total - (read.length - list.length)), list };
    },

    async song(id, { signal }) {
      const { item, track } = await find(id, signal);
      return toSongDetail(site, item, track);
    },

    async url(id, quality, { signal, checkSong }) {
      const { item, track } = await find(id, signal);
      checkSong?.(toSongDetail(site, item, track));
      if (item.restricted) {
        throw new NotFoundError(`Internet Archive item ${item.identifier} is dark or stream-only: it gives no public address of its files`);
      }
      const offer = pickQuality(track.offers, quality);
      if (!offer) throw new NotFoundError(`Internet Archive offers no playable file of ${track.file} (only formats this service does not serve)`);
      return toSongUrl(site, item, track, offer);
    },
  };
}

// --- internal ---

/** Lower-case words without accents, for matching titles against the user's words. */
function wordsOf(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== "");
}

/**
 * The track whose title or file name holds most of the words; the first in track order on a
 * tie (a hit found by the item's own title or creator then stands for it by its first track).
 */
function bestMatch(tracks: readonly Track[], words: readonly string[]): Track | undefined {
  let best: Track | undefined;
  let bestScore = -1;
  for (const track of tracks) {
    const own = new Set(wordsOf(`${track.title} ${track.file}`));
    const score = new Set(words.filter((w) => own.has(w))).size;
    if (score > bestScore) [best, bestScore] = [track, score];
  }
  return best;
}
