/**
 * The configuration contract (docs/decisions.md (Configuration)): `music.config.{ts,js,json}` in the working
 * directory or the file named by `MUSIC_CONFIG`, validated with zod, then env overrides.
 * Every key is optional; the embedded default needs no file and no other process.
 */
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { z } from "zod";
import { configProblems, pathText } from "./config-problems.ts";
import { jsonSyntaxMessage } from "./json-error.ts";
import { isTrustEntry } from "./guard/client-ip.ts";
import { OPERATION_NAMES, OPERATIONS, type OperationName } from "./operations.ts";
import { DEFAULT_USER_AGENT } from "@music-aggregator/core";
import { VERSION } from "@music-aggregator/core/host";
import { ConfigError } from "./errors.ts";

export { VERSION, DEFAULT_USER_AGENT };

/** Public source ids look like `source_a`; `all` is reserved for search. */
export const SourceId = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,31}$/, "expected lowercase letters, digits and _")
  .refine((id) => id !== "all", "`all` is reserved for search");

/** docs/decisions.md (Sources): the default binding of public ids to bundled plugins. */
export const DEFAULT_SOURCES: Record<string, { plugin: string; options: Record<string, unknown> }> = {
  source_a: { plugin: "deezer", options: {} },
  source_b: { plugin: "itunes", options: {} },
  source_c: { plugin: "audius", options: {} },
  source_d: { plugin: "archive", options: {} },
};

/** docs/decisions.md (/v1): the product names of common HTTP libraries' default user-agents (`node` is what Node's fetch sends). */
export const DEFAULT_USER_AGENT_BLOCK = [
  "curl", "Wget", "python-requests", "Python-urllib", "aiohttp", "httpx", "python-httpx", "Go-http-client",
  "okhttp", "Java", "Java-http-client", "Apache-HttpClient", "libwww-perl", "axios", "node-fetch", "undici",
  "node", "got", "PostmanRuntime",
];

const PluginBinding = z.strictObject({
  plugin: z.string().min(1),
  options: z.record(z.string(), z.unknown()).default({}),
});
type PluginBinding = z.output<typeof PluginBinding>;

const Seconds = z.number().int().positive();

/** A signal stops the process this long after it came, whatever is still under way (`service.ts`). */
export const FORCED_EXIT_MS = 10_000;
/** The readiness grace and the drain together, leaving the rest for closing Redis and the stores. */
const MAX_SHUTDOWN_MS = 8000;

/**
 * An http(s) origin (scheme, host, port; no path), as a CSP or a CORS header may name it;
 * `any` also takes `*` (every origin).
 */
const webOrigin = (what: string, any = false) =>
  z.string().transform((value, ctx) => {
    if (any && value === "*") return value;
    let url: URL | undefined;
    try {
      url = new URL(value);
    } catch {
      url = undefined;
    }
    const origin = url && (url.protocol === "http:" || url.protocol === "https:") ? url.origin : undefined;
    if (!origin || origin !== value.replace(/\/$/, "") || !/^[a-z0-9.:[\]-]+$/i.test(url!.host)) {
      ctx.addIssue({ code: "custom", message: `expected ${what} (http(s)://host[:port], no path), got ${JSON.stringify(value.slice(0, 80))}` });
      return z.NEVER;
    }
    return origin;
  });

/**
 * A Redis address, `store.redis` or env `REDIS_URL`: ioredis reads any other text as a host
 * name or a socket path, so a typo or an http:// address would start a service whose Redis
 * is down for good rather than stop the start naming the key.
 */
const RedisUrl = z.url({ protocol: /^rediss?$/, error: "expected a redis:// or rediss:// address" });

/** Origins of other sites allowed by a compatibility endpoint: none by default. */
const SiteOrigins = z.array(webOrigin('"*" or the origin of a site', true)).default([]);

/** A secret given in the config, or named by the environment variable that holds it (read at start). */
const secret = (what: string) =>
  z.union([z.string().min(1), z.strictObject({ env: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "expected an environment variable's name") })], {
    error: `${what}: expected a string or { "env": "VARIABLE" }`,
  });

