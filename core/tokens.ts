/**
 * The dependency-injection tokens of the services a plugin may ask for: a plugin names them in
 * its `deps` and receives the services, typed by `TokenTypes` (interfaces, never classes), in
 * `create()`. The service's own tokens are the service's.
 */
import type { Logger as LoggerService } from "./logger.ts";
import type { KeyValueStorage, PluginConfig, ResponseCache as ResponseCacheService, UpstreamClientFactory } from "./services.ts";

const Config: unique symbol = Symbol.for("music.config");
const Logger: unique symbol = Symbol.for("music.logger");
const StorageToken: unique symbol = Symbol.for("music.storage");
const ResponseCache: unique symbol = Symbol.for("music.response-cache");
const Http: unique symbol = Symbol.for("music.http");

export const Tokens = {
  /** the validated config; a plugin sees its `PluginConfig` part */
  Config,
  /** `Logger` */
  Logger,
  /** a `KeyValueStorage` of the plugin's own, in the service's store (memory, or Redis when configured): its keys apart from every other's */
  Storage: StorageToken,
  /** `ResponseCache`: lifetimes, single-flight, negative and stale answers */
  ResponseCache,
  /** `UpstreamClientFactory`: plugins build their HTTP client with it */
  Http,
} as const;

/** The services a plugin can ask for in `deps`, by token. */
export interface TokenTypes {
  [Config]: PluginConfig;
  [Logger]: LoggerService;
  [StorageToken]: KeyValueStorage;
  [ResponseCache]: ResponseCacheService;
  [Http]: UpstreamClientFactory;
}

/** The service a token stands for (`unknown` for a token plugins are not given a type for). */
export type ServiceOf<T> = T extends keyof TokenTypes ? TokenTypes[T] : unknown;
