/**
 * LRCLIB's wire format (`/api/get` and each item of `/api/search`), as LRCLIB answers it:
 * `{id, name, trackName, artistName, albumName, duration, instrumental, plainLyrics, syncedLyrics}`
 * with `duration` in (possibly fractional) seconds and absent lyrics as null.
 */
import { z } from "@music-aggregator/core";

export const LrclibTrack = z.looseObject({
  id: z.number(),
  trackName: z.string(),
  artistName: z.string(),
  albumName: z.string().nullish(),
  /** seconds, may be fractional (e.g. 239.84) */
  duration: z.number(),
  instrumental: z.boolean().default(false),
  plainLyrics: z.string().nullish(),
  syncedLyrics: z.string().nullish(),
});
export type LrclibTrack = z.infer<typeof LrclibTrack>;

/** `/api/search` answers a JSON array of tracks. */
export const LrclibSearchAnswer = z.array(z.unknown());
