/**
 * Cached `/v1` answers kept as the bytes they went out as, by request target (path and query,
 * as the client sent them). The same target always passes the same parameter checks and names
 * the same source, so a later request for it needs only the checks that depend on the request
 * itself: method, user-agent and rate limit (see `server/fast-path.ts`). An entry lives no
 * longer than the cached answer it was made from.
 */
import { LRUCache } from "lru-cache";
import type { CompressedForms } from "../compression.ts";
import type { RequestMeter } from "../metrics/request-metrics.ts";
import type { Freshness } from "./http-caching.ts";

export interface RenderedAnswer {
  status: number;
  /** the answer's own headers (type, nosniff, X-Cache) as name/value pairs; per-request ones are added when sent */
  headerPairs: readonly string[];
  body: Buffer;
  /** the body's length, as the Content-Length header says it */
  length: string;
  /** epoch milliseconds: the end of life of the cached answer it was made from */
  expiresAt: number;
  /** how HTTP caches may keep it (`Cache-Control`, worked out when sent) */
  freshness: Freshness;
  /** its entity tag, when caches may keep it */
  etag?: string;
  source: string;
  origin: string;
  /** the target's path, as the access log names it */
  path: string;
  /** the route's pattern, as the metrics name it */
  route: string;
  /** where its answers are counted, once the first is (`metrics/request-metrics.ts`) */
  meter?: RequestMeter;
  /** the validated JSONP callback, when the answer is JSONP */
  callback?: string;
  /** its compressed forms, made when first asked for; none for a body under 1 KB */
  compressed?: CompressedForms;
}

/** Bytes kept at most: about 30,000 answers of a song's size. */
const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;
/** Longest request target kept: a longer one is not worth a copy. */
const MAX_TARGET_LENGTH = 2048;

export class RenderedAnswers {
  private readonly entries: LRUCache<string, RenderedAnswer>;

  constructor(maxBytes = DEFAULT_MAX_BYTES) {
    // Room for the compressed forms too (they weigh well under half the body for JSON), made later.
    this.entries = new LRUCache({ maxSize: maxBytes, sizeCalculation: (answer, target) => Math.ceil(answer.body.length * (answer.compressed ? 1.5 : 1)) + target.length + 256 });
  }

  remember(target: string, answer: RenderedAnswer): void {
    if (target.length <= MAX_TARGET_LENGTH) this.entries.set(target, answer);
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
