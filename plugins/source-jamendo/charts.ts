/**
 * Charts (`rank`): Jamendo's popularity orders of `/tracks`, one chart each, under the order's
 * own name as id. The list is known without asking Jamendo; a chart is one `/tracks` request
 * in its order. Jamendo says neither when a chart changed nor how it looks, so `updateAt` and
 * `cover` are null.
 */
import { NotFoundError, type RankItem, type SourceMethods } from "@music-aggregator/core";
import { ALL_TRACK_TYPES, type JamendoApi } from "./api.ts";
import { toSong } from "./mapping.ts";
import { JamendoTracks } from "./wire.ts";

/** The charts, by the `order` value that makes each. */
export const CHARTS = [
  { id: "popularity_week", name: "Most popular this week" },
  { id: "popularity_month", name: "Most popular this month" },
  { id: "popularity_total", name: "Most popular of all time" },
] as const;

/** Songs per chart. */
const CHART_SIZE = 100;

export function chartMethods(api: JamendoApi, sourceId: string): Pick<SourceMethods, "rank"> {
  const item = (chart: (typeof CHARTS)[number]): RankItem => ({ source: sourceId, id: chart.id, name: chart.name, cover: null, updateAt: null });

  return {
    async rank(id, { signal }) {
      if (id === undefined) return { source: sourceId, list: CHARTS.map(item) };
      // Only the three orders are charts; anything else never reaches Jamendo.
      const chart = CHARTS.find((c) => c.id === id);
      if (!chart) throw new NotFoundError(`Jamendo has no chart ${id.slice(0, 40)}: its charts are ${CHARTS.map((c) => c.id).join(", ")}`);
      const query = { order: chart.id, limit: CHART_SIZE, type: ALL_TRACK_TYPES, imagesize: api.imageSize };
      const tracks = await api.get("/tracks/", JamendoTracks, { query, signal });
      return { ...item(chart), song: tracks.results.map((t) => toSong(t, sourceId)) };
    },
  };
}
