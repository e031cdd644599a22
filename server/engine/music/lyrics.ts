/**
 * `/v1/lyric`: the source's own lyrics when its plugin has them, else the lyrics provider's
 * (docs/decisions.md (Sources)), looked up by the song's name, artist, album and length.
 */
import { inject, injectable } from "tsyringe";
import type { SongDetail, CachedAnswer } from "@music-aggregator/core";
import { OPERATIONS } from "../operations.ts";
import { cacheKey } from "../cache/response-cache.ts";
import { SourceRegistry, type EnabledSource } from "../sources/source-registry.ts";
import { SourceCalls, validate } from "./source-calls.ts";

@injectable()
export class Lyrics {
  constructor(
    @inject(SourceCalls) private readonly calls: SourceCalls,
    @inject(SourceRegistry) private readonly registry: SourceRegistry,
  ) {}

  lyric(source: EnabledSource, id: string, signal?: AbortSignal): Promise<CachedAnswer> {
    const params = { source: source.id, id };
    if (source.plugin.capabilities.lyric) return this.calls.call(source, "lyric", params, signal);
    const { id: via, provider } = this.registry.lyricsProvider!;
    return this.calls.call(source, "lyric", params, signal, {
      // The provider is part of the key: another provider's answers are not this one's.
      key: cacheKey(`lyric:${source.id}`, { id, via }),
      call: async (ctx) => {
        const song = JSON.parse((await this.calls.call(source, "song", params, ctx.signal)).json) as SongDetail;
        // An album that is no release (an archive item's title) would only make the lookup miss.
        const album = source.plugin.albumsAreReleases === false ? "" : song.album;
        const found = await provider.find({ name: song.name, artist: song.artist, album, duration: song.duration }, ctx);
        return validate(source.id, "Lyric", OPERATIONS.lyric.result.schema(params), { ...params, ...found });
      },
    });
  }
}
