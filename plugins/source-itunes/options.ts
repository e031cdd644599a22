/**
 * Options of the iTunes source plugin (`sources.<id>.options` in the config). Unknown keys are
 * refused so that a typo such as `baseUrl` is a startup error, not a silent default.
 */
import { z } from "@music-aggregator/core";

/** A storefront: Apple's two-letter country code, lowercase as in its feed paths. */
const Country = z.string().regex(/^[a-z]{2}$/, "expected a two-letter country code in lowercase, e.g. us");

export const ItunesOptions = z.strictObject({
  /**
   * Where the iTunes Search API (`/search`, `/lookup`) answers; a proxy or a simulator may stand in.
   * @default "https://itunes.apple.com"
   */
  baseURL: z.string().url().default("https://itunes.apple.com"),
  /**
   * Where Apple's RSS JSON feeds (the charts) answer.
   * @default "https://rss.applemarketingtools.com"
   */
  chartsBaseURL: z.string().url().default("https://rss.applemarketingtools.com"),
  /**
   * The storefront searched and looked up in: names, availability and previews differ by country.
   * @default "us"
   */
  country: Country.default("us"),
  /**
   * The storefronts whose most-played chart is offered by `rank`, in the order listed; each one
   * is a chart whose id is its country code.
   * @default ["us", "gb", "jp", "de", "fr"]
   */
  chartCountries: z
    .array(Country)
    .min(1)
    .max(20)
    .refine((list) => new Set(list).size === list.length, "each country once")
    .default(["us", "gb", "jp", "de", "fr"]),
  /**
   * Requests per minute to each upstream (iTunes, and the RSS feeds), sent at most. Apple allows
   * about 20 calls per minute per address to the Search API; over budget a call fails with 2002
   * (and the core serves a stale cached answer when it has one).
   * @default 20
   */
  requestsPerMinute: z.number().int().positive().max(10_000).default(20),
  /**
   * User-Agent sent to Apple.
   * @default the service's own (config `upstream.userAgent`)
   */
  userAgent: z.string().min(1).optional(),
  /**
   * Time allowed per request to Apple, in milliseconds.
   * @default config `upstream.timeoutMs` (8000)
   */
  timeoutMs: z.number().int().positive().optional(),
});

export type ItunesOptions = z.output<typeof ItunesOptions>;
