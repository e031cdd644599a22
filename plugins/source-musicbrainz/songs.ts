/**
 * Search, song details and the ISRC look-up, all of recordings. Search is MusicBrainz' recording
 * search (`/recording?query=`, the words escaped so that they are words); a song is the
 * recording's lookup with its credits, releases and ISRCs; an ISRC is `/isrc/{isrc}` (404: none).
 * Each costs one request.
 */
import { offsetOf, type SourceLookups, type SourceMethods } from "@music-aggregator/core";
import { luceneWords, mbid, type MusicBrainzApi } from "./api.ts";
import { toSong, toSongDetail } from "./mapping.ts";
import { MusicBrainzIsrc, MusicBrainzRecording, MusicBrainzRecordingSearch } from "./wire.ts";

const ISRC = /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/;

export function songMethods(api: MusicBrainzApi, sourceId: string): Pick<SourceMethods, "search" | "song"> & Pick<SourceLookups, "isrc"> {
  return {
    async search({ q, page, size }, { signal }) {
      const query = { query: luceneWords(q), limit: size, offset: offsetOf(page, size) };
      const answer = await api.search("/recording", MusicBrainzRecordingSearch, { query, signal });
      return { total: answer.count, list: answer.recordings.slice(0, size).map((r) => toSong(r, sourceId)) };
    },

    async song(id, { signal }) {
      const path = `/recording/${mbid(id, "recording")}`;
      const recording = await api.get(path, MusicBrainzRecording, `recording ${id}`, { query: { inc: "artist-credits+releases+isrcs" }, signal });
      return toSongDetail(recording, sourceId);
    },

    async isrc(isrc, { signal }) {
      if (!ISRC.test(isrc)) return [];
      const answer = await api.find(`/isrc/${isrc}`, MusicBrainzIsrc, { query: { inc: "artist-credits+releases+isrcs" }, signal });
      return (answer?.recordings ?? []).map((r) => toSong(r, sourceId, isrc));
    },
  };
}
