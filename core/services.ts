/**
 * The core services a plugin can ask for in `deps`, as interfaces: what a plugin may rely on,
 * whatever class implements it (`Tokens` in `tokens.ts` names them).
 */
import type { z } from "zod";

/** What a plugin may read of the service's validated config (`Tokens.Config`): the upstream defaults. */
export interface PluginConfig {
  readonly upstream: {
    /** longest wait for one source operation, milliseconds */
    readonly timeoutMs: number;
    /** retries of idempotent GETs after a fast failure */
    readonly retries: number;
    /** largest upstream answer read, bytes */
    readonly maxBodyBytes: number;
    /** the User-Agent upstream requests carry */
    readonly userAgent: string;
  };
}

/**
 * A key-value store (`Tokens.Storage`, `Tokens.StatsStorage`): the part of the service's
 * unstorage `Storage` a plugin may rely on, so that the kit's types need no unstorage.
 */
export interface KeyValueStorage {
  hasItem(key: string): Promise<boolean>;
  getItem<T = unknown>(key: string): Promise<T | null>;
  setItem(key: string, value: unknown, options?: { ttl?: number }): Promise<void>;
  removeItem(key: string): Promise<void>;
  getKeys(base?: string): Promise<string[]>;
}

/** At most `requests` per `windowMs` to one upstream: its published rate limit. */
export interface BudgetOptions {
  requests: number;
  windowMs: number;
  /**
   * The limit is the upstream's per client, whatever number of instances the service runs
   * (MusicBrainz' one request per second): the instances that share a store (Redis) share the
   * budget, its requests spread evenly (one every `windowMs / requests`). Without a shared
   * store, or while it is down, each process keeps the budget alone.
   * @default false
   */
  shared?: boolean;
}

export interface UpstreamClientOptions {
  /** names the upstream in error messages, e.g. "Deezer" */
  name: string;
  baseURL: string;
  /**
   * Longest wait for one request, milliseconds; default config `upstream.timeoutMs`. The
   * caller's signal (the operation's deadline) can only shorten it.
   */
  timeoutMs?: number;
  /** further attempts after a fast failure (refused, reset, 502/503/504, 429 with a short Retry-After); default config `upstream.retries` */
  retries?: number;
  /** largest answer read, bytes: size it to what the upstream really sends; default and ceiling config `upstream.maxBodyBytes` */
  maxBodyBytes?: number;
  /** deepest nesting and most values of a JSON answer, checked before it is parsed (2003 past them); default 64 and 250,000 */
  jsonLimits?: { maxDepth?: number; maxValues?: number };
  userAgent?: string;
  headers?: Record<string, string>;
  budget?: BudgetOptions;
  /** hosts besides `baseURL`'s that redirects may lead to (a CDN, say); default none */
  redirectHosts?: readonly string[];
}

export interface UpstreamRequest {
  method?: "GET" | "POST";
  /** an array value repeats the parameter (`fl[]=a&fl[]=b`) */
  query?: Record<string, string | number | boolean | undefined | readonly (string | number)[]>;
  /** form fields, sent as application/x-www-form-urlencoded */
  form?: Record<string, string | number>;
  headers?: Record<string, string>;
  /** aborts the request: the operation's deadline, or nobody waiting any more */
  signal?: AbortSignal;
  /** retry fast failures; default true for GET */
  idempotent?: boolean;
}

export interface UpstreamResponse {
  status: number;
  headers: Headers;
  text: string;
  /** parses the body as JSON; an unreadable body is a `parse` error (2003) */
  json<T = unknown>(): T;
}

export interface GetJsonOptions {
  query?: UpstreamRequest["query"];
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** an HTTP 404 means "no such thing" (3001) rather than an upstream failure (2002) */
  notFound?: boolean;
}

/** An HTTP client bound to one upstream. Failures are core errors: 2001 timeout, 2002 upstream, 2003 parse. */
export interface UpstreamClient {
  readonly name: string;
  /**
   * Sends a request. Refused or reset connections, 502/503/504 and 429 are retried (idempotent
   * requests, inside the deadline) and then thrown as 2002; other statuses are returned, so
   * the plugin can map them (a 404 may be a miss).
   */
  request(path: string, request?: UpstreamRequest): Promise<UpstreamResponse>;
  /**
   * GETs `path` and reads the JSON answer with `schema`: a transport failure is 2001/2002, a
   * status of 400 or more 2002 (404 is 3001 with `notFound`), a body that is not JSON or not
   * of the schema's shape 2003, naming the first bad field.
   */
  getJson<S extends z.ZodType>(path: string, schema: S, options?: GetJsonOptions): Promise<z.output<S>>;
}

/** Builds upstream clients with the configured defaults; plugins receive it as `deps.http`. */
export interface UpstreamClientFactory {
  create(options: UpstreamClientOptions): UpstreamClient;
}

export interface CachePolicy {
  /** lifetime in seconds; a function may derive it from the answer (e.g. a url's expiry) */
  ttl: number | ((value: unknown) => number);
  /** keep the answer past its lifetime to stand in when the upstream fails (default true) */
  keepStale?: boolean;
  /** remember a "not found" for the configured time (default true) */
  cacheMisses?: boolean;
}

export interface CachedAnswer {
  /** the answer as JSON text */
  json: string;
  /** upstream milliseconds spent on it; 0 when it came from cache */
  cost: number;
  /** "hit", "miss", "stale" (an expired answer served because the upstream failed) */
  status: "hit" | "miss" | "stale";
  /**
   * the end of the cached answer's fresh life, epoch milliseconds (a hit's, a miss's just
   * stored, a stale answer's past one); absent when the answer is not one cached answer
   */
  expiresAt?: number;
  /** how long after `expiresAt` the cache may still answer it when the upstream fails, seconds */
  staleSeconds?: number;
}

/** Cached answers with single-flight loads, brief "not found" memory and stale stand-ins. */
export interface ResponseCache {
  /**
   * The answer for `key`: from cache when fresh, else from `load`, one load per key at a time.
   * `load` gets a signal that aborts when nobody waits for the answer any more; `signal`
   * ends this caller's wait only, never the shared load.
   */
  fetch(key: string, policy: CachePolicy, load: (signal: AbortSignal) => Promise<unknown>, signal?: AbortSignal): Promise<CachedAnswer>;
  /** The fresh answer for `key` if the cache holds one; never loads. */
  peek(key: string): Promise<CachedAnswer | undefined>;
}