/** A Subsonic user (docs/decisions.md, "Subsonic"): a password for `p` and `t`+`s`, an API key for OpenSubsonic `apiKey`. */
const SubsonicUser = z.strictObject({
  username: z.string().min(1).max(64),
  password: secret("password"),
  apiKey: secret("apiKey").optional(),
});

/** One list of a folder: a chart or a playlist of a source; a source alone is its first chart. */
const SubsonicList = z
  .strictObject({ source: SourceId, chart: z.string().min(1).max(512).optional(), playlist: z.string().min(1).max(512).optional() })
  .refine((list) => !(list.chart && list.playlist), "a list is a chart or a playlist, not both");

const SubsonicFolder = z.strictObject({ name: z.string().min(1).max(100), lists: z.array(SubsonicList).min(1).max(20) });

export const AppConfigSchema = z.strictObject({
  /**
   * public source id → plugin binding, merged id by id with the default binding (docs/decisions.md (Sources)):
   * a binding replaces the default of its id, `false` removes it, other ids keep theirs
   */
  sources: z.record(SourceId, z.union([PluginBinding, z.literal(false)])).default({}),
  /** public source ids that are answered with 1002 but keep their capability row */
  disable: z.array(SourceId).default([]),
  /** extra plugin modules or packages (third-party plugins) */
  plugins: z.array(z.string().min(1)).default([]),
  /** the cross-source lyrics provider; `false` turns it off */
  lyrics: z.union([PluginBinding, z.literal(false)]).optional(),
  cache: z
    .strictObject({
      /** where answers are cached; default `redis` when `store.redis` is set (shared by instances), else `memory` */
      driver: z.enum(["memory", "redis"]).default("memory"),
      /** most entries kept in memory (the memory cache, or the in-process tier in front of Redis) */
      max: z.number().int().positive().default(10_000),
      /**
       * with the Redis driver, answer from this process's copies of cached answers (an entry read
       * from Redis is kept until its expiry; repeated requests are answered from their rendered
       * bytes); false: every read asks Redis while it is up (the copies only stand in while it is down)
       */
      localTier: z.boolean().default(true),
      /**
       * most bytes kept in memory, keys and values counted as UTF-16; default an eighth of the V8
       * heap limit, between 16 MiB and 256 MiB. An entry over a sixteenth of it is not cached.
       */
      maxBytes: z.number().int().min(1024 * 1024, "cache.maxBytes must be at least 1048576 (1 MiB)").optional(),
      /** lifetimes in seconds per operation (docs/decisions.md (/v1); the defaults are the operation table's) */
      ttl: z
        .strictObject({
          ...operationLifetimes(),
          notFound: Seconds.default(300),
          /** how long an expired answer may still stand in when the upstream fails */
          stale: Seconds.default(24 * 3600),
        })
        .prefault({}),
    })
    .prefault({}),
  store: z
    .strictObject({
      /**
       * Redis address (env REDIS_URL): rate limiter and statistics move there, and the cache
       * too unless `cache.driver` is set explicitly; while Redis is down each instance stands
       * in with its memory (see `core/stores.ts`)
       */
      redis: RedisUrl.optional(),
      /** key prefix in the shared store, so several services can share one Redis */
      prefix: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/).default("music"),
    })
    .prefault({}),
  rateLimit: z
    .strictObject({
      points: z.number().int().positive().default(120),
      duration: Seconds.default(60),
      /**
       * which proxies' X-Forwarded-For is believed, as Express's `trust proxy`: false (none),
       * true (loopback), a number of hops, or a list of addresses, CIDRs, loopback/linklocal/uniquelocal
       */
      trustProxy: z
        .union([
          z.boolean(),
          z.number().int().min(0).max(32),
          z.array(z.string().refine(isTrustEntry, "expected an IP address, a CIDR range, or loopback, linklocal, uniquelocal")),
        ])
        .default(false),
    })
    .prefault({}),
  /**
   * product names whose user-agents are answered 4002 (an empty UA always is): a list extends
   * the default list; `{ "replace": [...] }` replaces it
   */
  userAgentBlock: z
    .union([z.array(z.string().min(1)), z.strictObject({ replace: z.array(z.string().min(1)) })])
    .default([])
    .transform((value) => (Array.isArray(value) ? [...DEFAULT_USER_AGENT_BLOCK, ...value] : value.replace)),
  upstream: z
    .strictObject({
      /** longest wait for one source operation, retries and paging included */
      timeoutMs: z.number().int().positive().default(8000),
      /** per source inside an all-search */
      searchAllTimeoutMs: z.number().int().positive().default(5000),
      /** retries of idempotent GETs after a fast failure (refused, reset, 502/503/504, short 429), inside timeoutMs */
      retries: z.number().int().min(0).max(5).default(2),
      /** answers larger than this are refused (2003) */
      maxBodyBytes: z.number().int().positive().default(8 * 1024 * 1024),
      userAgent: z.string().min(1).default(DEFAULT_USER_AGENT),
      /** concurrent url look-ups of a playlist with `with_url=1` */
      urlConcurrency: z.number().int().positive().max(32).default(6),
      /** most url look-ups one `with_url=1` request makes (and at most `clientShare` of the source's budget) */
      urlLookups: z.number().int().min(0).max(100).default(20),
      /**
       * the part of each upstream's request budget one client's cache misses may spend per
       * window (at least 1 request); past it a miss is 4001, a cached answer is still served
       */
      clientShare: z.number().gt(0).max(1).default(0.25),
    })
    .prefault({}),
  share: z
    .strictObject({
      plugin: z.string().min(1).default("baidu"),
      options: z.record(z.string(), z.unknown()).default({}),
      /** HMAC secret of QR signs; env QR_SIGN_SECRET */
      qrSecret: z.string().min(8).optional(),
      /** lifetime of a cached listing, seconds */
      listTtl: Seconds.default(120),
    })
    .prefault({}),
  server: z
    .strictObject({
      /** to receive a request's line and headers; slower callers get 1001 and are disconnected */
      headersTimeoutMs: z.number().int().positive().default(10_000),
      /**
       * the address clients reach this service at (http(s)://host[:port]), written into exported
       * playlists' entries; default: the request's own Host, over http
       */
      publicUrl: webOrigin("the address clients reach this service at").optional(),
      /** to receive a request body the service reads (POST /api/v0/list, POST /v1/playlist/match) */
      bodyTimeoutMs: z.number().int().positive().default(10_000),
      /** to receive a whole request, body included, whether it is read or not */
      requestTimeoutMs: z.number().int().positive().default(30_000),
      /** longest an answer being sent may stay unread (its bytes not moving) before its connection is closed */
      writeStallTimeoutMs: z.number().int().positive().default(20_000),
      /** most connections at once from one peer address (IPv6: one /64); proxies `rateLimit.trustProxy` trusts have none */
      maxConnectionsPerAddress: z.number().int().positive().default(64),
      /** most connections at once in one process; default: the open-file limit less an eighth (at least 128) */
      maxConnections: z.number().int().positive().optional(),
      /** on SIGTERM/SIGINT, how long `/readyz` answers 503 while everything else is served, before the listener closes */
      readinessGraceMs: z.number().int().min(0).default(2000),
      /** how long the drain waits for requests in flight and slow readers; then their connections are closed */
      drainTimeoutMs: z.number().int().positive().default(5000),
    })
    .refine((server) => server.readinessGraceMs + server.drainTimeoutMs <= MAX_SHUTDOWN_MS, {
      message: `readinessGraceMs + drainTimeoutMs must be at most ${MAX_SHUTDOWN_MS} (the process is stopped ${FORCED_EXIT_MS / 1000} s after the signal)`,
      path: ["drainTimeoutMs"],
    })
    .prefault({}),
  playground: z
    .strictObject({
      /**
       * other instances of this service that `/playground?api=` may talk to (their origins,
       * e.g. `https://music.example.org`); by default none: only the instance serving the page
       */
      apis: z.array(webOrigin("the origin of an instance")).default([]),
    })
    .prefault({}),
  /** the endpoints that let existing players use the service (docs/decisions.md, "Compatibility endpoints") */
  compat: z
    .strictObject({
      meting: z
        .strictObject({
          /** pages of these origins may read `/meting` answers (CORS); none by default, `"*"` every site */
          origins: SiteOrigins,
        })
        .prefault({}),
      embed: z
        .strictObject({
          /** pages of these origins may frame `/embed` (CSP `frame-ancestors`), besides this service's own; `"*"` every site */
          frameAncestors: SiteOrigins,
        })
        .prefault({}),
      subsonic: z
        .strictObject({
          /** who may use `/rest` (Subsonic); none by default: every call answers error 40 */
          users: z.array(SubsonicUser).default([]),
          /** the browsable folders (getMusicFolders); default one per source that has charts: its first chart */
          folders: z.array(SubsonicFolder).optional(),
          /** `stream` may redirect to a preview clip when no full-length copy plays; off by default */
          previews: z.boolean().default(false),
        })
        .prefault({}),
    })
    .prefault({}),
  log: z
    .strictObject({
      /** one line per request: method, path, status, code, time, source, origin, cache, request id */
      access: z.boolean().default(true),
      /** access lines for the probes and the scrapes (`/healthz`, `/readyz`, `/metrics`) too */
      probes: z.boolean().default(false),
    })
    .prefault({}),
  metrics: z
    .strictObject({
      /** count requests, upstream calls and the cache, and serve them at `GET /metrics` (Prometheus text format) */
      enabled: z.boolean().default(true),
      /** when set (env METRICS_TOKEN), `/metrics` answers only requests with `Authorization: Bearer <token>` */
      token: z.string().min(16).optional(),
      /** how long a rendered scrape is answered again (one render per period, whatever the number of scrapers); 0: every scrape renders */
      cacheMs: z.number().int().min(0).max(60_000).default(1000),
    })
    .prefault({}),
  /** the short disclaimer reported by /v1/status */
  notice: z
    .string()
    .default(
      "Read-only metadata service: no audio is stored or served, no paid or gated content is unlocked; addresses are the upstreams' own public links.",
    ),
});

