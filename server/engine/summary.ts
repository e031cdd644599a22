/** What a started service has in force, in a few log lines: each source and its plugin, lyrics, share, cache, store. */
import type { AppConfig } from "./config.ts";
import { redactRedisUrl } from "./redis/redact.ts";
import { memoryBounds } from "./cache/answer-store.ts";
import type { SourceRegistry } from "./sources/source-registry.ts";

export function activeSummary(config: AppConfig, registry: SourceRegistry, shareBackend: string | undefined): string[] {
  const sources = registry.all().map((s) => `${s.id} → ${s.plugin.id}${s.disabled ? " (disabled)" : ""}`);
  const redis = config.store.redis ? redactRedisUrl(config.store.redis) : undefined;
  return [
    `sources: ${sources.join(", ") || "none"}`,
    `lyrics provider: ${registry.lyricsProvider?.id ?? "none"}; share backend: ${shareBackend ?? "none"}`,
    `cache: ${config.cache.driver}${config.cache.driver === "redis" ? " behind memory" : ""} (in memory at most ${config.cache.max} entries, ${mib(memoryBounds(config).maxBytes)}); ` +
      `store: ${redis ? `redis ${redis} (prefix ${config.store.prefix})` : "memory"}; ` +
      `rate limit: ${config.rateLimit.points} per ${config.rateLimit.duration} s per client`,
  ];
}

function mib(bytes: number): string {
  return `${Math.round(bytes / 104857.6) / 10} MiB`;
}
