/**
 * The `/v1` operations. Every operation of the table (`operations.ts`) runs the same way:
 * source and capability checks, then one cached plugin call whose answer is validated. What
 * is not generic lives here too: search across all sources, lyrics through the provider, the
 * availability rule of song addresses, and addresses of playlist tracks (`playlist-urls.ts`).
 *
 * Time: a shared load runs under its own deadline (`upstream.timeoutMs`), whoever waits for
 * it; each caller's `signal` (its own deadline, or its client going away) ends only its wait,
 * and a load nobody waits for any more is aborted by the cache.
 */
import { inject, injectable } from "tsyringe";
import type { z } from "zod";
import { cacheKey } from "../cache/response-cache.ts";
import type { AppConfig } from "../config.ts";
import { VERSION } from "../config.ts";
import { SongDetail, type PlaylistDetail, type SongUrl, type SourceInfo, type StatusInfo } from "../../../core/domain.ts";
import { CapabilityError, NotFoundError, PaidContentError, UpstreamParseError, UpstreamTimeoutError, isServiceError, isUpstreamFailure, loggedMessage } from "../../../core/errors.ts";
import { deadline } from "../../../core/http/deadline.ts";
import type { Logger } from "../logger.ts";
import { UpstreamCalls } from "../metrics/counts.ts";
import { expiryFromUrl } from "../../../core/mapping/expiry.ts";
import { OPERATIONS, type OperationName, type OperationParams } from "../../../core/operations.ts";
import type { CallContext, Capability, SourceMethods } from "../../../core/plugin.ts";
import type { CachedAnswer, CachePolicy, OriginStats, ResponseCache } from "../../../core/services.ts";
import type { BoundSource, SourceRegistry } from "../sources/source-registry.ts";
import { Tokens } from "../../../core/tokens.ts";
import { boundNames } from "./bounded-names.ts";
import { PlaylistUrls } from "./playlist-urls.ts";
import { FallbackService } from "./fallback.ts";
import { MatchService } from "./match-service.ts";
import { SearchAllService } from "./search-all.ts";
import { SearchService } from "./search-service.ts";

type Enabled = BoundSource & { methods: Partial<SourceMethods> };

@injectable()
export class MusicService {
  private readonly startedAt = Date.now();
  /** every load from a source (one or more upstream requests): by source, operation and outcome, with its duration */
  readonly upstreamCalls = new UpstreamCalls();
  private readonly search: SearchService;
  private readonly matches: MatchService;
  private readonly fallback: FallbackService;
  private readonly playlistUrls: PlaylistUrls;

  constructor(
    @inject(Tokens.SourceRegistry) private readonly registry: SourceRegistry,
    @inject(Tokens.ResponseCache) private readonly cache: ResponseCache,
    @inject(Tokens.Config) private readonly config: AppConfig,
    @inject(Tokens.Logger) private readonly log: Logger,
    @inject(Tokens.OriginStats) private readonly origins: OriginStats,
  ) {
    const searchOne = (source: BoundSource, params: { q: string; page: number; size: number }, signal?: AbortSignal) =>
      this.operation(source as Enabled, "search", { ...params, source: source.id, type: "song" }, signal);
    const searchAll = new SearchAllService(config.upstream.searchAllTimeoutMs, (source, q, size, signal) => searchOne(source, { q, page: 1, size }, signal));
    this.search = new SearchService(cache, config, searchOne, searchAll);
    this.matches = new MatchService(cache, config, searchAll, (source, id, signal) => this.operation(source as Enabled, "song", { source: source.id, id }, signal));
    this.fallback = new FallbackService(
      (sourceId) => this.registry.resolve(sourceId).plugin.playback ?? "full",
      (sourceId, id, quality, signal) => this.run("url", { source: sourceId, id, quality, fallback: false }, signal),
      (sourceId, id, fullOnly, signal) => this.matchOf(sourceId, id, fullOnly, signal),
    );
    this.playlistUrls = new PlaylistUrls(
      config,
      (source, params, signal) => this.operation(source as Enabled, "playlist", params, signal),
      (source, id, quality) => cache.peek(operationKey(source.id, "url", { source: source.id, id, quality, fallback: false })),
      (source, id, quality, signal) => this.urlOperation(source as Enabled, { source: source.id, id, quality, fallback: false }, signal, false),
      (source, track, quality, signal) => this.fallback.forTrack(source.id, track, quality, signal),
    );
  }

