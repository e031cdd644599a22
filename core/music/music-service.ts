/**
 * The `/v1` operations: source and capability checks, caching, validation of what plugins
 * return, lyrics through the provider, and playlist addresses. Answers are JSON text so a
 * cache hit is never parsed (the server splices it into the envelope).
 */
import { inject, injectable } from "tsyringe";
import type { z } from "zod";
import type { AppConfig } from "../config.ts";
import { VERSION } from "../config.ts";
import {
  AlbumDetail,
  ArtistDetail,
  Lyric,
  PlaylistDetail,
  RankDetail,
  RankList,
  SearchPage,
  SearchResult,
  SongDetail,
  SongUrl,
  type Capability,
  type PlaylistSong,
  type Quality,
  type SourceInfo,
  type StatusInfo,
} from "../domain.ts";
import { CapabilityError, UpstreamParseError, isServiceError } from "../errors.ts";
import { cacheKey } from "../cache/response-cache.ts";
import type { CachedAnswer, ResponseCache } from "../services.ts";
import type { CallContext, SourceMethods } from "../plugin.ts";
import type { BoundSource, SourceRegistry } from "../sources/source-registry.ts";
import { Tokens } from "../tokens.ts";
import { mapWithConcurrency } from "./concurrency.ts";
import { SearchAllService, type SearchParams } from "./search-all.ts";

export interface PlaylistParams {
  page: number;
  size: number;
  quality: Quality;
  withUrl: boolean;
}

@injectable()
export class MusicService {
  private readonly startedAt = Date.now();
  private readonly searchAll: SearchAllService;

  constructor(
    @inject(Tokens.SourceRegistry) private readonly registry: SourceRegistry,
    @inject(Tokens.ResponseCache) private readonly cache: ResponseCache,
    @inject(Tokens.Config) private readonly config: AppConfig,
  ) {
    this.searchAll = new SearchAllService(config.upstream.searchAllTimeoutMs, (source, params, signal) =>
      this.searchOne(source, params, { signal }),
    );
  }

  search(sourceId: string, params: SearchParams): Promise<CachedAnswer> {
    if (sourceId === "all") return this.searchAll.run(this.searchable(), params);
    const source = this.use(sourceId, "search");
    return this.searchOne(source, params, {});
  }

  song(sourceId: string, id: string): Promise<CachedAnswer> {
    const source = this.use(sourceId, "song");
    return this.cached(source, "song", { id }, this.ttl.song, SongDetail, (m, ctx) => m.song!(id, ctx));
  }

  url(sourceId: string, id: string, quality: Quality): Promise<CachedAnswer> {
    const source = this.use(sourceId, "url");
    return this.cached(source, "url", { id, quality }, (v) => urlTtl(v as SongUrl, this.ttl.url), SongUrl, (m, ctx) =>
      m.url!(id, quality, ctx),
    );
  }

  lyric(sourceId: string, id: string): Promise<CachedAnswer> {
    const source = this.use(sourceId, "lyric");
    if (source.plugin.capabilities.lyric) {
      return this.cached(source, "lyric", { id }, this.ttl.lyric, Lyric, (m, ctx) => m.lyric!(id, ctx));
    }
    const { id: via, provider } = this.registry.lyricsProvider!;
    // The provider is part of the key: another provider's answers are not this one's.
    return this.cached(source, "lyric", { id, via }, this.ttl.lyric, Lyric, async (_m, ctx) => {
      const song = (await this.song(sourceId, id).then((a) => JSON.parse(a.json))) as SongDetail;
      const found = await provider.find({ name: song.name, artist: song.artist, album: song.album, duration: song.duration }, ctx);
      return { source: sourceId, id, lyric: found.lyric, translation: found.translation };
    });
  }

  album(sourceId: string, id: string): Promise<CachedAnswer> {
    const source = this.use(sourceId, "album");
    return this.cached(source, "album", { id }, this.ttl.album, AlbumDetail, (m, ctx) => m.album!(id, ctx));
  }

  artist(sourceId: string, id: string): Promise<CachedAnswer> {
    const source = this.use(sourceId, "artist");
    return this.cached(source, "artist", { id }, this.ttl.artist, ArtistDetail, (m, ctx) => m.artist!(id, ctx));
  }

  async playlist(sourceId: string, id: string, params: PlaylistParams): Promise<CachedAnswer> {
    const source = this.use(sourceId, "playlist");
    const { page, size } = params;
    const answer = await this.cached(source, "playlist", { id, page, size }, this.ttl.playlist, PlaylistDetail, (m, ctx) =>
      m.playlist!(id, { page, size }, ctx),
    );
    return params.withUrl ? this.withUrls(source, answer, params.quality) : answer;
  }

