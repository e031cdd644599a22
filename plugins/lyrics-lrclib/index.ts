/**
 * Lyrics provider `lrclib`: LRC lyrics from LRCLIB (https://lrclib.net, keyless) for every
 * source without lyrics of its own. See README.md for the lookup and what it refuses.
 */
import { defineLyricsPlugin, Tokens, z } from "@music-aggregator/core";
import { createLrclibProvider } from "./provider.ts";

export const LrclibOptions = z.object({
  /**
   * Where LRCLIB answers; a mirror or a local simulator can stand in.
   * @default "https://lrclib.net"
   */
  baseURL: z.string().url().default("https://lrclib.net"),
  /**
   * User-Agent sent to LRCLIB, which asks clients to name themselves.
   * @default config `upstream.userAgent`, i.e. `music-aggregator/0.1.0 (read-only metadata service; +https://github.com/music-aggregator/music-aggregator)`
   */
  userAgent: z.string().min(1).optional(),
  /**
   * How far LRCLIB's duration may be from the song's, in seconds, for it to count as the same recording.
   * @default 2
   */
  durationToleranceSeconds: z.number().min(0).max(30).default(2),
});
export type LrclibOptions = z.infer<typeof LrclibOptions>;

export default defineLyricsPlugin({
  id: "lrclib",
  name: "LRCLIB",
  options: LrclibOptions,
  deps: { http: Tokens.Http },
  create({ options, deps }) {
    const http = deps.http.create({
      name: "LRCLIB",
      // A search answer holds at most 20 tracks with their lyrics: tens of kilobytes.
      maxBodyBytes: 1024 * 1024,
      baseURL: options.baseURL,
      userAgent: options.userAgent,
    });
    return createLrclibProvider(http, options.durationToleranceSeconds);
  },
});
