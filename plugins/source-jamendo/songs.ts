/**
 * Search, song details and song addresses, all from `/tracks`. Search asks for the full count
 * (`fullcount=true`) so that the total is Jamendo's `results_fullcount`; an address is asked for
 * in the format of the wanted quality (see `audio.ts`), so `url()` costs one request.
 */
import { offsetOf, type Quality, type SourceMethods } from "@music-aggregator/core";
import { ALL_TRACK_TYPES, jamendoId, only, type JamendoApi } from "./api.ts";
import { audioQuery, toSongUrl } from "./audio.ts";
import { toSong, toSongDetail } from "./mapping.ts";
import { JamendoTrackSearch, JamendoTracks } from "./wire.ts";

export function songMethods(api: JamendoApi, sourceId: string): Pick<SourceMethods, "search" | "song" | "url"> {
  /** One track by id, its `audio` in the format of `quality` when one is given. */
  const track = async (id: string, quality: Quality | undefined, signal?: AbortSignal) => {
    const query = { id: jamendoId(id, "track"), type: ALL_TRACK_TYPES, imagesize: api.imageSize, ...(quality ? audioQuery(quality) : {}) };
    const answer = await api.get("/tracks/", JamendoTracks, { query, signal });
    return only(answer.results, id, "track");
  };

  return {
    async search({ q, page, size }, { signal }) {
      const query = { search: q, offset: offsetOf(page, size), limit: size, fullcount: "true", type: ALL_TRACK_TYPES, imagesize: api.imageSize };
      const answer = await api.get("/tracks/", JamendoTrackSearch, { query, signal });
      return { total: answer.headers.results_fullcount, list: answer.results.slice(0, size).map((t) => toSong(t, sourceId)) };
    },

    async song(id, { signal }) {
      return toSongDetail(await track(id, undefined, signal), sourceId);
    },

    async url(id, quality, { signal, checkSong }) {
      const found = await track(id, quality, signal);
      checkSong?.(toSongDetail(found, sourceId));
      return toSongUrl(found, quality, sourceId);
    },
  };
}
