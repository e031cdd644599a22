/**
 * Charts (`rank`). Deezer's editorials are its genre front pages and each has a chart under
 * the same id: `0` is the worldwide chart. The list form is `/editorial`; a chart is its
 * editorial's name and picture plus `/chart/{id}/tracks`. Deezer says nothing of when a chart
 * was last updated, so `updateAt` is null.
 */
import type { RankItem, SourceMethods } from "@music-aggregator/core";
import { deezerId, type DeezerApi } from "./api.ts";
import { WRONG_PARAMETER } from "./errors.ts";
import { pictureOf, toSong } from "./mapping.ts";
import { DeezerEditorial, DeezerEditorialPage, DeezerTrackPage } from "./wire.ts";

/** Deezer has a few dozen editorials; one page of 100 holds them all. */
const EDITORIAL_PAGE = 100;
/** Deezer's charts are top 100s. */
const CHART_SIZE = 100;

export function chartMethods(api: DeezerApi, sourceId: string): Pick<SourceMethods, "rank"> {
  const item = (editorial: DeezerEditorial): RankItem => ({
    source: sourceId,
    id: editorial.id,
    name: editorial.name,
    cover: pictureOf(editorial),
    updateAt: null,
  });

  return {
    async rank(id, { signal }) {
      if (id === undefined) {
        const editorials = await api.get("/editorial", DeezerEditorialPage, { query: { limit: EDITORIAL_PAGE }, signal });
        return { source: sourceId, list: editorials.data.map(item) };
      }
      const chartId = deezerId(id, "chart");
      const [editorial, tracks] = await Promise.all([
        // An editorial id Deezer does not know is answered "Wrong parameter", not "no data".
        api.get(`/editorial/${chartId}`, DeezerEditorial, { missing: [WRONG_PARAMETER], signal }),
        api.get(`/chart/${chartId}/tracks`, DeezerTrackPage, { query: { limit: CHART_SIZE }, signal }),
      ]);
      return { ...item(editorial), song: tracks.data.map((t) => toSong(t, sourceId)) };
    },
  };
}
