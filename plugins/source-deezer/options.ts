/**
 * Options of the Deezer source plugin (`sources.<id>.options` in the config). Unknown keys are
 * refused so that a typo such as `baseUrl` is a startup error, not a silent default.
 */
import { z } from "@music-aggregator/core";

export const DeezerOptions = z.strictObject({
  /**
   * Where the Deezer API answers; a mirror, a proxy or a local simulator may stand in.
   * @default "https://api.deezer.com"
   */
  baseURL: z.string().url().default("https://api.deezer.com"),
  /**
   * User-Agent sent to Deezer.
   * @default the service's own (config `upstream.userAgent`)
   */
  userAgent: z.string().min(1).optional(),
  /**
   * Time allowed per request to Deezer, in milliseconds.
   * @default config `upstream.timeoutMs` (8000)
   */
  timeoutMs: z.number().int().positive().optional(),
  /**
   * Further attempts after a quota answer (Deezer error code 4) before the call fails with 2002.
   * @default 2
   */
  quotaRetries: z.number().int().min(0).max(5).default(2),
  /**
   * Wait before the first retry after a quota answer, in milliseconds; doubled for each further one.
   * @default 300
   */
  quotaBackoffMs: z.number().int().min(0).max(5000).default(300),
});

export type DeezerOptions = z.output<typeof DeezerOptions>;
