/**
 * Addresses of playlist tracks (`with_url=1`, docs/decisions.md (/v1)), within one deadline for the whole
 * request. The plugin hands over the addresses its playlist answer already carries (in bulk:
 * no extra call); a track left without one is taken from the cache of `/v1/song/url` answers
 * when it is there, else looked up through the source's `url()`, but only up to the client's
 * share of the source's request budget (`upstream.clientShare`), which the look-ups spend. A
 * track that is VIP, not available, over the share, failing or late gets `url: null`; one
 * with an address says whether it is a clip (`preview`), as its `/v1/song/url` answer does.
 *
 * With `fallback=1`, a track left without an address, or with only a preview's, is then
 * matched (at most one match per track, as many tracks as look-ups, the same concurrency and
 * deadline): when the same recording plays elsewhere (full length first), `url` is that
 * copy's address and `urlFrom` names the copy. A track whose match finds nothing keeps what it
 * had; the page never fails for it.
 */
import { inject, injectable } from "tsyringe";
import type { AppConfig } from "../config.ts";
import { type PlaylistDetail, type PlaylistSong, type Quality, type SongUrl, isServiceError, type CachedAnswer, Tokens, mapWithConcurrency } from "@music-aggregator/core";
import { withCost, deadline } from "@music-aggregator/core/host";
import { shareOf } from "../http/client-shares.ts";
import type { OperationParams } from "../operations.ts";
import { combinedLife } from "../cache/response-cache.ts";
import type { EnabledSource } from "../sources/source-registry.ts";
import { sameClient } from "../http/upstream-calls.ts";
import { FallbackService } from "./fallback.ts";
import { SongUrls } from "./song-urls.ts";
import { SourceCalls } from "./source-calls.ts";

@injectable()
export class PlaylistUrls {
  constructor(
    @inject(Tokens.Config) private readonly config: AppConfig,
    @inject(SourceCalls) private readonly calls: SourceCalls,
    @inject(SongUrls) private readonly songUrls: SongUrls,
    @inject(FallbackService) private readonly fallbacks: FallbackService,
  ) {}

  async page(source: EnabledSource, params: OperationParams<"playlist">, signal?: AbortSignal): Promise<CachedAnswer> {
    const started = performance.now();
    const time = deadline(this.config.upstream.timeoutMs, signal);
    // The look-ups are the request's: they spend its client's shares.
    sameClient(time.signal, signal);
    try {
      return await this.fill(source, params, time.signal, started);
    } finally {
      time.dispose();
    }
  }

  // --- internal ---

  private async fill(source: EnabledSource, params: OperationParams<"playlist">, request: AbortSignal, started: number): Promise<CachedAnswer> {
    let answer: CachedAnswer;
    try {
      answer = await this.calls.call(source, "playlist", params, request);
    } catch (error) {
      throw withCost(error, performance.now() - started);
    }
    const playlist = JSON.parse(answer.json) as PlaylistDetail;
    let fromUpstream = answer.cost > 0;
    const canLookUp = source.capabilities.url;
    // The cached answers it is made of: it lives no longer than the first to expire.
    const parts: (CachedAnswer | undefined)[] = [answer];

    // Tracks the plugin gave no address: from the cache when it has them, else looked up.
    const pending: PlaylistSong[] = [];
    for (const song of playlist.song) {
      if (song.url !== undefined) continue;
      if (!canLookUp || song.vip || !song.available) song.url = null;
      else {
        const cached = await this.songUrls.peek(source, song.id, params.quality);
        if (cached) {
          carryAddress(song, JSON.parse(cached.json) as SongUrl);
          parts.push(cached);
        } else pending.push(song);
      }
    }
    const share = this.fairShare(source);
    const looked = pending.slice(0, share);
    for (const song of pending.slice(share)) song.url = null;
    if (pending.length > share) parts.push(undefined);
    await mapWithConcurrency(looked, this.config.upstream.urlConcurrency, async (song) => {
      // Past the deadline, or the client gone: nothing more is asked.
      if (request.aborted) {
        song.url = null;
        parts.push(undefined);
        return;
      }
      try {
        const url = await this.songUrls.ofTrack(source, song.id, params.quality, request);
        if (url.cost > 0) fromUpstream = true;
        carryAddress(song, JSON.parse(url.json) as SongUrl);
        parts.push(url);
      } catch (error) {
        if (!isServiceError(error) && !request.aborted) throw error;
        fromUpstream = true;
        song.url = null;
        // A cached refusal (no address) counts with its own life; a failure is not kept.
        const cachedUntil = isServiceError(error) ? error.cachedUntil : undefined;
        parts.push(cachedUntil === undefined ? undefined : { json: "null", cost: 0, status: "hit", expiresAt: cachedUntil, staleSeconds: 0 });
      }
    });
    if (params.fallback && (await this.fillFromCopies(source, playlist, params.quality, request))) fromUpstream = true;
    // Every address says whether it is a clip, as its /v1/song/url answer does.
    for (const song of playlist.song) if (typeof song.url === "string") song.preview = song.preview === true;
    // Other sources' copies are the service's own choice, made per request: not one cached answer.
    if (params.fallback) parts.push(undefined);
    const cost = fromUpstream ? Math.max(1, Math.round(performance.now() - started)) : 0;
    return { json: JSON.stringify(playlist), cost, status: answer.status, ...combinedLife(parts) };
  }

  /**
   * Addresses of other sources' copies for the tracks without one, or with only a preview;
   * whether an upstream was asked. A failing or late match leaves its track as it was.
   */
  private async fillFromCopies(source: EnabledSource, playlist: PlaylistDetail, quality: Quality, request: AbortSignal): Promise<boolean> {
    const previews = (source.plugin.playback ?? "full") === "preview";
    const wanting = playlist.song.filter((song) => song.url === null || (previews && typeof song.url === "string"));
    let spent = false;
    await mapWithConcurrency(wanting.slice(0, this.config.upstream.urlLookups), this.config.upstream.urlConcurrency, async (song) => {
      if (request.aborted) return;
      try {
        const copy = await this.fallbacks.forTrack(source.id, song, quality, request);
        if (copy?.spent) spent = true;
        if (copy) [song.url, song.urlFrom, song.preview] = [copy.url, copy.from, copy.preview];
      } catch (error) {
        if (!isServiceError(error) && !request.aborted) throw error;
        spent = true;
      }
    });
    return spent;
  }

  /** Look-ups one request may make: the configured cap, and a client's share of a declared budget. */
  private fairShare(source: EnabledSource): number {
    const cap = this.config.upstream.urlLookups;
    return source.budget ? Math.min(cap, shareOf(source.budget.requests, this.config.upstream.clientShare)) : cap;
  }
}

/** A track's address from its `/v1/song/url` answer, saying so when it is a clip (docs/decisions.md (/v1)). */
function carryAddress(song: PlaylistSong, url: SongUrl): void {
  song.url = url.url;
  song.preview = url.preview === true;
}
