/**
 * `/v1/resolve` (docs/decisions.md, "Links and identifiers"): the item a web link names and its
 * copies elsewhere. The link is checked first (`links/web-link.ts`), then read by the plugin of
 * its host (`links.link`: from the address alone; Audius' through its resolve API, cached). A
 * song's copies are `/v1/match`'s, through its cache; an album's are `AlbumCopies`'; an artist
 * or a playlist has none. The answer is kept as long as a match (an album's, an artist's, a
 * playlist's), so asking again costs nothing; one a source failed for is not kept: it is made
 * again from the parts its cache holds (they know how long a failure or a client's spent share
 * may be kept), and the failed source is asked again.
 */
import { inject, injectable } from "tsyringe";
import { InputError, NotFoundError, type AlbumDetail, type CachedAnswer, type LinkTarget, type ResponseCache, Tokens } from "@music-aggregator/core";
import { cacheKey } from "../cache/response-cache.ts";
import type { AppConfig } from "../config.ts";
import type { Copy, MatchResult, ResolveResult } from "../domain.ts";
import { webLink } from "../links/web-link.ts";
import { SourceAndId, type ResolveParams } from "../params.ts";
import { LINK_KINDS } from "@music-aggregator/core/host";
import { SourceRegistry, type EnabledSource } from "../sources/source-registry.ts";
import { AlbumCopies } from "./album-copies.ts";
import { MatchService } from "./match-service.ts";
import { SourceCalls } from "./source-calls.ts";

/** A playlist link answers its first page, of this many songs (`/v1/playlist`'s default). */
const PLAYLIST_PAGE = 50;

/** What one kind of item resolves to, before it is kept. */
interface Resolved {
  result: ResolveResult;
  /** a part was answered by the upstream (not the cache), or failed */
  fresh: boolean;
}

@injectable()
export class ResolveService {
  constructor(
    @inject(Tokens.ResponseCache) private readonly cache: ResponseCache,
    @inject(Tokens.Config) private readonly config: AppConfig,
    @inject(SourceRegistry) private readonly registry: SourceRegistry,
    @inject(SourceCalls) private readonly calls: SourceCalls,
    @inject(MatchService) private readonly matches: MatchService,
    @inject(AlbumCopies) private readonly albumCopies: AlbumCopies,
  ) {}

  /** `/v1/resolve` of a link: 1001 before any plugin sees a link it should not, 1003 for a kind its source does not serve, 3001 for an item that does not exist. */
  async resolve({ url: text }: ResolveParams, signal?: AbortSignal): Promise<CachedAnswer> {
    const url = webLink(text, this.registry.linkHosts());
    const source = this.registry.linkSource(url.hostname)!;
    const started = performance.now();
    const { target, cost: linkCost } = await this.targetOf(source, url, signal);
    let made: Resolved | undefined;
    const ttl = this.config.cache.ttl[target.kind === "song" ? "match" : target.kind];
    const answer = await this.cache.fetch(
      cacheKey(`resolve:${source.id}`, { kind: target.kind, id: target.id }),
      { ttl: (value) => ((value as ResolveResult).failed.length ? 0 : ttl) },
      async (loadSignal) => {
        made = await this.compose(source, target, loadSignal);
        return made.result;
      },
      signal,
    );
    const fresh = linkCost > 0 || made?.fresh === true;
    if (!made && !fresh) return answer;
    const cost = fresh ? Math.max(1, Math.round(performance.now() - started)) : 0;
    return { ...answer, cost, status: cost > 0 ? "miss" : "hit" };
  }

  // --- internal ---

  /**
   * What the link names: read by its plugin from the address, or asked of the upstream where the
   * plugin says so (cached; its cost). A kind of page the source's API does not serve (an Apple
   * Music playlist) is 1003 before anything is asked.
   */
  private async targetOf(source: EnabledSource, url: URL, signal?: AbortSignal): Promise<{ target: LinkTarget; cost: number }> {
    const links = source.plugin.links!;
    let read: ReturnType<typeof links.link>;
    try {
      read = links.link(url);
    } catch {
      read = undefined;
    }
    // A plugin's reading is checked like a caller's id: a known kind, an id /v1 would take.
    if (!read || !LINK_KINDS.includes(read.kind) || ("id" in read && !isId(read.id))) {
      throw new InputError(`parameter url: this ${source.plugin.name} link names no song, album, artist or playlist page; links to ${this.registry.linkHosts().join(", ")} are understood`);
    }
    this.registry.use(source.id, read.kind);
    if (!("resolve" in read)) return { target: read, cost: 0 };
    const found = await this.calls.resolveLink(source, url, read.kind, signal);
    const { id } = JSON.parse(found.json) as { id: unknown };
    if (!isId(id)) throw new NotFoundError(`${source.plugin.name} resolved the link to no ${read.kind} id`);
    return { target: { kind: read.kind, id }, cost: found.cost };
  }

  private async compose(source: EnabledSource, { kind, id }: LinkTarget, signal: AbortSignal): Promise<Resolved> {
    const params = { source: source.id, id };
    if (kind === "song" && source.capabilities.match) {
      const matched = await this.matches.matches(source.id, id, signal);
      const { song, matches, failed } = JSON.parse(matched.json) as MatchResult;
      const copies: Copy[] = matches.map(({ song: copy, confidence, reason }) => ({ source: copy.source, id: copy.id, link: this.registry.pageOf(copy.source, "song", copy.id), confidence, reason }));
      return { result: { kind, item: song, copies, failed }, fresh: matched.cost > 0 };
    }
    if (kind === "album") {
      const found = await this.calls.call(source, "album", params, signal);
      const album = JSON.parse(found.json) as AlbumDetail;
      const copies = await this.albumCopies.find(source, album, signal);
      return { result: { kind, item: album, copies: copies.copies, failed: copies.failed }, fresh: found.cost > 0 || copies.fresh };
    }
    const found =
      kind === "playlist"
        ? await this.calls.call(source, "playlist", { ...params, page: 1, size: PLAYLIST_PAGE, quality: "standard", with_url: false, fallback: false }, signal)
        : await this.calls.call(source, kind, params, signal);
    return { result: { kind, item: JSON.parse(found.json), copies: [], failed: [] }, fresh: found.cost > 0 };
  }
}

/** Whether `id` is one `/v1` takes (the `id` parameter's own schema). */
function isId(id: unknown): id is string {
  return SourceAndId.shape.id.safeParse(id).success;
}