export type AppConfig = z.infer<typeof AppConfigSchema>;

export interface SourceBinding {
  id: string;
  binding: PluginBinding;
  /** named in config `sources` (not a default binding) */
  explicit: boolean;
}

/** The source bindings in effect: the defaults merged with config `sources`, in id order. */
export function sourceBindings(config: AppConfig): SourceBinding[] {
  const ids = [...new Set([...Object.keys(DEFAULT_SOURCES), ...Object.keys(config.sources)])].sort();
  return ids.flatMap((id): SourceBinding[] => {
    const configured = config.sources[id];
    if (configured === false) return [];
    if (configured) return [{ id, binding: configured, explicit: true }];
    return [{ id, binding: DEFAULT_SOURCES[id], explicit: false }];
  });
}

/** One lifetime key per operation, defaulting to the operation table's lifetime. */
function operationLifetimes() {
  return Object.fromEntries(OPERATION_NAMES.map((c) => [c, Seconds.default(OPERATIONS[c].ttl)])) as Record<OperationName, z.ZodDefault<typeof Seconds>>;
}
export type AppConfigInput = z.input<typeof AppConfigSchema>;


/** Validates a config object (already read) and applies env overrides. */
export function parseConfig(input: unknown, env: NodeJS.ProcessEnv = process.env, origin = "config"): AppConfig {
  const result = AppConfigSchema.safeParse(input ?? {});
  if (!result.success) {
    const lines = configProblems(AppConfigSchema, input, result.error.issues).map((p) => `  - ${origin} ${pathText(p.path)}: ${p.message}`);
    throw new ConfigError(`invalid configuration:\n${lines.join("\n")}`);
  }
  const config = result.data;
  if (env.REDIS_URL) {
    if (!RedisUrl.safeParse(env.REDIS_URL).success) throw new ConfigError("invalid configuration:\n  - env REDIS_URL: expected a redis:// or rediss:// address");
    config.store.redis = env.REDIS_URL;
  }
  if (env.QR_SIGN_SECRET) config.share.qrSecret = env.QR_SIGN_SECRET;
  if (env.METRICS_TOKEN) {
    if (env.METRICS_TOKEN.length < 16) throw new ConfigError("invalid configuration:\n  - env METRICS_TOKEN: expected at least 16 characters");
    config.metrics.token = env.METRICS_TOKEN;
  }
  for (const [i, user] of config.compat.subsonic.users.entries()) {
    user.password = fromEnv(user.password, env, `compat.subsonic.users.${i}.password`);
    if (user.apiKey) user.apiKey = fromEnv(user.apiKey, env, `compat.subsonic.users.${i}.apiKey`);
  }
  if (config.store.redis && !(input as AppConfigInput | undefined)?.cache?.driver) config.cache.driver = "redis";
  if (config.cache.driver === "redis" && !config.store.redis) {
    throw new ConfigError("invalid configuration:\n  - config cache.driver: redis needs store.redis or REDIS_URL");
  }
  return config;
}

