/**
 * Charts (`rank`): the most-played songs of each configured storefront, from Apple's RSS
 * feeds; a chart's id is its country code. The feed lists names and artwork only, so a
 * chart's songs are completed by ONE batched `/lookup?id=a,b,c,...` (durations, albums,
 * previews): a chart of 100 songs costs exactly two requests.
 */
import { isKind, type Logger, NotFoundError, type RankItem, type Song, type SourceMethods } from "@music-aggregator/core";
import type { AppleCharts, ItunesApi } from "./api.ts";
import { artworkOf, isSong, toSong } from "./mapping.ts";
import type { ItunesEntry, RssEntry, RssFeed } from "./wire.ts";

/** Apple's most-played charts are top 100s. */
const CHART_SIZE = 100;
/** One lookup answers up to 200 ids; asked for explicitly so no default page cuts a chart short. */
const LOOKUP_LIMIT = 200;

export interface ChartSettings {
  /** storefronts offered as charts, in this order */
  countries: readonly string[];
  log: Logger;
}

export function chartMethods(api: ItunesApi, charts: AppleCharts, sourceId: string, { countries, log }: ChartSettings): Pick<SourceMethods, "rank"> {
  return {
    async rank(id, { signal }) {
      if (id === undefined) {
        const items = await Promise.all(
          countries.map((country) =>
            charts.mostPlayed(country, CHART_SIZE, signal).then(
              (feed) => chartItem(feed, country, sourceId),
              (error: unknown) => {
                // A storefront Apple has no chart for is left out, not a failure of the list.
                if (!isKind(error, "notFound")) throw error;
                log.warn(`no most-played chart for storefront "${country}"; it is left out of the chart list`);
                return undefined;
              },
            ),
          ),
        );
        return { source: sourceId, list: items.filter((item) => item !== undefined) };
      }
      const country = chartCountry(id, countries);
      const feed = await charts.mostPlayed(country, CHART_SIZE, signal);
      const entries = feed.results.slice(0, CHART_SIZE);
      const ids = [...new Set(entries.map((e) => e.id))];
      const looked: ItunesEntry[] = ids.length ? (await api.lookup(ids, { country, limit: LOOKUP_LIMIT, signal })).results : [];
      const found = new Map(looked.filter(isSong).map((s) => [s.trackId, s]));
      const song = entries.map((entry) => {
        const match = found.get(entry.id);
        return match ? toSong(match, sourceId) : feedSong(entry, sourceId);
      });
      return { ...chartItem(feed, country, sourceId), song };
    },
  };
}

/**
 * A feed as a chart: every storefront's feed is titled alike ("Top Songs"), so the country
 * is added to the name; the cover is the top entry's artwork; `updateAt` the feed's `updated`.
 */
export function chartItem(feed: RssFeed, country: string, sourceId: string): RankItem {
  return {
    source: sourceId,
    id: country,
    name: `${feed.title} (${country.toUpperCase()})`,
    cover: artworkOf(feed.results[0]),
    updateAt: feed.updated,
  };
}

// --- internal ---

/** Only configured storefronts are charts (and only they reach a feed path). */
function chartCountry(id: string, countries: readonly string[]): string {
  if (!countries.includes(id)) throw new NotFoundError(`iTunes has no chart ${id.slice(0, 20)}: the charts are ${countries.join(", ")}`);
  return id;
}

/**
 * A chart entry the lookup did not return (not sold in that storefront any more): what the
 * feed knows of it. No duration and no preview are known, so it is not available.
 */
function feedSong(entry: RssEntry, sourceId: string): Song {
  return {
    source: sourceId,
    id: entry.id,
    name: entry.name,
    artist: [entry.artistName],
    album: "",
    albumId: albumIdOf(entry.url) ?? "",
    duration: 0,
    cover: artworkOf(entry),
    available: false,
    vip: false,
    artistId: [entry.artistId ?? ""],
    explicit: null,
  };
}

/** The album id in an entry's store address (`…/album/{slug}/{albumId}?i={songId}`). */
function albumIdOf(address: string | undefined): string | undefined {
  if (!address) return undefined;
  try {
    return /\/album\/(?:[^/]+\/)?(?:id)?(\d+)$/.exec(new URL(address).pathname)?.[1];
  } catch {
    return undefined;
  }
}
