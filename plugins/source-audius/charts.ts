/**
 * Charts (`rank`). Audius computes trending tracks over a week, a month, a year and all time
 * (`/v1/tracks/trending?time=...`) and an underground chart of artists with few followers
 * (`/v1/tracks/trending/underground`). The list form needs no request; a chart is its tracks,
 * the top 100. Charts have no artwork of their own and Audius says nothing of when one was
 * computed, so `cover` and `updateAt` are null.
 */
import { NotFoundError, type RankItem, type SourceMethods } from "@music-aggregator/core";
import type { AudiusApi } from "./api.ts";
import { toSong } from "./mapping.ts";
import { withGatingAll } from "./songs.ts";
import { TrackListAnswer } from "./wire.ts";

/** Audius's trending charts are top 100s. */
const CHART_SIZE = 100;

interface Chart {
  name: string;
  path: string;
  /** the `time` of `/v1/tracks/trending`; none for the underground chart */
  time?: "week" | "month" | "year" | "allTime";
}

/** The charts by id, in the order the list form gives them. */
const CHARTS: Readonly<Record<string, Chart>> = {
  week: { name: "Trending this week", path: "/v1/tracks/trending", time: "week" },
  month: { name: "Trending this month", path: "/v1/tracks/trending", time: "month" },
  year: { name: "Trending this year", path: "/v1/tracks/trending", time: "year" },
  allTime: { name: "Trending of all time", path: "/v1/tracks/trending", time: "allTime" },
  underground: { name: "Underground trending", path: "/v1/tracks/trending/underground" },
};

export function chartMethods(api: AudiusApi, sourceId: string): Pick<SourceMethods, "rank"> {
  const item = (id: string, chart: Chart): RankItem => ({ source: sourceId, id, name: chart.name, cover: null, updateAt: null });

  return {
    async rank(id, { signal }) {
      if (id === undefined) return { source: sourceId, list: Object.entries(CHARTS).map(([key, chart]) => item(key, chart)) };
      const chart = Object.hasOwn(CHARTS, id) ? CHARTS[id] : undefined;
      if (!chart) throw new NotFoundError(`Audius has no chart ${JSON.stringify(id.slice(0, 40))}; its charts are ${Object.keys(CHARTS).join(", ")}`);
      const query = { ...(chart.time ? { time: chart.time } : {}), limit: CHART_SIZE };
      const tracks = await api.get(chart.path, TrackListAnswer, { query, signal });
      return { ...item(id, chart), song: (await withGatingAll(api, tracks.data.slice(0, CHART_SIZE), signal)).map((t) => toSong(t, sourceId)) };
    },
  };
}
