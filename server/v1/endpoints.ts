/**
 * The ten `/v1` endpoints: path, query schema, and what each runs. Nothing here names a
 * concrete source; sources and capabilities come from the registry through MusicService.
 */
import type { z } from "zod";
import type { CachedAnswer } from "../../core/cache/response-cache.ts";
import type { MusicService } from "../../core/music/music-service.ts";
import { NoParams, PlaylistParams, RankParams, SearchParams, SongUrlParams, SourceAndId } from "./params.ts";

export interface Endpoint<S extends z.ZodType = z.ZodType> {
  path: string;
  summary: string;
  params: S;
  /** the spec declares `cb` as an alias of `callback` everywhere but on playlist */
  cbAlias: boolean;
  /** the schema of `data`, by name, for the documentation */
  data: string;
  /** the answer; the envelope names `params.source` (null for endpoints without one) */
  run(service: MusicService, params: z.infer<S>): Promise<CachedAnswer>;
}

const endpoint = <S extends z.ZodType>(e: Endpoint<S>): Endpoint => e as unknown as Endpoint;

/** an answer computed here, not cached: the service's own state */
const local = async (data: unknown): Promise<CachedAnswer> => ({ json: JSON.stringify(data), cost: 0, status: "hit" });

export const ENDPOINTS: Endpoint[] = [
  endpoint({
    path: "/v1/search",
    summary: "Search songs in one source, or in every source at once with source=all.",
    params: SearchParams,
    cbAlias: true,
    data: "SearchPage",
    run: (s, p) => s.search(p.source, { q: p.q, page: p.page, size: p.size }),
  }),
  endpoint({
    path: "/v1/song",
    summary: "A song's details.",
    params: SourceAndId,
    cbAlias: true,
    data: "SongDetail",
    run: (s, p) => s.song(p.source, p.id),
  }),
  endpoint({
    path: "/v1/song/url",
    summary: "A publicly playable address of a song (3002 for VIP/paid songs).",
    params: SongUrlParams,
    cbAlias: true,
    data: "SongUrl",
    run: (s, p) => s.url(p.source, p.id, p.quality),
  }),
  endpoint({
    path: "/v1/lyric",
    summary: "LRC lyrics of a song.",
    params: SourceAndId,
    cbAlias: true,
    data: "Lyric",
    run: (s, p) => s.lyric(p.source, p.id),
  }),
  endpoint({
    path: "/v1/album",
    summary: "An album and its songs.",
    params: SourceAndId,
    cbAlias: true,
    data: "AlbumDetail",
    run: (s, p) => s.album(p.source, p.id),
  }),
  endpoint({
    path: "/v1/artist",
    summary: "An artist and their popular songs.",
    params: SourceAndId,
    cbAlias: true,
    data: "ArtistDetail",
    run: (s, p) => s.artist(p.source, p.id),
  }),
  endpoint({
    path: "/v1/playlist",
    summary: "One page of a playlist; with_url=1 gives each track its address in url.",
    params: PlaylistParams,
    cbAlias: false,
    data: "PlaylistDetail",
    run: (s, p) =>
      s.playlist(p.source, p.id, { page: p.page, size: p.size, quality: p.quality, withUrl: p.with_url }),
  }),
  endpoint({
    path: "/v1/rank",
    summary: "Without id: the source's charts; with id: that chart and its songs.",
    params: RankParams,
    cbAlias: true,
    data: "RankList | RankDetail",
    run: (s, p) => s.rank(p.source, p.id),
  }),
  endpoint({
    path: "/v1/source",
    summary: "The capability matrix of the registered sources and the disabled list.",
    params: NoParams,
    cbAlias: true,
    data: "SourceInfo",
    run: (s) => local(s.sourceInfo()),
  }),
  endpoint({
    path: "/v1/status",
    summary: "Version, uptime in seconds, cache statistics and the notice.",
    params: NoParams,
    cbAlias: true,
    data: "StatusInfo",
    run: async (s) => local(await s.status()),
  }),
];
