/**
 * Search, song details and song addresses. Audius streams every public track in full, as a
 * 320 kbps MP3, so an address is never a preview. A gated track's address is never asked
 * for: `url()` reads the track first and answers 3002 without calling the stream endpoint.
 */
import { expiryFromUrl, NotFoundError, offsetOf, PaidContentError, pickQuality, type SongUrl, type SourceMethods } from "@music-aggregator/core";
import { audiusId, type AudiusApi } from "./api.ts";
import { isGated, isGone, isRefused, STREAM_KBPS, STREAM_QUALITY, toSong, toSongDetail } from "./mapping.ts";
import { TrackAnswer, TrackListAnswer } from "./wire.ts";

/** The largest `limit` Audius documents for its paged lists. */
const MAX_LIMIT = 100;

export function songMethods(api: AudiusApi, sourceId: string): Pick<SourceMethods, "search" | "song" | "url"> {
  const track = async (id: string, signal?: AbortSignal) => (await api.get(`/v1/tracks/${audiusId(id, "track")}`, TrackAnswer, { signal })).data;

  return {
    /**
     * Audius gives no grand total, so one more track than the page is asked for: the total is
     * then a lower bound that is never a guess (every track it counts was seen), and it runs
     * past the page exactly when another page exists.
     */
    async search({ q, page, size }, { signal }) {
      const offset = offsetOf(page, size);
      // The one more stays within the documented maximum: a full window of 100 is asked as it is.
      const limit = Math.min(size + 1, MAX_LIMIT);
      const found = await api.get("/v1/tracks/search", TrackListAnswer, { query: { query: q, offset, limit }, signal });
      const seen = Math.min(found.data.length, limit);
      return { total: seen > 0 ? offset + seen : 0, list: found.data.slice(0, size).map((t) => toSong(t, sourceId)) };
    },

    async song(id, { signal }) {
      return toSongDetail(await track(id, signal), sourceId);
    },

    async url(id, quality, { signal }) {
      const found = await track(id, signal);
      if (isGated(found)) throw new PaidContentError(`Audius track ${found.id} is stream-gated (a purchase, follow, tip or collectible unlocks it): no public address is given`);
      if (isGone(found)) throw new NotFoundError(`Audius track ${found.id} is deleted or not streamable`);
      if (isRefused(found)) throw new PaidContentError(`Audius does not grant stream access to track ${found.id}: no public address is given`);
      const address = await api.streamUrl(id, signal);
      // One offer only; docs/decisions.md (Sources) fallback gives it whatever quality was asked for.
      const offer = pickQuality([{ quality: STREAM_QUALITY, url: address }], quality)!;
      const answer: SongUrl = {
        source: sourceId,
        id: found.id,
        url: offer.url,
        quality: offer.quality,
        bitrate: STREAM_KBPS,
        size: null,
        expireAt: expiryFromUrl(offer.url),
      };
      return answer;
    },
  };
}
