/**
 * Search, song details and song addresses. Audius streams every public track in full, as a
 * 320 kbps MP3, so an address is never a preview. A gated track's address is never asked
 * for: `url()` reads the track first and answers 3002 without calling the stream endpoint.
 * A track always has its gating known, alone or in a list: when the answer leaves it out (older
 * nodes, the description's own shape), `/v1/tracks/{id}/access-info` is asked, never assumed,
 * so a song is VIP or not alike in every answer.
 */
import { expiryFromUrl, isKind, mapWithConcurrency, NotFoundError, offsetOf, PaidContentError, pickQuality, type SongUrl, type SourceMethods, UpstreamError } from "@music-aggregator/core";
import { audiusId, type AudiusApi } from "./api.ts";
import { gatingOf, isGone, type Site, STREAM_KBPS, STREAM_QUALITY, toSong, toSongDetail } from "./mapping.ts";
import { AccessInfoAnswer, type AudiusTrack, TrackAnswer, TrackListAnswer } from "./wire.ts";

/** The largest `limit` Audius documents for its paged lists. */
const MAX_LIMIT = 100;

export function songMethods(api: AudiusApi, site: Site): Pick<SourceMethods, "search" | "song" | "url"> {
  const track = async (id: string, signal?: AbortSignal) => withGating(api, (await api.get(`/v1/tracks/${audiusId(id, "track")}`, TrackAnswer, { signal })).data, signal);

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
      const listed = await withGatingAll(api, found.data.slice(0, size), signal);
      return { total: seen > 0 ? offset + seen : 0, list: listed.map((t) => toSong(t, site.sourceId)) };
    },

    async song(id, { signal }) {
      return toSongDetail(await track(id, signal), site);
    },

    async url(id, quality, { signal, checkSong }) {
      const found = await track(id, signal);
      checkSong?.(toSongDetail(found, site));
      if (gatingOf(found) === "gated") throw new PaidContentError(`Audius track ${found.id} is gated (a purchase, follow, tip or collectible unlocks it): no public address is given`);
      if (isGone(found)) throw new NotFoundError(`Audius track ${found.id} is deleted or not streamable`);
      const address = await api.streamUrl(id, signal);
      // One offer only; docs/decisions.md (Sources) fallback gives it whatever quality was asked for.
      const offer = pickQuality([{ quality: STREAM_QUALITY, url: address }], quality)!;
      const answer: SongUrl = {
        source: site.sourceId,
        id: found.id,
        url: offer.url,
        quality: offer.quality,
        bitrate: STREAM_KBPS,
        size: null,
        expireAt: expiryFromUrl(offer.url),
        preview: false,
      };
      return answer;
    },
  };
}

/** Access-info reads one list makes at once (only for tracks whose answer leaves their gating out). */
const GATING_READS = 4;

/** The tracks of a list, each with its gating known as `withGating` knows it. */
export function withGatingAll(api: AudiusApi, tracks: AudiusTrack[], signal?: AbortSignal): Promise<AudiusTrack[]> {
  return mapWithConcurrency(tracks, GATING_READS, (track) => withGating(api, track, signal));
}

// --- internal ---

/**
 * The track with its gating known: as answered when the answer says, else completed from
 * `/v1/tracks/{id}/access-info`. A node that cannot say either is an upstream failure (2002):
 * a track Audius sells must never get a full-length address on a guess.
 */
async function withGating(api: AudiusApi, track: AudiusTrack, signal?: AbortSignal): Promise<AudiusTrack> {
  if (gatingOf(track) !== "unknown") return track;
  try {
    const { data } = await api.get(`/v1/tracks/${audiusId(track.id, "track")}/access-info`, AccessInfoAnswer, { signal });
    return { ...track, is_stream_gated: data.is_stream_gated, stream_conditions: data.stream_conditions, access: data.access };
  } catch (error) {
    if (!isKind(error, "notFound")) throw error;
    throw new UpstreamError(`Audius says neither how track ${track.id} is gated nor what access a listener has (no access-info)`, { cause: error });
  }
}