  /**
   * One `/v1` operation for its validated parameters: 1002 for a source that is unknown or
   * disabled, 1003 for one without the capability, then the work. `signal` ends the caller's
   * wait (its client went away).
   */
  async run<C extends OperationName>(capability: C, params: OperationParams<C>, signal?: AbortSignal): Promise<CachedAnswer> {
    if (capability === "search") {
      const search = params as OperationParams<"search">;
      return search.source === "all" ? this.search.all(this.searchable(), search, signal) : this.search.one(this.use(search.source, capability), search, signal);
    }
    if (capability === "match") return this.matchOf(params.source, (params as OperationParams<"match">).id, false, signal);
    const source = this.use(params.source, capability);
    const url = params as OperationParams<"url">;
    if (capability === "url" && url.fallback) return this.fallback.songUrl(url, () => this.run("url", { ...url, fallback: false }, signal), signal);
    if (capability === "lyric" && !source.plugin.capabilities.lyric) return this.lyricThroughProvider(source, (params as OperationParams<"lyric">).id, signal);
    if (capability === "url") return this.songUrl(source, params as OperationParams<"url">, signal);
    if (capability === "playlist" && (params as OperationParams<"playlist">).with_url) {
      return this.playlistUrls.run(source, params as OperationParams<"playlist">, signal);
    }
    return this.operation(source, capability, params, signal);
  }

  sourceInfo(): SourceInfo {
    return this.registry.capabilityMatrix();
  }

  async status(): Promise<StatusInfo> {
    // Asked together, so that a shared store is asked once for both (see `SharedStats`).
    const [cache, origins] = await Promise.all([this.cache.stats(), this.origins.top()]);
    return { version: VERSION, uptime: Math.floor((Date.now() - this.startedAt) / 1000), cache, origins, notice: this.config.notice };
  }

  // --- internal ---

  /**
   * `/v1/match` of a song (1002, 1003 as any operation; 3001 as `/v1/song`): against every other
   * searchable source, or with `fullOnly` against those whose addresses are full length.
   */
  private matchOf(sourceId: string, id: string, fullOnly: boolean, signal?: AbortSignal): Promise<CachedAnswer> {
    const source = this.use(sourceId, "match");
    const others = this.searchable().filter((other) => other !== source && (!fullOnly || (other.plugin.playback ?? "full") === "full"));
    return this.matches.run(source, others, id, signal, fullOnly ? "full" : undefined);
  }

  /** The enabled source for a request, checked for the capability (1002, then 1003). */
  private use(sourceId: string, capability: OperationName): Enabled {
    const source = this.registry.resolve(sourceId);
    if (!source.capabilities[capability]) throw new CapabilityError(sourceId, capability);
    return source;
  }

  private searchable(): BoundSource[] {
    return this.registry.enabled().filter((s) => s.capabilities.search);
  }

  /**
   * One operation of the table through the cache: the plugin's answer, validated. `call`
   * stands in for the plugin call of the table when the operation needs more (song/url).
   */
  private operation<C extends Capability>(
    source: Enabled,
    capability: C,
    params: OperationParams<C>,
    signal?: AbortSignal,
    call: (ctx: CallContext) => Promise<unknown> = (ctx) => OPERATIONS[capability].call(source.methods as SourceMethods, params as never, ctx),
  ): Promise<CachedAnswer> {
    const op = OPERATIONS[capability];
    const key = operationKey(source.id, capability, params);
    const policy = this.policy(capability, params);
    const schema = op.result.schema(params as never) as z.ZodType;
    return this.cache.fetch(
      key,
      policy,
      (loadSignal) =>
        this.load(source, capability, loadSignal, async (ctx) => {
          const value = validate(source.id, op.result.name, schema, await call(ctx));
          // A single source's search is cached as its own SearchPage, answered as it is.
          if (capability !== "search") return value;
          const { page, size } = params as OperationParams<"search">;
          return { page, size, total: (value as { total: number }).total, failed: [], list: (value as { list: unknown[] }).list };
        }),
      signal,
    );
  }

