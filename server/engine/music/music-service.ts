/**
 * The `/v1` operations, each handed to the service that does it: search (one source or all),
 * match, song addresses (with or without `fallback`), lyrics (the plugin's or the provider's),
 * playlists (with or without addresses), transfers (a source's playlist or an imported one); every other operation of the table is one cached
 * plugin call (`source-calls.ts`). The source is checked first: 1002 for one that is unknown or
 * disabled, 1003 for one without the operation.
 */
import { inject, injectable } from "tsyringe";
import type { AcrossName, AcrossParams, OperationName, OperationParams } from "../operations.ts";
import { Tokens, type CachedAnswer } from "@music-aggregator/core";
import type { StoreResponseCache } from "../cache/response-cache.ts";
import { VERSION, type AppConfig } from "../config.ts";
import { SourceRegistry } from "../sources/source-registry.ts";
import { FallbackService } from "./fallback.ts";
import { LookupService } from "./lookup-service.ts";
import { ResolveService } from "./resolve-service.ts";
import { Lyrics } from "./lyrics.ts";
import { MatchService } from "./match-service.ts";
import { PlaylistUrls } from "./playlist-urls.ts";
import { SearchService } from "./search-service.ts";
import { SongUrls } from "./song-urls.ts";
import { SourceCalls } from "./source-calls.ts";
import { TransferService } from "./transfer-service.ts";
import type { SourceInfo, StatusInfo } from "../domain.ts";
import type { PlaylistFile } from "../playlist-files/playlist-file.ts";
import type { ImportOptions } from "../params.ts";
import type { OriginStats } from "../stats/shared-stats.ts";
import { ServiceTokens } from "../tokens.ts";

/** The work of one operation, for its validated parameters. */
type Handler<C extends OperationName> = (params: OperationParams<C>, signal?: AbortSignal) => Promise<CachedAnswer>;

@injectable()
export class MusicService {
  private readonly startedAt = Date.now();

  constructor(
    @inject(Tokens.Config) private readonly config: AppConfig,
    @inject(Tokens.ResponseCache) private readonly cache: StoreResponseCache,
    @inject(ServiceTokens.OriginStats) private readonly origins: OriginStats,
    @inject(SourceRegistry) private readonly registry: SourceRegistry,
    @inject(SourceCalls) private readonly calls: SourceCalls,
    @inject(SearchService) private readonly searches: SearchService,
    @inject(MatchService) private readonly matches: MatchService,
    @inject(SongUrls) private readonly songUrls: SongUrls,
    @inject(FallbackService) private readonly fallbacks: FallbackService,
    @inject(Lyrics) private readonly lyrics: Lyrics,
    @inject(PlaylistUrls) private readonly playlistUrls: PlaylistUrls,
    @inject(TransferService) private readonly transfers: TransferService,
    @inject(LookupService) private readonly lookups: LookupService,
    @inject(ResolveService) private readonly resolver: ResolveService,
  ) {}

  /** Who does each operation: a service of its own, or one cached plugin call. */
  private readonly handlers: { [C in OperationName]: Handler<C> } = {
    search: (p, signal) => this.searches.search(p, signal),
    song: (p, signal) => this.calls.call(this.registry.use(p.source, "song"), "song", p, signal),
    url: (p, signal) => (p.fallback ? this.fallbacks.songUrl(this.registry.use(p.source, "url"), p, signal) : this.songUrls.address(this.registry.use(p.source, "url"), p, signal)),
    lyric: (p, signal) => this.lyrics.lyric(this.registry.use(p.source, "lyric"), p.id, signal),
    album: (p, signal) => this.calls.call(this.registry.use(p.source, "album"), "album", p, signal),
    artist: (p, signal) => this.calls.call(this.registry.use(p.source, "artist"), "artist", p, signal),
    playlist: (p, signal) => (p.with_url ? this.playlistUrls.page(this.registry.use(p.source, "playlist"), p, signal) : this.calls.call(this.registry.use(p.source, "playlist"), "playlist", p, signal)),
    rank: (p, signal) => this.calls.call(this.registry.use(p.source, "rank"), "rank", p, signal),
    match: (p, signal) => this.matches.matches(p.source, p.id, signal),
    transfer: (p, signal) => this.transfers.playlist(p, signal),
  };

  /** Who does each operation across the sources. */
  private readonly acrossHandlers: { [C in AcrossName]: (params: AcrossParams<C>, signal?: AbortSignal) => Promise<CachedAnswer> } = {
    lookup: (p, signal) => this.lookups.lookup(p, signal),
    resolve: (p, signal) => this.resolver.resolve(p, signal),
  };

  /** One `/v1` operation across the sources (`ACROSS_OPERATIONS`) for its validated parameters. */
  across<C extends AcrossName>(operation: C, params: AcrossParams<C>, signal?: AbortSignal): Promise<CachedAnswer> {
    return (this.acrossHandlers[operation] as (params: AcrossParams<C>, signal?: AbortSignal) => Promise<CachedAnswer>)(params, signal);
  }

  /** One `/v1` operation for its validated parameters; `signal` ends the caller's wait (its client went away). */
  run<C extends OperationName>(operation: C, params: OperationParams<C>, signal?: AbortSignal): Promise<CachedAnswer> {
    return (this.handlers[operation] as Handler<C>)(params, signal);
  }

  /** `POST /v1/playlist/match`: a page of an imported playlist, matched onto the sources `to` names (or every one that can search). */
  transferImported(file: PlaylistFile, params: ImportOptions, signal?: AbortSignal): Promise<CachedAnswer> {
    return this.transfers.imported(file, params, signal);
  }

  /** Whether a source's addresses are short previews (its plugin's `playback`), as exported files say. */
  previewOnly(sourceId: string): boolean {
    return this.registry.all().find((s) => s.id === sourceId)?.plugin.playback === "preview";
  }

  sourceInfo(): SourceInfo {
    return this.registry.capabilityMatrix();
  }

  async status(): Promise<StatusInfo> {
    // Asked together, so that a shared store is asked once for both (see `SharedStats`).
    const [cache, origins] = await Promise.all([this.cache.stats(), this.origins.top()]);
    return { version: VERSION, uptime: Math.floor((Date.now() - this.startedAt) / 1000), cache, origins, notice: this.config.notice };
  }
}