/** Finds and loads the config file, if any, then validates it. */
export async function loadConfig(cwd = process.cwd(), env: NodeJS.ProcessEnv = process.env): Promise<{ config: AppConfig; file?: string }> {
  const { raw, file } = await readConfigFile(cwd, env);
  return file ? { config: parseConfig(raw, env, file), file } : { config: parseConfig({}, env) };
}

/** The config file's content as it is written (not validated), and its name; none when there is no file. */
export async function readConfigFile(cwd = process.cwd(), env: NodeJS.ProcessEnv = process.env): Promise<{ raw?: unknown; file?: string }> {
  const candidates = env.MUSIC_CONFIG
    ? [resolve(cwd, env.MUSIC_CONFIG)]
    : ["music.config.ts", "music.config.js", "music.config.mjs", "music.config.json"].map((f) => resolve(cwd, f));
  const file = candidates.find((f) => existsSync(f));
  if (env.MUSIC_CONFIG && !file) throw new ConfigError(`MUSIC_CONFIG names ${env.MUSIC_CONFIG}, which does not exist`);
  if (!file) return {};
  try {
    return { raw: file.endsWith(".json") ? readJson(readFileSync(file, "utf8")) : ((await import(pathToFileURL(file).href)) as { default?: unknown }).default, file };
  } catch (error) {
    throw new ConfigError(`could not read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * `over` laid over `base`, key by key, objects merged (an operator's config over demo mode's:
 * `sources` merged id by id, so a source of one's own joins the demo's); arrays and values replaced.
 */
export function mergeConfig(base: Record<string, unknown>, over: unknown): Record<string, unknown> {
  if (!isPlainObject(over)) return base;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) merged[key] = isPlainObject(value) && isPlainObject(base[key]) ? mergeConfig(base[key] as Record<string, unknown>, value) : value;
  return merged;
}

/** Ids that config `sources` sets to `false` though no default binds them: nothing is removed, which is usually a typo. */
export function unboundRemovals(config: AppConfig): string[] {
  return Object.entries(config.sources)
    .filter(([id, binding]) => binding === false && !Object.hasOwn(DEFAULT_SOURCES, id))
    .map(([id]) => id);
}

/** Env `PORT` and `HOST`, validated. */
export function listenAddress(env: NodeJS.ProcessEnv = process.env): { port: number; host: string } {
  const port = env.PORT === undefined ? 3000 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT: expected 0..65535, got ${env.PORT}`);
  return { port, host: env.HOST || "127.0.0.1" };
}

// --- internal ---

/** A secret's text: as written, or read from the environment variable it names (which must be set). */
function fromEnv(value: string | { env: string }, env: NodeJS.ProcessEnv, where: string): string {
  if (typeof value === "string") return value;
  const text = env[value.env];
  if (!text) throw new ConfigError(`invalid configuration:\n  - config ${where}: environment variable ${value.env} is not set`);
  return text;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** JSON text parsed; a syntax error says its line and column and shows the line. */
function readJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw error instanceof SyntaxError ? new SyntaxError(jsonSyntaxMessage(text, error)) : error;
  }
}