  /** How long an answer is kept: addresses no longer than they work (docs/decisions.md (/v1)). */
  private policy<C extends Capability>(capability: C, params: OperationParams<C>): CachePolicy {
    const ttl = this.config.cache.ttl;
    if (capability === "url") return { ttl: (value) => urlTtl(value as SongUrl, ttl.url) };
    if (capability === "playlist" && (params as OperationParams<"playlist">).with_url) {
      return { ttl: (value) => playlistUrlsTtl(value as PlaylistDetail, Math.min(ttl.playlist, ttl.url)) };
    }
    return { ttl: ttl[capability] };
  }

  /**
   * A load under its own deadline, however many upstream calls it makes; a plugin that
   * ignores its signal is not waited for past it. Upstream failures are logged, one line each.
   */
  private async load(source: BoundSource, what: string, loadSignal: AbortSignal, work: (ctx: CallContext) => Promise<unknown>): Promise<unknown> {
    const started = performance.now();
    const time = deadline(this.config.upstream.timeoutMs, loadSignal);
    const signal = time.signal;
    let outcome = "ok";
    try {
      return await untilAborted(work({ signal }), signal, DEADLINE_GRACE_MS, () =>
        time.expired() ? new UpstreamTimeoutError(source.id, performance.now() - started) : loadSignal.reason,
      );
    } catch (error) {
      // A load nobody waits for any more was cut short, whatever it threw.
      outcome = loadSignal.aborted ? "aborted" : isServiceError(error) ? error.kind : "internal";
      if (isUpstreamFailure(error) && !loadSignal.aborted) this.log.warn(`${source.id} ${what}: ${loggedMessage(error)}`);
      throw error;
    } finally {
      time.dispose();
      this.upstreamCalls.record(source.id, what, outcome, (performance.now() - started) / 1000);
    }
  }

  /**
   * `/v1/song/url`: no address for a VIP song (3002), nor for one that is not publicly playable
   * (3001) (docs/decisions.md (Sources)). A song the cache holds tells at once, at no cost;
   * else the plugin's own lookup tells, inside the url load: one lookup, one deadline.
   */
  private async songUrl(source: Enabled, params: OperationParams<"url">, signal?: AbortSignal): Promise<CachedAnswer> {
    const songParams = { source: params.source, id: params.id };
    const known = source.capabilities.song ? await this.cache.peek(operationKey(source.id, "song", songParams)) : undefined;
    if (known) refuseUnplayable(JSON.parse(known.json) as SongDetail, source.id);
    return this.urlOperation(source, params, signal, known === undefined);
  }

  private urlOperation(source: Enabled, params: OperationParams<"url">, signal: AbortSignal | undefined, unchecked: boolean): Promise<CachedAnswer> {
    return this.operation(source, "url", params, signal, (ctx) => this.urlOf(source, params, ctx, unchecked));
  }

  /**
   * The plugin's `url()`, handed `checkSong` for the song its lookup reads: the rule is applied
   * to it and, when the cache does not hold the song yet (`unchecked`), it is kept as the
   * song's answer. A plugin that never hands it over has its song looked up after its url,
   * within the same load; a with_url track (`unchecked` false) was checked by its playlist.
   */
  private async urlOf(source: Enabled, params: OperationParams<"url">, ctx: CallContext, unchecked: boolean): Promise<unknown> {
    const songParams = { source: params.source, id: params.id };
    let handed = false;
    const checkSong = (detail: SongDetail) => {
      const song = validate(source.id, "SongDetail", SongDetail, detail);
      handed = true;
      if (unchecked) this.keep(source, "song", songParams, song);
      refuseUnplayable(song, source.id);
    };
    const url = await source.methods.url!(params.id, params.quality, { ...ctx, checkSong });
    if (!handed && unchecked && source.capabilities.song) {
      refuseUnplayable(JSON.parse((await this.operation(source, "song", songParams, ctx.signal)).json) as SongDetail, source.id);
    }
    return url;
  }

