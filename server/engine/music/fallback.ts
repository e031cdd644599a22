/**
 * `fallback=1` (docs/decisions.md, "One song, every source"): when the song asked for cannot be
 * played in full (VIP: 3002, not playable: 3001, or only a preview), the address of the same
 * recording on another source, found through `/v1/match`. Full length comes first; a preview
 * copy stands in only for a song with no address at all. A copy's address is asked of its own
 * source's `/v1/song/url`, with every check that operation makes, so nothing gated is ever
 * unlocked. When no copy plays, the original answer (3002, 3001 or the preview) stands. A copy
 * is only ever a match, and an ISRC an uploader typed never makes one alone: an upload cannot
 * claim a label's recording to be played in its place (`core/match/recording.ts`).
 */
import { inject, injectable } from "tsyringe";
import { type PlaylistSong, type Quality, type SongUrl, isKind, isServiceError, type CachedAnswer } from "@music-aggregator/core";
import { SourceRegistry, type EnabledSource } from "../sources/source-registry.ts";
import { MatchService } from "./match-service.ts";
import { SongUrls } from "./song-urls.ts";
import { type MatchResult } from "../domain.ts";

/** Copies tried at most for one song: past a few, the matches left are unlikely to play either. */
const MAX_TRIES = 3;

/** The copy that plays: its address, how sure its match is, and the answers it was made of. */
interface Copy {
  url: SongUrl;
  confidence: number;
  parts: CachedAnswer[];
}

@injectable()
export class FallbackService {
  constructor(
    @inject(SourceRegistry) private readonly registry: SourceRegistry,
    @inject(SongUrls) private readonly songUrls: SongUrls,
    @inject(MatchService) private readonly matches: MatchService,
  ) {}

  /** `/v1/song/url` with `fallback=1`: the song's own address, unless a copy elsewhere plays better. */
  async songUrl(source: EnabledSource, asked: { source: string; id: string; quality: Quality }, signal?: AbortSignal): Promise<CachedAnswer> {
    const started = performance.now();
    let first: CachedAnswer | undefined;
    let refusal: unknown;
    try {
      first = await this.songUrls.address(source, { ...asked, fallback: false }, signal);
      if (!(JSON.parse(first.json) as SongUrl).preview) return first;
    } catch (error) {
      if (!isKind(error, "paid", "notFound")) throw error;
      refusal = error;
    }
    const copy = await this.copyOf(asked.source, asked.id, asked.quality, first !== undefined, signal);
    if (!copy) {
      if (first) return first;
      throw refusal;
    }
    const json = JSON.stringify({ ...copy.url, matchedFrom: { source: asked.source, id: asked.id, confidence: copy.confidence } });
    const parts = first ? [first, ...copy.parts] : copy.parts;
    const refused = (refusal as { cost?: number } | undefined)?.cost ?? 0;
    const spent = parts.some((p) => p.cost > 0) || refused > 0;
    if (spent) return { json, cost: Math.max(1, Math.round(performance.now() - started)), status: "miss" };
    // Every part from the cache: the answer lives as long as the first of them to expire.
    const expiresAt = Math.min(...parts.map((p) => p.expiresAt ?? Infinity));
    return { json, cost: 0, status: "hit", expiresAt: Number.isFinite(expiresAt) ? expiresAt : undefined };
  }

  /**
   * A playlist track's copy, for `with_url=1&fallback=1`: the address of the same recording
   * elsewhere and which song it is; undefined when none plays. A track with a (preview) address
   * only takes a full-length one.
   */
  async forTrack(sourceId: string, track: PlaylistSong, quality: Quality, signal?: AbortSignal): Promise<{ url: string; preview: boolean; from: NonNullable<PlaylistSong["urlFrom"]>; spent: boolean } | undefined> {
    const copy = await this.copyOf(sourceId, track.id, quality, typeof track.url === "string", signal);
    if (!copy) return undefined;
    const from = { source: copy.url.source, id: copy.url.id, confidence: copy.confidence };
    return { url: copy.url.url, preview: copy.url.preview === true, from, spent: copy.parts.some((p) => p.cost > 0) };
  }

  // --- internal ---

  /** The best copy that plays: publicly playable matches, full length first, each asked for its address in turn. */
  private async copyOf(sourceId: string, id: string, quality: Quality, fullOnly: boolean, signal?: AbortSignal): Promise<Copy | undefined> {
    let matched: CachedAnswer;
    try {
      matched = await this.matches.matches(sourceId, id, signal, fullOnly ? "full" : undefined);
    } catch (error) {
      // No match to be had (the song unknown, every search failed): the original answer stands.
      if (isServiceError(error)) return undefined;
      throw error;
    }
    const { matches } = JSON.parse(matched.json) as MatchResult;
    const playable = matches
      .filter((m) => m.song.available && !m.song.vip)
      .map((m) => ({ m, full: (this.registry.resolve(m.song.source).plugin.playback ?? "full") === "full" }))
      .filter((c) => c.full || !fullOnly)
      // Full length first; within each, the matches' own order (best first).
      .sort((a, b) => Number(b.full) - Number(a.full));
    for (const { m } of playable.slice(0, MAX_TRIES)) {
      if (signal?.aborted) return undefined;
      try {
        const copySource = this.registry.use(m.song.source, "url");
        const answer = await this.songUrls.address(copySource, { source: copySource.id, id: m.song.id, quality, fallback: false }, signal);
        const url = JSON.parse(answer.json) as SongUrl;
        if (fullOnly && url.preview) continue;
        return { url, confidence: m.confidence, parts: [matched, answer] };
      } catch (error) {
        if (!isServiceError(error)) throw error;
      }
    }
    return undefined;
  }
}
