/**
 * Charts (`rank`): the most downloaded audio items of the last 7 days, of the last 30 days and
 * of all time, from the search engine's `week`, `month` and `downloads` counters (the fields
 * its answers carry and its sort accepts). A chart's songs are its items' first tracks. The
 * archive updates those counters continuously and says nothing of when, so `updateAt` is null;
 * it has no chart pictures either.
 */
import { NotFoundError, type RankItem, type SourceMethods } from "@music-aggregator/core";
import type { ArchiveApi } from "./api.ts";
import { type Site, toSong } from "./mapping.ts";
import { AUDIO_ONLY, type SortField } from "./query.ts";

interface Chart {
  id: string;
  name: string;
  sort: SortField;
}

const CHARTS: readonly Chart[] = [
  { id: "week", name: "Most downloaded audio this week", sort: "week" },
  { id: "month", name: "Most downloaded audio this month", sort: "month" },
  { id: "all-time", name: "Most downloaded audio of all time", sort: "downloads" },
];

export function chartMethods(api: ArchiveApi, site: Site, chartSize: number): Pick<SourceMethods, "rank"> {
  const item = (chart: Chart): RankItem => ({ source: site.sourceId, id: chart.id, name: chart.name, cover: null, updateAt: null });

  return {
    async rank(id, { signal }) {
      // The list is this plugin's own: it costs no request.
      if (id === undefined) return { source: site.sourceId, list: CHARTS.map(item) };
      const chart = CHARTS.find((c) => c.id === id);
      if (!chart) throw new NotFoundError(`Internet Archive has no chart ${id.slice(0, 40)}: charts are ${CHARTS.map((c) => c.id).join(", ")}`);
      const hits = await api.search({ q: AUDIO_ONLY, rows: chartSize, page: 1, sort: chart.sort }, signal);
      const items = await api.items(hits.identifiers.slice(0, chartSize), signal);
      const song = items.flatMap((found) => (found.tracks.length ? [toSong(site, found, found.tracks[0])] : []));
      return { ...item(chart), song };
    },
  };
}