  /** Keeps an answer the plugin gave on the way (a song read for its address) as that operation's answer. */
  private keep<C extends Capability>(source: Enabled, capability: C, params: OperationParams<C>, value: unknown): void {
    this.cache.fetch(operationKey(source.id, capability, params), this.policy(capability, params), async () => value).catch(() => undefined);
  }

  /** Lyrics of a source without its own: the song's name, artist, album and length, asked of the provider. */
  private lyricThroughProvider(source: Enabled, id: string, signal?: AbortSignal): Promise<CachedAnswer> {
    const { id: via, provider } = this.registry.lyricsProvider!;
    // The provider is part of the key: another provider's answers are not this one's.
    const key = cacheKey(`lyric:${source.id}`, { id, via });
    return this.cache.fetch(
      key,
      { ttl: this.config.cache.ttl.lyric },
      (loadSignal) =>
        this.load(source, "lyric", loadSignal, async (ctx) => {
          const song = JSON.parse((await this.operation(source, "song", { source: source.id, id }, ctx.signal)).json) as SongDetail;
          // An album that is no release (an archive item's title) would only make the lookup miss.
          const album = source.plugin.albumsAreReleases === false ? "" : song.album;
          const found = await provider.find({ name: song.name, artist: song.artist, album, duration: song.duration }, ctx);
          return validate(source.id, "Lyric", OPERATIONS.lyric.result.schema({ source: source.id, id }), { source: source.id, id, ...found });
        }),
      signal,
    );
  }
}

/** docs/decisions.md (Sources): no address for a VIP song (3002), nor for one that is not publicly playable (3001). */
function refuseUnplayable(song: Pick<SongDetail, "id" | "vip" | "available">, sourceId: string): void {
  if (song.vip) throw new PaidContentError();
  if (!song.available) throw new NotFoundError(`song ${song.id} of ${sourceId} is not publicly playable: it has no address`);
}

/** The cache key of one operation's answer. */
export function operationKey<C extends OperationName>(sourceId: string, capability: C, params: OperationParams<C>): string {
  return cacheKey(`${capability}:${sourceId}`, OPERATIONS[capability].key(params as never));
}

/** A url is cached until its `expireAt` minus 60 s, and at most the configured lifetime. */
export function urlTtl(url: { expireAt: number | null }, max: number): number {
  if (url.expireAt === null) return max;
  return Math.max(0, Math.min(max, url.expireAt - Math.floor(Date.now() / 1000) - 60));
}

/** A playlist page with its tracks' addresses: kept no longer than the first address to expire. */
function playlistUrlsTtl(playlist: PlaylistDetail, max: number): number {
  let ttl = max;
  for (const song of playlist.song) {
    const expireAt = typeof song.url === "string" ? expiryFromUrl(song.url) : null;
    if (expireAt !== null) ttl = Math.min(ttl, urlTtl({ expireAt }, max));
  }
  return ttl;
}

/**
 * Plugin output that does not match the domain schema is an upstream answer we cannot use
 * (2003); what does is kept with its names bounded (`bounded-names.ts`).
 */
function validate<T>(sourceId: string, name: string, schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return boundNames(result.data);
  const issue = result.error.issues[0];
  throw new UpstreamParseError(`${sourceId} answered data that does not match ${name} (${issue.path.join(".") || "(root)"}: ${issue.message})`);
}

/**
 * A plugin that honours its signal fails by itself within moments of the deadline, with the
 * more telling error (a retried 503 rather than "no answer"); one that ignores it is not waited
 * for longer than this.
 */
const DEADLINE_GRACE_MS = 50;

/** `work`, or the error `reason()` names once `signal` has been aborted for `graceMs`, whichever comes first. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal, graceMs: number, reason: () => unknown): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    const onAbort = () => {
      const error = reason();
      timer = setTimeout(() => reject(error), graceMs);
    };
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
    const settle = () => {
      signal.removeEventListener("abort", onAbort);
      clearTimeout(timer);
    };
    work.then(
      (value) => {
        settle();
        resolve(value);
      },
      (error: unknown) => {
        settle();
        reject(error);
      },
    );
  });
}
