/**
 * Plugin contracts. A plugin folder default-exports a definition made by one of the
 * `define*` helpers; metadata (id, API version, capabilities, options) is separate from
 * `create()`, so the registry and `/v1/source` never construct a plugin to describe it.
 */
import type { z } from "zod";
import type {
  AlbumDetail,
  ArtistDetail,
  Lyric,
  PlaylistDetail,
  Quality,
  RankDetail,
  RankList,
  SearchResult,
  Song,
  SongDetail,
  SongUrl,
} from "./domain.ts";
import type { Logger } from "./logger.ts";
import type { ServiceOf } from "./tokens.ts";

/** Marks a definition as made by this core, across copies of the package. */
export const PLUGIN_BRAND = Symbol.for("music-aggregator.plugin");
/** Bumped when a plugin contract changes incompatibly. */
export const PLUGIN_API_VERSION = 1;

export type PluginKind = "source" | "lyrics" | "share";

/** Core services a plugin may ask for, by DI token (see `core/tokens.ts`). */
export type PluginDeps = Record<string, symbol>;

/** What `create()` receives. */
export interface PluginContext<Options, Deps extends PluginDeps> {
  /** options validated against the plugin's schema (defaults applied) */
  options: Options;
  /** the core services named in `deps`, resolved from the container */
  deps: { [K in keyof Deps]: ServiceOf<Deps[K]> };
  /** logger scoped to this plugin instance */
  log: Logger;
}

export interface SourcePluginContext<Options, Deps extends PluginDeps> extends PluginContext<Options, Deps> {
  /** the public id this instance answers as (`source_a`..): stamp it on every `source` field */
  sourceId: string;
}

/**
 * Per-call context. The signal aborts the call when its operation's deadline passes or when
 * nobody waits for the answer any more: pass it to every upstream request.
 */
export interface CallContext {
  signal?: AbortSignal;
}

/**
 * What `url()` receives. `checkSong` takes the song as the lookup for its address read it:
 * call it before asking the upstream for anything more (a stream address, say). It throws
 * `PaidContentError` (3002) for a VIP song and `NotFoundError` (3001) for one that is not
 * available, and the core keeps the detail as the song's answer, so that one upstream lookup
 * serves both (docs/decisions.md (Sources)). It is absent when the plugin is called outside
 * the core; a plugin that never calls it has its song looked up apart.
 */
export interface UrlContext extends CallContext {
  checkSong?(detail: SongDetail): void;
}

export interface SearchQuery {
  q: string;
  page: number;
  size: number;
}

export interface PlaylistQuery {
  page: number;
  size: number;
  /**
   * Set when the caller wants every track's playable address at this quality (`with_url=1`).
   * A plugin whose upstream answer already carries addresses hands them over in bulk: it sets
   * `url` on a track to its address (docs/decisions.md (Sources) quality fallback applies), or to null when the
   * track has none. A track left without `url` is looked up through `url()` by the core,
   * within a fair share of the source's budget.
   */
  urls?: Quality;
}

/** One method per capability. Each throws core errors (`NotFoundError`, `UpstreamError`, ...). */
export interface SourceMethods {
  search(query: SearchQuery, ctx: CallContext): Promise<SearchResult>;
  song(id: string, ctx: CallContext): Promise<SongDetail>;
  url(id: string, quality: Quality, ctx: UrlContext): Promise<SongUrl>;
  lyric(id: string, ctx: CallContext): Promise<Lyric>;
  album(id: string, ctx: CallContext): Promise<AlbumDetail>;
  artist(id: string, ctx: CallContext): Promise<ArtistDetail>;
  playlist(id: string, query: PlaylistQuery, ctx: CallContext): Promise<PlaylistDetail>;
  /** without an id: the list of charts; with one: that chart and its songs */
  rank(id: string | undefined, ctx: CallContext): Promise<RankList | RankDetail>;
}

/**
 * Look-ups by a recording's identifier that a source may offer beside its capabilities: the
 * service calls them through its cache, within the source's budget, to find the copies of a
 * recording whose ISRC it knows (`/v1/match`, `fallback=1`); no `/v1` operation is one of them.
 * Declared in `lookups`, each backed by the method of its name that `create()` returns.
 */
export interface SourceLookups {
  /** The source's songs of one ISRC (plain form: 12 characters), each with its `isrc`; [] when it has none. One upstream call. */
  isrc(isrc: string, ctx: CallContext): Promise<Song[]>;
  /**
   * The source's albums of one barcode (plain form, `normalUpc`: digits, no leading zeros), each
   * with its `upc` (`upcField`) and its songs; [] when it has none. As few upstream calls as it can.
   */
  upc(upc: string, ctx: CallContext): Promise<AlbumDetail[]>;
}
export type Lookup = keyof SourceLookups;
export const LOOKUPS: readonly Lookup[] = ["isrc", "upc"];

/** What a web link of a source names. */
export type LinkKind = "song" | "album" | "artist" | "playlist";
export const LINK_KINDS: readonly LinkKind[] = ["song", "album", "artist", "playlist"];

