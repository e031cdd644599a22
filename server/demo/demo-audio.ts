/**
 * Demo mode only: a source plugin whose playable addresses point at the demo CDN. The
 * simulators answer with the upstreams' own CDN addresses (Deezer's, Apple's, ...), which
 * cannot be reached offline; the plugins and their simulators stay exactly as their tests know
 * them, and only the addresses that leave the service are mapped, here, in the demo's wiring.
 */
import { CAPABILITIES } from "../../core/operations.ts";
import type { PlaylistDetail, SongUrl } from "../../core/domain.ts";
import type { SourceMethods, SourcePluginDefinition } from "../../core/plugin.ts";

/** The demo CDN address of a song: stable per source and id, so each song keeps its tone. */
export function demoAddress(cdn: string, sourceId: string, songId: string): string {
  return `${cdn}/audio/${encodeURIComponent(sourceId)}/${encodeURIComponent(songId)}.wav`;
}

/** `plugin`, with every address its `url` and `playlist` give mapped to the demo CDN at `cdn`. */
export function withDemoAudio(plugin: SourcePluginDefinition, cdn: string): SourcePluginDefinition {
  return Object.freeze({
    // The spread keeps the brand (an own symbol property), the id, the capabilities and the options.
    ...plugin,
    create(ctx: Parameters<SourcePluginDefinition["create"]>[0]) {
      const methods = plugin.create(ctx) as Partial<SourceMethods>;
      const address = (id: string) => demoAddress(cdn, ctx.sourceId, id);
      // Methods are copied one by one (bound): a plugin may answer a class instance.
      const mapped: Partial<Record<keyof SourceMethods, unknown>> = {};
      for (const capability of CAPABILITIES) {
        const method = methods[capability] as ((...args: unknown[]) => unknown) | undefined;
        if (typeof method === "function") mapped[capability] = method.bind(methods);
      }
      if (methods.url) {
        const url = methods.url.bind(methods);
        mapped.url = async (...args: Parameters<SourceMethods["url"]>): Promise<SongUrl> => {
          const answer = await url(...args);
          return { ...answer, url: address(answer.id) };
        };
      }
      if (methods.playlist) {
        const playlist = methods.playlist.bind(methods);
        mapped.playlist = async (...args: Parameters<SourceMethods["playlist"]>): Promise<PlaylistDetail> => {
          const answer = await playlist(...args);
          return { ...answer, song: answer.song.map((s) => (typeof s.url === "string" ? { ...s, url: address(s.id) } : s)) };
        };
      }
      return mapped as ReturnType<SourcePluginDefinition["create"]>;
    },
  });
}
