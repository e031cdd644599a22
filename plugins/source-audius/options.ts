/**
 * Options of the Audius source plugin (`sources.<id>.options` in the config). Unknown keys are
 * refused so that a typo such as `appname` is a startup error, not a silent default.
 */
import { z } from "@music-aggregator/core";

export const AudiusOptions = z.strictObject({
  /**
   * Where the Audius API answers; the plugin requests `{baseURL}/v1/...`. A discovery node, a
   * proxy or a local simulator may stand in.
   * @default "https://api.audius.co"
   */
  baseURL: z.string().url().default("https://api.audius.co"),
  /**
   * Where Audius's web pages are: the base of the `link` of tracks, albums and artists
   * (their permalinks).
   * @default "https://audius.co"
   */
  webURL: z.string().url().default("https://audius.co"),
  /**
   * The name this service gives Audius for itself, sent as `app_name` on every request (Audius
   * asks every integration to name itself).
   * @default "music-aggregator"
   */
  appName: z.string().min(1).max(128).default("music-aggregator"),
  /**
   * An Audius developer app's API key, sent as `api_key` on every request when set (the stream
   * endpoint needs it for tracks their artist opened to chosen apps only). Never logged.
   * @default none
   */
  apiKey: z.string().min(1).max(256).optional(),
  /**
   * User-Agent sent to Audius.
   * @default the service's own (config `upstream.userAgent`)
   */
  userAgent: z.string().min(1).optional(),
  /**
   * Time allowed per request to Audius, in milliseconds.
   * @default config `upstream.timeoutMs` (8000)
   */
  timeoutMs: z.number().int().positive().optional(),
});

export type AudiusOptions = z.output<typeof AudiusOptions>;
