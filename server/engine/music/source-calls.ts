/**
 * One operation of the table (`operations.ts`) through the cache: the plugin's answer,
 * validated against the domain schema before it is kept. Every other part of the music
 * service reaches a source through here, so lifetimes, deadlines and the upstream metrics are
 * applied in one place.
 *
 * Time: a shared load runs under its own deadline (`upstream.timeoutMs`), whoever waits for
 * it; each caller's `signal` (its own deadline, or its client going away) ends only its wait,
 * and a load nobody waits for any more is aborted by the cache.
 */
import { inject, injectable } from "tsyringe";
import { z } from "zod";
import { AlbumDetail, Song, type LinkKind, type Lookup, type PlaylistDetail, type SongUrl, UpstreamParseError, UpstreamTimeoutError, isServiceError, loggedMessage, expiryFromUrl, type CallContext, type Capability, type SourceMethods, type CachePolicy, type CachedAnswer, type ResponseCache, Tokens } from "@music-aggregator/core";
import { isUpstreamFailure, deadline } from "@music-aggregator/core/host";
import { OPERATIONS, type OperationName, type OperationParams } from "../operations.ts";
import { cacheKey } from "../cache/response-cache.ts";
import type { AppConfig } from "../config.ts";
import type { Logger } from "../logger.ts";
import { MusicMetrics } from "../metrics/music-metrics.ts";
import type { EnabledSource } from "../sources/source-registry.ts";
import { boundNames } from "./bounded-names.ts";

/** What each look-up answers, named as the documentation names it. */
const LOOKUP_ANSWERS = { isrc: { name: "Song[]", schema: z.array(Song) }, upc: { name: "AlbumDetail[]", schema: z.array(AlbumDetail) } } satisfies Record<Lookup, { name: string; schema: z.ZodType<object[]> }>;

/** What a call may change of the table's plain plugin call. */
export interface CallOptions {
  /** the work instead of the table's plugin call (an address checked against its song, lyrics through the provider) */
  call?: (ctx: CallContext) => Promise<unknown>;
  /** the cache key instead of the operation's own */
  key?: string;
}

@injectable()
export class SourceCalls {
  constructor(
    @inject(Tokens.ResponseCache) private readonly cache: ResponseCache,
    @inject(Tokens.Config) private readonly config: AppConfig,
    @inject(Tokens.Logger) private readonly log: Logger,
    @inject(MusicMetrics) private readonly metrics: MusicMetrics,
  ) {}

  /** The operation's answer for `params`, from the cache or loaded and validated. */
  call<C extends Capability>(source: EnabledSource, capability: C, params: OperationParams<C>, signal?: AbortSignal, options: CallOptions = {}): Promise<CachedAnswer> {
    const op = OPERATIONS[capability];
    const schema = op.result.schema(params as never) as z.ZodType;
    const call = options.call ?? ((ctx: CallContext) => op.call(source.methods as SourceMethods, params as never, ctx));
    return this.cache.fetch(
      options.key ?? operationKey(source.id, capability, params),
      this.policy(capability, params),
      (loadSignal) =>
        this.load(source.id, capability, loadSignal, async (ctx) => {
          const value = validate(source.id, op.result.name, schema, await call(ctx));
          // A single source's search is cached as its own SearchPage, answered as it is.
          if (capability !== "search") return value;
          const { page, size } = params as OperationParams<"search">;
          return { page, size, total: (value as { total: number }).total, failed: [], list: (value as { list: unknown[] }).list };
        }),
      signal,
    );
  }

  /**
   * The source's items of one identifier (its `isrc` or `upc` look-up, `SourceLookups`) through
   * the cache, kept as long as a song's (an album's) details; each carries the identifier (the
   * one asked, when the plugin left it out).
   */
  lookup(source: EnabledSource, kind: Lookup, value: string, signal?: AbortSignal): Promise<CachedAnswer> {
    const { name, schema } = LOOKUP_ANSWERS[kind];
    return this.cache.fetch(
      cacheKey(`${kind}:${source.id}`, { [kind]: value }),
      { ttl: this.config.cache.ttl[kind === "isrc" ? "song" : "album"] },
      (loadSignal) =>
        this.load(source.id, kind, loadSignal, async (ctx) =>
          validate(source.id, name, schema as z.ZodType<Record<string, unknown>[]>, await source.methods[kind]!(value, ctx)).map((item) => ({ ...item, [kind]: item[kind] ?? value })),
        ),
      signal,
    );
  }

  /**
   * The id of the item a web link names, where only the upstream can tell (the instance's
   * `resolveLink`: Audius' resolve API), through the cache: kept as long as a song's details.
   */
  resolveLink(source: EnabledSource, url: URL, kind: LinkKind, signal?: AbortSignal): Promise<CachedAnswer> {
    return this.cache.fetch(
      cacheKey(`link:${source.id}`, { kind, path: url.pathname }),
      { ttl: this.config.cache.ttl.song },
      (loadSignal) => this.load(source.id, "link", loadSignal, async (ctx) => ({ id: await source.methods.resolveLink!(url, kind, ctx) })),
      signal,
    );
  }

  /** The cached answer of an operation, if the cache holds a fresh one; never loads. */
  peek<C extends Capability>(source: EnabledSource, capability: C, params: OperationParams<C>): Promise<CachedAnswer | undefined> {
    return this.cache.peek(operationKey(source.id, capability, params));
  }

  /** Keeps an answer the plugin gave on the way (a song read for its address) as that operation's answer. */
  keep<C extends Capability>(source: EnabledSource, capability: C, params: OperationParams<C>, value: unknown): void {
    this.cache.fetch(operationKey(source.id, capability, params), this.policy(capability, params), async () => value).catch(() => undefined);
  }

  // --- internal ---

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
  private async load(sourceId: string, what: string, loadSignal: AbortSignal, work: (ctx: CallContext) => Promise<unknown>): Promise<unknown> {
    const started = performance.now();
    const time = deadline(this.config.upstream.timeoutMs, loadSignal);
    let outcome = "ok";
    try {
      return await untilAborted(work({ signal: time.signal }), time.signal, DEADLINE_GRACE_MS, () =>
        time.expired() ? new UpstreamTimeoutError(sourceId, performance.now() - started) : loadSignal.reason,
      );
    } catch (error) {
      // A load nobody waits for any more was cut short, whatever it threw.
      outcome = loadSignal.aborted ? "aborted" : isServiceError(error) ? error.kind : "internal";
      if (isUpstreamFailure(error) && !loadSignal.aborted) this.log.warn(`${sourceId} ${what}: ${loggedMessage(error)}`);
      throw error;
    } finally {
      time.dispose();
      this.metrics.upstreamCall(sourceId, what, outcome, (performance.now() - started) / 1000);
    }
  }
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

/**
 * Plugin output that does not match the domain schema is an upstream answer we cannot use
 * (2003); what does is kept with its names bounded (`bounded-names.ts`).
 */
export function validate<T>(sourceId: string, name: string, schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return boundNames(result.data);
  const issue = result.error.issues[0];
  throw new UpstreamParseError(`${sourceId} answered data that does not match ${name} (${issue.path.join(".") || "(root)"}: ${issue.message})`);
}

// --- internal ---

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
