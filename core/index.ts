/**
 * The public API for plugin authors: contracts and `define*` helpers, domain schemas,
 * errors, DI tokens and the types of the core services a plugin can ask for.
 */
export * from "./plugin.ts";
export * from "./domain.ts";
export * from "./errors.ts";
export { Tokens, type TokenTypes, type ServiceOf } from "./tokens.ts";
export type { UpstreamClient, UpstreamClientFactory, UpstreamClientOptions, UpstreamRequest, UpstreamResponse } from "./http/upstream-client.ts";
export type { ResponseCache, CachePolicy } from "./cache/response-cache.ts";
export type { Logger } from "./logger.ts";
export { VERSION, DEFAULT_USER_AGENT } from "./config.ts";
