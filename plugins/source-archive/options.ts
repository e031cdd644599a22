/**
 * Options of the Internet Archive source plugin (`sources.<id>.options` in the config).
 * Unknown keys are refused so that a typo such as `baseUrl` is a startup error, not a silent
 * default. The archive is keyless, so nothing here is a secret.
 */
import { z } from "@music-aggregator/core";

export const ArchiveOptions = z.strictObject({
  /**
   * Where the Internet Archive answers (`/advancedsearch.php`, `/metadata`, and the base of
   * `/download` and `/services/img` addresses); a mirror, a proxy or a simulator may stand in.
   * @default "https://archive.org"
   */
  baseURL: z.string().url().default("https://archive.org"),
  /**
   * User-Agent sent to the archive.
   * @default the service's own (config `upstream.userAgent`)
   */
  userAgent: z.string().min(1).optional(),
  /**
   * Time allowed per request to the archive, in milliseconds.
   * @default config `upstream.timeoutMs` (8000)
   */
  timeoutMs: z.number().int().positive().optional(),
  /**
   * Item file lists (`/metadata/{identifier}`) read at once when a search, an artist or a chart
   * needs one per hit; the archive asks API users to keep their parallelism modest.
   * @default 4
   */
  concurrency: z.number().int().min(1).max(16).default(4),
  /**
   * Items per chart (each costs one file-list read, cached).
   * @default 20
   */
  chartSize: z.number().int().min(1).max(50).default(20),
  /**
   * Items read for an artist's popular songs (each costs one file-list read, cached).
   * @default 20
   */
  artistSize: z.number().int().min(1).max(50).default(20),
  /**
   * Lifetime, in seconds, of an item's file list in the core's response cache, for searches,
   * artists and charts (song, url and album always read the item afresh).
   * @default 21600 (6 hours)
   */
  itemTtlSeconds: z.number().int().min(1).max(7 * 24 * 3600).default(6 * 3600),
});

export type ArchiveOptions = z.output<typeof ArchiveOptions>;