/** The item a web link names: its kind and the source's id of it, as `/v1/song` (…) takes it. */
export interface LinkTarget {
  kind: LinkKind;
  id: string;
}

/**
 * The web links of a source's pages (`/v1/resolve`). The service checks a link before `link`
 * sees it: http or https, exactly one of `hosts`, no user name, password or port, no encoded
 * separators or backslashes, at most 2048 characters. No link is ever fetched: `link` reads the
 * id from the address alone; where only the upstream can tell (Audius' `/{handle}/{slug}`), it
 * answers `{ kind, resolve: true }` and the instance's `resolveLink` asks the upstream's API.
 */
export interface SourceLinks {
  /** the hosts of the source's pages, lower-case ASCII (`www.deezer.com`; an IDN as its `xn--` form) */
  hosts: readonly string[];
  /** The item `url` names, or undefined when it is no page of an item (a home page, a search). Pure: no I/O. */
  link(url: URL): LinkTarget | { kind: LinkKind; resolve: true } | undefined;
  /** The page of an item, for the copies `/v1/resolve` answers; undefined when an id alone cannot make one. */
  page?(kind: LinkKind, id: string): string | undefined;
  /** true when `link` may answer `resolve`: `create()` then returns `resolveLink` */
  resolves?: boolean;
}

/** What `create()` returns beside the methods when `links.resolves` is true. */
export interface LinkResolver {
  /** The id of the item `url` names (of that `kind`), by one call to the upstream's API; `NotFoundError` when it names none. */
  resolveLink(url: URL, kind: LinkKind, ctx: CallContext): Promise<string>;
}

/** The capabilities a source plugin declares, each backed by a method. */
export type Capability = keyof SourceMethods;
/** Every capability, in the order of the capability matrix. */
export const CAPABILITIES: readonly Capability[] = ["search", "song", "url", "lyric", "album", "artist", "playlist", "rank"];
export type CapabilitySet = Record<Capability, boolean>;

/** The methods of exactly the declared capabilities (any of them when not known statically). */
export type SourceInstance<C extends Partial<CapabilitySet>> = Partial<CapabilitySet> extends C
  ? Partial<SourceMethods>
  : { [K in Capability as C[K] extends true ? K : never]: SourceMethods[K] };

interface BaseDefinition<Kind extends PluginKind, Options, Deps extends PluginDeps> {
  readonly [PLUGIN_BRAND]: true;
  kind: Kind;
  apiVersion: number;
  /** kebab-case, unique among plugins of its kind */
  id: string;
  /** human-readable name */
  name: string;
  options: z.ZodType<Options, any>;
  deps: Deps;
}

export interface SourcePluginDefinition<
  Options = any,
  Deps extends PluginDeps = PluginDeps,
  C extends Partial<CapabilitySet> = Partial<CapabilitySet>,
> extends BaseDefinition<"source", Options, Deps> {
  capabilities: C;
  /**
   * `false` when a song's `album` names a container rather than a published release (the
   * Internet Archive's items: a concert, a tape, a 78), so that it is not sent where a release
   * title is expected (the lyrics lookup). Default true.
   */
  albumsAreReleases?: boolean;
  /** how the core pages this source's search; see `SearchPaging` */
  searchPaging?: Partial<SearchPaging>;
  /**
   * What the source's public addresses are: whole songs, or preview clips. An all-search shows
   * a recording found on several sources by its full-length copy first, and `fallback=1`
   * answers a preview with a full-length copy when one plays.
   * @default "full"
   */
  playback?: "full" | "preview";
  /**
   * Who stands behind the ISRCs of this source's songs: `"vouched"` for a catalogue delivered
   * by the labels and distributors that own the recordings (Deezer, iTunes), `"uploader"` where
   * they are whatever an uploader typed (Audius, the Internet Archive, Jamendo). Equal ISRCs of
   * two vouching sources are one recording whatever else the songs say; an uploader's ISRC is a
   * hint that counts only when title, version, a primary artist and the length agree too, so
   * an upload cannot claim another recording's ISRC to be matched to it, or played for it.
   * @default "uploader": an ISRC nobody vouches for must not decide what plays.
   */
  isrcs?: IsrcOrigin;
  /**
   * The address of this source's picture `url` at about `px` pixels square, where its upstream
   * renders pictures at the size its address names (a player asking for a thumbnail gets one);
   * undefined, or absent, where it does not: the address is used as it is.
   */
  coverAt?(url: string, px: number): string | undefined;
  /** the look-ups by identifier it offers (`SourceLookups`), each backed by its method */
  lookups?: Partial<Record<Lookup, boolean>>;
  /** the web links of its pages it turns into ids (`SourceLinks`) */
  links?: SourceLinks;
  /** The upstream's own home page (an http(s) address), for players to link its name to. */
  homepage?: string;
  /**
   * The credit the upstream asks whoever shows its data to give ("Provided courtesy of
   * iTunes"): `/v1/source` passes it on, for players to show beside its songs.
   */
  attribution?: string;
  create(ctx: SourcePluginContext<Options, Deps>): SourceInstance<C> & Partial<SourceLookups> & Partial<LinkResolver>;
}

