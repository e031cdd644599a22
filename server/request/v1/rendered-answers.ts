/**
 * Cached `/v1` answers kept as the bytes they went out as, by request target (path and query,
 * as the client sent them). The same target always passes the same parameter checks and names
 * the same source, so a later request for it needs only the checks that depend on the request
 * itself: method, user-agent and rate limit (see `fast-path.ts`). An entry lives no
 * longer than the cached answer it was made from.
 */
import { BoundedMemo } from "../../engine/cache/bounded-memo.ts";
import { defaultCacheBytes } from "../../engine/cache/memory-lru.ts";
import { SecondChanceMap } from "../../engine/cache/second-chance.ts";
import type { CompressedForms } from "../compression.ts";
import type { RequestMeter } from "../metrics/request-metrics.ts";
import { encodeHitFields, type HitFields } from "../access-line.ts";
import type { RoutePolicy } from "../route-policy.ts";
import type { Freshness } from "./http-caching.ts";

/** What a kept answer is made from (`remember`). */
export interface RenderedAnswerInit {
  status: number;
  /** the answer's own headers (type, nosniff, X-Cache) as name/value pairs; per-request ones are added when sent */
  headerPairs: readonly string[];
  body: Buffer;
  /** epoch milliseconds: the end of life of the cached answer it was made from */
  expiresAt: number;
  /** how HTTP caches may keep it (`Cache-Control`, worked out when sent: `cacheControl` shares the texts) */
  freshness: Freshness;
  /** its entity tag, when caches may keep it */
  etag?: string;
  source: string;
  origin: string;
  /** the target's path, as the access log names it */
  path: string;
  /** the route's pattern, as the metrics name it */
  route: string;
  /** the route's policy: the checks a request for it passes (`checks.ts`) */
  policy: RoutePolicy;
  /** the validated JSONP callback, when the answer is JSONP */
  callback?: string;
  /** its compressed forms, made when first asked for; none for a body under 1 KB */
  compressed?: CompressedForms;
}

/**
 * A kept answer, with what every request for it needs worked out once: the body's length, the
 * access line's unchanging fields. What many answers have alike is one object shared by them
 * (their header list and their access-line fields; the `Cache-Control` texts in
 * `http-caching.ts`). Every field is set at construction, so that the objects of the hot path
 * share one shape.
 */
export class RenderedAnswer {
  readonly status: number;
  readonly headerPairs: readonly string[];
  readonly body: Buffer;
  /** the body's length, as the Content-Length header says it */
  readonly length: string;
  readonly expiresAt: number;
  readonly freshness: Freshness;
  readonly etag: string | undefined;
  readonly route: string;
  readonly policy: RoutePolicy;
  readonly callback: string | undefined;
  readonly compressed: CompressedForms | undefined;
  /** its path, source and origin, as the access line and the counts name them, shared with the answers that have the same */
  readonly hit: HitFields;
  /** where its answers are counted, once the first is (`metrics/request-metrics.ts`) */
  meter: RequestMeter | undefined = undefined;

  constructor(init: RenderedAnswerInit) {
    this.status = init.status;
    const headersKey = init.headerPairs.join("\n");
    this.headerPairs = sharedHeaders.get(headersKey) ?? sharedHeaders.set(headersKey, init.headerPairs);
    this.body = init.body;
    this.length = String(init.body.length);
    this.expiresAt = init.expiresAt;
    this.freshness = init.freshness;
    this.etag = init.etag;
    this.route = init.route;
    this.policy = init.policy;
    this.callback = init.callback;
    this.compressed = init.compressed;
    const hitKey = `${init.path}\n${init.source}\n${init.origin}`;
    this.hit =
      sharedHits.get(hitKey) ??
      sharedHits.set(hitKey, { path: init.path, source: init.source, origin: init.origin, encoded: encodeHitFields(init.path, init.source, init.origin) });
  }
}

/**
 * Bytes kept at most, counted as they are spent (`ENTRY_BYTES` besides the body and the
 * target): a quarter of the memory cache's default bound (`defaultCacheBytes`: an eighth of the
 * heap limit), 64 MiB at most (about 45,000 answers of a song's size).
 */
const defaultMaxBytes = () => Math.min(64 * 1024 * 1024, defaultCacheBytes() / 4);
/**
 * What a kept answer costs besides its body's and its target's bytes: its objects (the answer,
 * its Buffer and ArrayBuffer, its entity tag and life, the map's slot and key). Measured with
 * 20,000 song answers (`process.memoryUsage()` after a full GC): 749 B of heap and 271 B of
 * external memory besides the body, a 48-character target included.
 */
const ENTRY_BYTES = 980;
/** Longest request target kept: a longer one is not worth a copy. */
const MAX_TARGET_LENGTH = 2048;

export class RenderedAnswers {
  private readonly entries: SecondChanceMap<RenderedAnswer>;

  constructor(maxBytes = defaultMaxBytes()) {
    // Room for the compressed forms too (they weigh well under half the body for JSON), made later.
    this.entries = new SecondChanceMap(maxBytes, (answer, target) => Math.ceil(answer.body.length * (answer.compressed ? 1.5 : 1)) + target.length + ENTRY_BYTES);
  }

  /** Keeps `answer` for `target`; its body should be a Buffer of its own (`ownBuffer`), not a slice of a larger one. */
  remember(target: string, answer: RenderedAnswerInit): void {
    if (target.length <= MAX_TARGET_LENGTH) this.entries.set(target, new RenderedAnswer(answer));
  }

  /** The fresh answer for a request target, if one is kept. */
  get(target: string, now: number): RenderedAnswer | undefined {
    const answer = this.entries.get(target);
    if (!answer) return undefined;
    if (answer.expiresAt > now) return answer;
    this.entries.delete(target);
    return undefined;
  }
}

/**
 * `text`'s bytes in a Buffer of their own. `Buffer.from` puts a short text in a shared 8 KB
 * slab, and a kept slice holds the whole slab: with the miss's other short-lived Buffers beside
 * it, about 2 KB of memory per kept song answer of 425 bytes.
 */
export function ownBuffer(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}

// --- internal ---

/** One copy of what many kept answers have alike, by its text. */
const sharedHeaders = new BoundedMemo<string, readonly string[]>(1024);
const sharedHits = new BoundedMemo<string, HitFields>(1024);
