/**
 * Public source ids (`source_a`..) bound to plugin instances per config, the disabled list,
 * the lyrics provider, and `/v1/source`: the capability matrix and what each source is.
 */
import { CAPABILITIES, type OperationName, type OperationSet } from "../operations.ts";
import type { Capability, LinkKind, LinkResolver, LyricsProvider, SourceMethods, SourceLookups, SourcePluginDefinition, BudgetOptions } from "@music-aggregator/core";
import { LOOKUPS } from "@music-aggregator/core/host";
import { type SourceInfo } from "../domain.ts";
import { CapabilityError, SourceError } from "../errors.ts";

export interface BoundSource {
  /** the public id, e.g. `source_a` */
  id: string;
  plugin: SourcePluginDefinition;
  /**
   * what is really served: `lyric` is also true when the lyrics provider answers for it, and
   * `match` (the service's) when it has song lookups and another enabled source can search, and
   * `transfer` when it has playlists and another enabled source can search
   */
  capabilities: OperationSet;
  /** the plugin's own methods; absent for a disabled source, which is never constructed */
  methods?: Partial<SourceMethods & SourceLookups & LinkResolver>;
  disabled: boolean;
  /** the tightest request budget the plugin declared for its upstream, if any */
  budget?: BudgetOptions;
}

/** A bound source that serves: its plugin's methods are there. */
export type EnabledSource = BoundSource & { methods: Partial<SourceMethods & SourceLookups & LinkResolver> };

export class SourceRegistry {
  private readonly byId = new Map<string, BoundSource>();
  /** each host whose web links an enabled source understands, and the first such source in config order */
  private readonly byLinkHost = new Map<string, EnabledSource>();

  constructor(
    sources: BoundSource[],
    /** answers `lyric` for sources without lyrics of their own, with its plugin id */
    readonly lyricsProvider?: { id: string; provider: LyricsProvider },
  ) {
    for (const source of sources) this.byId.set(source.id, source);
    for (const source of sources) {
      if (source.disabled) continue;
      for (const host of source.plugin.links?.hosts ?? []) if (!this.byLinkHost.has(host)) this.byLinkHost.set(host, source as EnabledSource);
    }
    // The service matches a source's songs when it can look them up and another source can search.
    // Its playlists, when it has them and another source can search.
    for (const source of sources) {
      const othersSearch = sources.some((other) => other !== source && !other.disabled && other.capabilities.search);
      source.capabilities.match = source.capabilities.song && othersSearch;
      source.capabilities.transfer = source.capabilities.playlist && othersSearch;
    }
  }

  /** Every bound source, disabled ones included, in config order. */
  all(): BoundSource[] {
    return [...this.byId.values()];
  }

  /** Enabled sources, in config order. */
  enabled(): BoundSource[] {
    return this.all().filter((s) => !s.disabled);
  }

  /** Enabled sources that can search, in config order. */
  searchable(): EnabledSource[] {
    return this.enabled().filter((s) => s.capabilities.search) as EnabledSource[];
  }

  /** The hosts whose web links an enabled source understands (`links`), each once, in config order. */
  linkHosts(): string[] {
    return [...this.byLinkHost.keys()];
  }

  /** The first enabled source, in config order, that understands links to `host`. */
  linkSource(host: string): EnabledSource | undefined {
    return this.byLinkHost.get(host);
  }

  /** The page of `sourceId`'s item on its site, where its plugin can make one from the id; else null. */
  pageOf(sourceId: string, kind: LinkKind, id: string): string | null {
    return this.byId.get(sourceId)?.plugin.links?.page?.(kind, id) ?? null;
  }

  /** The enabled source for a request, checked for the operation: 1002, then 1003. */
  use(id: string, operation: OperationName): EnabledSource {
    const source = this.resolve(id);
    if (!source.capabilities[operation]) throw new CapabilityError(id, operation);
    return source;
  }

  /** The enabled source for a request's `source`; 1002 for unknown, disabled or `all`. */
  resolve(id: string): EnabledSource {
    if (id === "all") throw new SourceError("source all is accepted by search only");
    const source = this.byId.get(id);
    if (!source) {
      // Echoed only when it could be an id at all: a long or odd value is the caller's own text.
      const named = /^[a-z][a-z0-9_]{0,31}$/.test(id) ? ` ${id}` : "";
      throw new SourceError(`unknown source${named}; known: ${[...this.byId.keys()].join(", ") || "none"}`);
    }
    if (source.disabled || !source.methods) throw new SourceError(`source ${id} is disabled`);
    return source as EnabledSource;
  }

  capabilityMatrix(): SourceInfo {
    const capability: SourceInfo["capability"] = {};
    const sources: SourceInfo["sources"] = {};
    for (const { id, capabilities, plugin } of this.byId.values()) {
      capability[id] = { ...capabilities };
      sources[id] = {
        name: plugin.name,
        plugin: plugin.id,
        homepage: plugin.homepage ?? null,
        playback: plugin.playback ?? "full",
        attribution: plugin.attribution ?? null,
        links: [...(plugin.links?.hosts ?? [])],
        lookups: LOOKUPS.filter((kind) => plugin.lookups?.[kind] === true),
      };
    }
    return { capability, disable: this.all().filter((s) => s.disabled).map((s) => s.id), sources };
  }
}

/** The capabilities a bound source really serves, given whether a lyrics provider is present. */
export function effectiveCapabilities(declared: Partial<Record<Capability, boolean>>, hasLyricsProvider: boolean): OperationSet {
  // `match` and `transfer` depend on the other sources: the registry sets them.
  const result = { ...Object.fromEntries(CAPABILITIES.map((c) => [c, declared[c] === true])), match: false, transfer: false } as OperationSet;
  if (hasLyricsProvider && result.song) result.lyric = true;
  return result;
}
