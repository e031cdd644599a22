/**
 * `@music-aggregator/core`: everything a plugin uses, and nothing else. Plugins (bundled or
 * third-party) import only this module; `@music-aggregator/core/testing` holds the contract
 * suite and the upstream simulator for their tests.
 */

/** One zod for everyone: plugin schemas and the core's are made by the same copy. */
export { z } from "zod";

// Plugin contracts and the define* helpers.
export {
  defineSourcePlugin,
  defineLyricsPlugin,
  defineSharePlugin,
  type PluginKind,
  type PluginDeps,
  type PluginContext,
  type SourcePluginContext,
  type CallContext,
  type UrlContext,
  type SearchQuery,
  type PlaylistQuery,
  type SourceMethods,
  type SourceLookups,
  type Lookup,
  type LinkKind,
  type LinkTarget,
  type SourceLinks,
  type LinkResolver,
  type Capability,
  type CapabilitySet,
  type SourceInstance,
  type SourcePluginDefinition,
  type SearchPaging,
  type IsrcOrigin,
  type LyricsLookup,
  type LyricsProvider,
  type LyricsPluginDefinition,
  type ShareRef,
  type ShareFile,
  type ShareListing,
  type ShareBackend,
  type SharePluginDefinition,
  type AnyPluginDefinition,
} from "./plugin.ts";
// The /v1 domain a plugin answers: zod schemas and their types.
export {
  Quality,
  Song,
  SongDetail,
  SongUrl,
  Lyric,
  AlbumDetail,
  ArtistDetail,
  PlaylistSong,
  PlaylistDetail,
  RankItem,
  RankDetail,
  RankList,
  SearchResult,
} from "./domain.ts";
// The error model: throw these; the server maps them to codes and statuses.
export {
  ServiceError,
  upstreamText,
  InputError,
  UpstreamTimeoutError,
  UpstreamError,
  UpstreamParseError,
  NotFoundError,
  PaidContentError,
  AccessError,
  UnavailableError,
  isServiceError,
  isKind,
  toServiceError,
  loggedMessage,
  type ErrorKind,
  type ServiceErrorOptions,
  type ServiceErrorLike,
} from "./errors.ts";
// Services a plugin can ask for in `deps`, as interfaces, and their tokens.
export type * from "./services.ts";
export type { Logger, LogFields } from "./logger.ts";
export { Tokens, type TokenTypes, type ServiceOf } from "./tokens.ts";
export { DEFAULT_USER_AGENT } from "./version.ts";
// Mapping helpers for upstream answers: durations, dates, images, paging, qualities, expiries, previews.
export { wholeSeconds, wireDuration, type DurationUnit } from "./mapping/duration.ts";
export { publishDate } from "./mapping/publish-date.ts";
export { firstImage, squareAt } from "./mapping/images.ts";
export { offsetOf, hasMoreAfter } from "./mapping/paging.ts";
export { pickQuality } from "./mapping/quality.ts";
export { expiryFromUrl } from "./mapping/expiry.ts";
export { readUpstreamAnswer } from "./upstream-answer.ts";
export { jsonLimitProblem, type JsonLimits } from "./json-limits.ts";
export { previewAddress } from "./mapping/preview.ts";
export { pageLink } from "./mapping/links.ts";
export { isrcField } from "./mapping/isrc.ts";
export { upcField, upcDigits } from "./mapping/upc.ts";
// Names from outside: their bound, and reading a title's tags from its end in linear time.
export { MAX_NAME_LENGTH, clipName } from "./text-limits.ts";
export { spaceBefore, trailingBracket, spacedDash } from "./title-tail.ts";
export { sleep } from "./sleep.ts";
export { mapWithConcurrency } from "./concurrency.ts";
