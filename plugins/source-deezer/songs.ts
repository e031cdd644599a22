/**
 * Search, song details and song addresses. Deezer publishes a 30 s MP3 preview per track and
 * nothing else, so every address is that preview, at standard quality, flagged `preview`.
 */
import { NotFoundError, offsetOf, previewAddress, type SourceMethods } from "@music-aggregator/core";
import { deezerId, type DeezerApi } from "./api.ts";
import { previewOf, toSong, toSongDetail } from "./mapping.ts";
import { DeezerSearchPage, DeezerTrack } from "./wire.ts";

/** Deezer's previews are 128 kbps MP3. */
const PREVIEW_KBPS = 128;

export function songMethods(api: DeezerApi, sourceId: string): Pick<SourceMethods, "search" | "song" | "url"> {
  const track = (id: string, signal?: AbortSignal) => api.get(`/track/${deezerId(id, "track")}`, DeezerTrack, { signal });

  return {
    async search({ q, page, size }, { signal }) {
      const result = await api.get("/search", DeezerSearchPage, { query: { q, index: offsetOf(page, size), limit: size }, signal });
      return { total: result.total, list: result.data.slice(0, size).map((t) => toSong(t, sourceId)) };
    },

    async song(id, { signal }) {
      return toSongDetail(await track(id, signal), sourceId);
    },

    async url(id, _quality, { signal, checkSong }) {
      const found = await track(id, signal);
      checkSong?.(toSongDetail(found, sourceId));
      const preview = previewOf(found);
      if (!preview) throw new NotFoundError(`Deezer has no preview of track ${found.id}`);
      return previewAddress(sourceId, found.id, preview, PREVIEW_KBPS);
    },
  };
}
