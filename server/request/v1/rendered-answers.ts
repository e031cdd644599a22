/**
 * Cached `/v1` answers kept as the bytes they went out as, by request target (path and query,
 * as the client sent them). The same target always passes the same parameter checks and names
 * the same source, so a later request for it needs only the checks that depend on the request
 * itself: method, user-agent and rate limit (see `fast-path.ts`). An entry lives no
 * longer than the cached answer it was made from.
 */
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
 * access line's unchanging fields (its `Cache-Control` text is shared, `http-caching.ts`). Every field is set at construction, so that the objects of
 * the hot path share one shape.
 */
export class RenderedAnswer implements HitFields {
  readonly status: number;
  readonly headerPairs: readonly string[];
  readonly body: Buffer;
  /** the body's length, as the Content-Length header says it */
  readonly length: string;
  readonly expiresAt: number;
  readonly freshness: Freshness;
  readonly etag: string | undefined;
  readonly source: string;
  readonly origin: string;
  readonly path: string;
  readonly route: string;
  readonly policy: RoutePolicy;
  readonly callback: string | undefined;
  readonly compressed: CompressedForms | undefined;
  /** the access line's fields that are the same for every hit, encoded */
  readonly encoded: HitFields["encoded"];
  /** where its answers are counted, once the first is (`metrics/request-metrics.ts`) */
  meter: RequestMeter | undefined = undefined;

  constructor(init: RenderedAnswerInit) {
    this.status = init.status;
    this.headerPairs = init.headerPairs;
    this.body = init.body;
    this.length = String(init.body.length);
    this.expiresAt = init.expiresAt;
    this.freshness = init.freshness;
    this.etag = init.etag;
    this.source = init.source;
    this.origin = init.origin;
    this.path = init.path;
    this.route = init.route;
    this.policy = init.policy;
    this.callback = init.callback;
    this.compressed = init.compressed;
    this.encoded = encodeHitFields(init.path, init.source, init.origin);
  }
}

/** Bytes kept at most: about 30,000 answers of a song's size. */
const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;
/** Longest request target kept: a longer one is not worth a copy. */
const MAX_TARGET_LENGTH = 2048;

export class RenderedAnswers {
  private readonly entries: SecondChanceMap<RenderedAnswer>;

  constructor(maxBytes = DEFAULT_MAX_BYTES) {
    // Room for the compressed forms too (they weigh well under half the body for JSON), made later.
    this.entries = new SecondChanceMap(maxBytes, (answer, target) => Math.ceil(answer.body.length * (answer.compressed ? 1.5 : 1)) + target.length + 256);
  }

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
