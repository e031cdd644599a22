/**
 * `/v1/song/url` (without `fallback`): no address for a VIP song (3002), nor for one that is not
 * publicly playable (3001) (docs/decisions.md (Sources)). A song the cache holds tells at once,
 * at no cost; else the plugin's own lookup tells, inside the url load: one lookup, one deadline.
 */
import { inject, injectable } from "tsyringe";
import { SongDetail, NotFoundError, PaidContentError, type CallContext, type CachedAnswer } from "@music-aggregator/core";
import type { OperationParams } from "../operations.ts";
import type { EnabledSource } from "../sources/source-registry.ts";
import { SourceCalls, validate } from "./source-calls.ts";

type UrlParams = OperationParams<"url">;

@injectable()
export class SongUrls {
  constructor(@inject(SourceCalls) private readonly calls: SourceCalls) {}

  /** The address of a song asked for by itself: checked against the song first. */
  async address(source: EnabledSource, params: UrlParams, signal?: AbortSignal): Promise<CachedAnswer> {
    const known = source.capabilities.song ? await this.calls.peek(source, "song", { source: source.id, id: params.id }) : undefined;
    if (known) refuseUnplayable(JSON.parse(known.json) as SongDetail, source.id);
    return this.urlCall(source, params, signal, known === undefined);
  }

  /** A cached address, if the cache holds one; never loads. */
  peek(source: EnabledSource, id: string, quality: UrlParams["quality"]): Promise<CachedAnswer | undefined> {
    return this.calls.peek(source, "url", { source: source.id, id, quality, fallback: false });
  }

  /** The address of a track whose song its playlist has already told (VIP and availability were checked there). */
  ofTrack(source: EnabledSource, id: string, quality: UrlParams["quality"], signal?: AbortSignal): Promise<CachedAnswer> {
    return this.urlCall(source, { source: source.id, id, quality, fallback: false }, signal, false);
  }

  // --- internal ---

  private urlCall(source: EnabledSource, params: UrlParams, signal: AbortSignal | undefined, unchecked: boolean): Promise<CachedAnswer> {
    return this.calls.call(source, "url", params, signal, { call: (ctx) => this.urlOf(source, params, ctx, unchecked) });
  }

  /**
   * The plugin's `url()`, handed `checkSong` for the song its lookup reads: the rule is applied
   * to it and, when the cache does not hold the song yet (`unchecked`), it is kept as the
   * song's answer. A plugin that never hands it over has its song looked up after its url,
   * within the same load.
   */
  private async urlOf(source: EnabledSource, params: UrlParams, ctx: CallContext, unchecked: boolean): Promise<unknown> {
    const songParams = { source: params.source, id: params.id };
    let handed = false;
    const checkSong = (detail: SongDetail) => {
      const song = validate(source.id, "SongDetail", SongDetail, detail);
      handed = true;
      if (unchecked) this.calls.keep(source, "song", songParams, song);
      refuseUnplayable(song, source.id);
    };
    const url = await source.methods.url!(params.id, params.quality, { ...ctx, checkSong });
    if (!handed && unchecked && source.capabilities.song) {
      refuseUnplayable(JSON.parse((await this.calls.call(source, "song", songParams, ctx.signal)).json) as SongDetail, source.id);
    }
    // Every address says whether it is a clip: one a plugin leaves unmarked is the whole song.
    return url !== null && typeof url === "object" ? { ...url, preview: (url as { preview?: unknown }).preview === true } : url;
  }
}

/** docs/decisions.md (Sources): no address for a VIP song (3002), nor for one that is not publicly playable (3001). */
function refuseUnplayable(song: Pick<SongDetail, "id" | "vip" | "available">, sourceId: string): void {
  if (song.vip) throw new PaidContentError();
  if (!song.available) throw new NotFoundError(`song ${song.id} of ${sourceId} is not publicly playable: it has no address`);
}
