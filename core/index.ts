/**
 * `@music-aggregator/core`: everything a plugin uses, and nothing else. Plugins (bundled or
 * third-party) import only this module; `@music-aggregator/core/testing` holds the contract
 * suite and the upstream simulator for their tests.
 */

/** One zod for everyone: plugin schemas and the core's are made by the same copy. */
export { z } from "zod";

// Plugin contracts and the define* helpers.
export * from "./plugin.ts";
// The /v1 domain: zod schemas and their types; the capabilities and their operations.
export * from "./domain.ts";
export {
  CAPABILITIES,
  OPERATIONS,
  OPERATION_NAMES,
  type Capability,
  type CapabilitySet,
  type Operation,
  type OperationName,
  type OperationSet,
  type ServiceOperation,
  type SourceOperation,
} from "./operations.ts";
// The error model: throw these; the server maps them to codes and statuses.
export * from "./errors.ts";
// Services a plugin can ask for in `deps`, as interfaces, and their tokens.
export type * from "./services.ts";
export type { Logger, LogFields } from "./logger.ts";
export { Tokens, type TokenTypes, type ServiceOf } from "./tokens.ts";
export { VERSION, DEFAULT_USER_AGENT } from "./version.ts";
// Mapping helpers for upstream answers: durations, dates, images, paging, qualities, expiries, previews.
export { wholeSeconds, wireDuration, type DurationUnit } from "./mapping/duration.ts";
export { publishDate } from "./mapping/publish-date.ts";
export { firstImage } from "./mapping/images.ts";
export { offsetOf, hasMoreAfter } from "./mapping/paging.ts";
export { pickQuality } from "./mapping/quality.ts";
export { expiryFromUrl } from "./mapping/expiry.ts";
export { readUpstreamAnswer } from "./upstream-answer.ts";
export { jsonLimitProblem, DEFAULT_JSON_LIMITS, type JsonLimits } from "./json-limits.ts";
export { previewAddress } from "./mapping/preview.ts";
export { pageLink } from "./mapping/links.ts";
export { isrcField } from "./mapping/isrc.ts";
export { sleep } from "./sleep.ts";
export { mapWithConcurrency, runWithConcurrency } from "./concurrency.ts";
