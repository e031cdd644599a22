/**
 * Demo mode only: a source plugin whose covers and playable addresses point at the demo CDN.
 * The simulators answer with the upstreams' own CDN addresses (Deezer's, Apple's, ...), which
 * cannot be reached offline; the plugins and their simulators stay exactly as their tests know
 * them, and only the addresses that leave the service are mapped, here, in the demo's wiring.
 * Every answer is walked whole, so a field added later (an alternative's address, say) is
 * mapped too: `cover` and `avatar` become generated images, `url` beside an `id` a tone.
 */
import { CAPABILITIES } from "../../server/engine/operations.ts";
import type { LinkResolver, SourceLookups, SourceMethods, SourcePluginDefinition } from "@music-aggregator/core";
import { LOOKUPS } from "@music-aggregator/core/host";
import { fnv1a } from "./hash.ts";

/** The demo CDN address of a song: stable per source and id, so each song keeps its tone. */
export function demoAddress(cdn: string, sourceId: string, songId: string): string {
  return `${cdn}/audio/${encodeURIComponent(sourceId)}/${encodeURIComponent(songId)}.wav`;
}

/** The demo CDN address standing in for the image at `original`: one picture per original address. */
export function demoCoverAddress(cdn: string, sourceId: string, original: string): string {
  return `${cdn}/cover/${encodeURIComponent(sourceId)}/${fnv1a(original).toString(16)}.svg`;
}

/** `plugin`, with every cover and address its methods answer mapped to the demo CDN at `cdn`. */
export function withDemoAddresses(plugin: SourcePluginDefinition, cdn: string): SourcePluginDefinition {
  return Object.freeze({
    // The spread keeps the brand (an own symbol property), the id, the capabilities and the options.
    ...plugin,
    create(ctx: Parameters<SourcePluginDefinition["create"]>[0]) {
      const methods = plugin.create(ctx) as Partial<SourceMethods & SourceLookups & LinkResolver>;
      // Methods are copied one by one (bound): a plugin may answer a class instance.
      const mapped: Partial<Record<keyof (SourceMethods & SourceLookups & LinkResolver), unknown>> = {};
      for (const name of [...CAPABILITIES, ...LOOKUPS, "resolveLink" as const]) {
        const method = methods[name] as ((...args: unknown[]) => Promise<unknown>) | undefined;
        if (typeof method === "function") mapped[name] = async (...args: unknown[]) => onDemoCdn(await method.apply(methods, args.map((arg) => handingMapped(arg, cdn, ctx.sourceId))), cdn, ctx.sourceId);
      }
      return mapped as ReturnType<SourcePluginDefinition["create"]>;
    },
  });
}

// --- internal ---

/**
 * A call context whose `checkSong` hands the service the song mapped too: the song a `url()`
 * lookup reads becomes the cached `/v1/song` answer, and must show the same covers.
 */
function handingMapped(arg: unknown, cdn: string, sourceId: string): unknown {
  const check = (arg as { checkSong?: unknown } | null)?.checkSong;
  if (typeof check !== "function") return arg;
  return { ...(arg as object), checkSong: (song: unknown) => check(onDemoCdn(song, cdn, sourceId)) };
}

const IMAGE_FIELDS = new Set(["cover", "avatar"]);

/** `value` with every image field and every song's `url` on the demo CDN; nothing else changes. */
function onDemoCdn(value: unknown, cdn: string, sourceId: string): unknown {
  if (Array.isArray(value)) return value.map((item) => onDemoCdn(item, cdn, sourceId));
  if (value === null || typeof value !== "object") return value;
  const object = value as Record<string, unknown>;
  const source = typeof object.source === "string" ? object.source : sourceId;
  return Object.fromEntries(
    Object.entries(object).map(([key, field]) => {
      if (typeof field === "string" && IMAGE_FIELDS.has(key)) return [key, demoCoverAddress(cdn, source, field)];
      if (typeof field === "string" && key === "url" && typeof object.id === "string") return [key, demoAddress(cdn, source, object.id)];
      return [key, onDemoCdn(field, cdn, source)];
    }),
  );
}