/** Who stands behind a source's ISRCs (`SourcePluginDefinition.isrcs`). */
export type IsrcOrigin = "vouched" | "uploader";

/** A source's `isrcs`, its default filled in. */
export function isrcsOf(plugin: Pick<SourcePluginDefinition, "isrcs">): IsrcOrigin {
  return plugin.isrcs ?? "uploader";
}

/** How the core pages a source's search (docs/decisions.md, "Search paging"). */
export interface SearchPaging {
  /**
   * The most songs one upstream call answers for a query. The core asks for that many once
   * (`page` 1, `size` = window), keeps them, and merges all-searches from them.
   * @default 50
   */
  window: number;
  /**
   * Whether the upstream pages by offset and tells the exact total. Then the pages of this
   * source's own search are asked of it page by page, with its total. Else (an upstream with
   * no grand total) they are cut from the window, and `total` counts the window's songs.
   * @default true
   */
  exactTotal: boolean;
}

/** A source's search paging, defaults filled in. */
export function searchPagingOf(plugin: Pick<SourcePluginDefinition, "searchPaging">): SearchPaging {
  return { window: plugin.searchPaging?.window ?? 50, exactTotal: plugin.searchPaging?.exactTotal ?? true };
}

/** A song to find lyrics for, as the lyrics provider receives it. */
export interface LyricsLookup {
  name: string;
  artist: string[];
  album: string;
  /** whole seconds */
  duration: number;
}

export interface LyricsProvider {
  /** LRC text for that song; throws `NotFoundError` when there is none (never another song's). */
  find(song: LyricsLookup, ctx: CallContext): Promise<{ lyric: string; translation: string | null }>;
}

export interface LyricsPluginDefinition<Options = any, Deps extends PluginDeps = PluginDeps>
  extends BaseDefinition<"lyrics", Options, Deps> {
  create(ctx: PluginContext<Options, Deps>): LyricsProvider;
}

/** A share, as parsed from what the caller sent (never a URL to fetch). */
export interface ShareRef {
  /** the short code, with its leading `1` */
  shortCode: string;
  /** extract code, 4 letters or digits, when one was given */
  pwd?: string;
}

/** A file entry of a listing (docs/decisions.md (/api)). */
export interface ShareFile {
  fs_id: string;
  server_filename: string;
  path: string;
  isdir: 0 | 1;
  size: number;
  md5: string;
  category: number;
  server_ctime: number;
  server_mtime: number;
}

export interface ShareListing {
  uk: number;
  shareid: number;
  randsk: string;
  list: ShareFile[];
}

export interface ShareBackend {
  /** Parses a share link or bare short code; throws `InputError` for anything else. */
  parse(surl: string, pwd?: string): ShareRef;
  /**
   * Lists one directory of the share (`/` for its root). Throws `NotFoundError` (share or
   * directory), `AccessError` (extract code needed or wrong), `UnavailableError` (expired,
   * blocked), `UpstreamError` (with `upstreamStatus` 429 for the host's own rate limit).
   */
  list(share: ShareRef, dir: string, ctx: CallContext): Promise<ShareListing>;
}

export interface SharePluginDefinition<Options = any, Deps extends PluginDeps = PluginDeps>
  extends BaseDefinition<"share", Options, Deps> {
  create(ctx: PluginContext<Options, Deps>): ShareBackend;
}

export type AnyPluginDefinition = SourcePluginDefinition | LyricsPluginDefinition | SharePluginDefinition;

type Unbranded<T> = Omit<T, typeof PLUGIN_BRAND | "kind" | "apiVersion" | "deps"> & { deps?: PluginDeps };

/**
 * Defines a source plugin. `capabilities` is data; `create()` must return exactly one method
 * per capability declared true (checked at load time and again when instantiated).
 */
export function defineSourcePlugin<Options, const Deps extends PluginDeps, const C extends Partial<CapabilitySet>>(
  definition: Unbranded<SourcePluginDefinition<Options, Deps, C>> & { deps?: Deps },
): SourcePluginDefinition<Options, Deps, C> {
  return brand("source", definition) as SourcePluginDefinition<Options, Deps, C>;
}

/** Defines a lyrics provider: finds LRC lyrics for songs of sources without their own. */
export function defineLyricsPlugin<Options, const Deps extends PluginDeps>(
  definition: Unbranded<LyricsPluginDefinition<Options, Deps>> & { deps?: Deps },
): LyricsPluginDefinition<Options, Deps> {
  return brand("lyrics", definition) as LyricsPluginDefinition<Options, Deps>;
}

/** Defines a share backend for the `/api` share-listing service. */
export function defineSharePlugin<Options, const Deps extends PluginDeps>(
  definition: Unbranded<SharePluginDefinition<Options, Deps>> & { deps?: Deps },
): SharePluginDefinition<Options, Deps> {
  return brand("share", definition) as SharePluginDefinition<Options, Deps>;
}

// --- internal ---

function brand(kind: PluginKind, definition: object) {
  return Object.freeze({
    deps: {},
    ...definition,
    kind,
    apiVersion: PLUGIN_API_VERSION,
    [PLUGIN_BRAND]: true as const,
  });
}