  rank(sourceId: string, id: string | undefined): Promise<CachedAnswer> {
    const source = this.use(sourceId, "rank");
    return this.cached(source, "rank", { id }, this.ttl.rank, (id === undefined ? RankList : RankDetail) as z.ZodType<RankList | RankDetail>, (m, ctx) =>
      m.rank!(id, ctx),
    );
  }

  sourceInfo(): SourceInfo {
    return this.registry.capabilityMatrix();
  }

  async status(): Promise<StatusInfo> {
    return {
      version: VERSION,
      uptime: Math.floor((Date.now() - this.startedAt) / 1000),
      cache: await this.cache.stats(),
      notice: this.config.notice,
    };
  }

  // --- internal ---

  private get ttl() {
    return this.config.cache.ttl;
  }

  /** The enabled source for a request, checked for the capability (1002, then 1003). */
  private use(sourceId: string, capability: Capability): BoundSource & { methods: Partial<SourceMethods> } {
    const source = this.registry.resolve(sourceId);
    if (!source.capabilities[capability]) throw new CapabilityError(sourceId, capability);
    return source;
  }

  private searchable(): BoundSource[] {
    return this.registry.enabled().filter((s) => s.capabilities.search);
  }

  /** One source's page of a search, cached as a SearchPage of its own. */
  private searchOne(source: BoundSource, params: SearchParams, ctx: CallContext): Promise<CachedAnswer> {
    const { q, page, size } = params;
    return this.cached(source, "search", { q, page, size }, this.ttl.search, SearchResult, (m, c) => m.search!({ q, page, size }, c), {
      ctx,
      // Cached as this source's own SearchPage, so a single-source search answers it as is.
      present: (result: SearchResult): SearchPage => ({ page, size, total: result.total, failed: [], list: result.list }),
    });
  }

  /** One cached plugin call whose answer is validated against its schema (then `present`ed, if given). */
  private cached<T>(
    source: BoundSource,
    operation: string,
    params: Record<string, string | number | undefined>,
    ttl: number | ((value: unknown) => number),
    schema: z.ZodType<T>,
    call: (methods: Partial<SourceMethods>, ctx: CallContext) => Promise<unknown>,
    { ctx = {}, present }: { ctx?: CallContext; present?: (value: T) => unknown } = {},
  ): Promise<CachedAnswer> {
    const key = cacheKey(`${operation}:${source.id}`, params);
    return this.cache.fetch(key, { ttl }, async () => {
      // One deadline for the whole operation, however many upstream calls it takes.
      const deadline = AbortSignal.timeout(this.config.upstream.operationTimeoutMs);
      const signal = ctx.signal ? AbortSignal.any([ctx.signal, deadline]) : deadline;
      const value = await call(source.methods!, { ...ctx, signal });
      const valid = validate(source.id, schemaName(operation), schema, value);
      return present ? present(valid) : valid;
    });
  }

  /** Gives every track of a playlist page its address (null when vip/unavailable/failed). */
  private async withUrls(source: BoundSource, answer: CachedAnswer, quality: Quality): Promise<CachedAnswer> {
    const playlist = JSON.parse(answer.json) as PlaylistDetail;
    const started = performance.now();
    let fromUpstream = answer.cost > 0;
    const canUrl = source.capabilities.url;
    playlist.song = await mapWithConcurrency(playlist.song, this.config.upstream.urlConcurrency, async (song): Promise<PlaylistSong> => {
      if (!canUrl || song.vip || !song.available) return { ...song, url: null };
      try {
        const url = await this.url(source.id, song.id, quality);
        if (url.cost > 0) fromUpstream = true;
        return { ...song, url: (JSON.parse(url.json) as SongUrl).url };
      } catch (error) {
        if (!isServiceError(error)) throw error;
        fromUpstream = true;
        return { ...song, url: null };
      }
    });
    const cost = fromUpstream ? Math.max(1, answer.cost + Math.round(performance.now() - started)) : 0;
    return { json: JSON.stringify(playlist), cost, status: answer.status };
  }
}

/** A url is cached until its `expireAt` minus 60 s, and at most the configured lifetime. */
function urlTtl(url: SongUrl, max: number): number {
  if (url.expireAt === null) return max;
  return Math.max(0, Math.min(max, url.expireAt - Math.floor(Date.now() / 1000) - 60));
}

function schemaName(operation: string): string {
  const names: Record<string, string> = {
    song: "SongDetail",
    url: "SongUrl",
    lyric: "Lyric",
    album: "AlbumDetail",
    artist: "ArtistDetail",
    playlist: "PlaylistDetail",
    rank: "RankResponse",
    search: "SearchResult",
  };
  return names[operation] ?? operation;
}

/** Plugin output that does not match the domain schema is an upstream answer we cannot use (2003). */
function validate<T>(sourceId: string, name: string, schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new UpstreamParseError(
    `${sourceId} answered data that does not match ${name} (${issue.path.join(".") || "(root)"}: ${issue.message})`,
  );
}
