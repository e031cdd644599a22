/**
 * Cached `/v1` answers (and Subsonic's answers made of one item's: `/rest` keeps its own) kept as
 * the answer they went out as, by request target (path and query, as the client sent them,
 * credentials included), so that a repeated request is served before h3 parses anything.
 * The same target always passes the same parameter checks and names the same source, so it
 * needs only the checks that depend on the request itself (`admit.ts`); the rest of its path
 * is every answer's (`serve.ts`). An entry lives no longer than the cached answer it was made
 * from; the bytes kept are bounded.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { LRUCache } from "lru-cache";
import type { StoreResponseCache } from "../engine/cache/response-cache.ts";
import type { Answer } from "./answer.ts";
import { CompressedForms, COMPRESS_FROM_BYTES } from "./compression.ts";
import { firstValues, newExchange, type Exchange } from "./exchange.ts";
import type { RoutePolicy } from "./route-policy.ts";
import { serve, type Front } from "./serve.ts";

/** A kept answer and what its request would have learnt on the way through its route. */
export interface Kept {
  answer: Answer;
  /** epoch milliseconds: the end of life of the cached answer it was made from */
  expiresAt: number;
  policy: RoutePolicy;
  route: string;
  path: string;
  /** the source and origin the access line and the statistics name (none for Subsonic's) */
  source?: string;
  origin?: string;
}

/** Longest request target kept: a longer one is not worth a copy. */
const MAX_TARGET_LENGTH = 2048;
/** What a kept answer costs besides its body and target: its objects and the map's slot (measured: about 1 KB). */
const ENTRY_BYTES = 1024;

export class KeptAnswers {
  private readonly entries: LRUCache<string, Kept>;

  constructor(
    maxBytes: number,
    /** where a kept answer's hits are counted, as the cache's own */
    private readonly cache: StoreResponseCache,
  ) {
    this.entries = new LRUCache<string, Kept>({
      maxSize: maxBytes,
      // Room for the compressed forms too (well under half the body for JSON), made later.
      sizeCalculation: (kept, target) => Math.ceil(bodyLength(kept.answer) * (kept.answer.forms ? 1.5 : 1)) + target.length + ENTRY_BYTES,
    });
  }

  /**
   * Keeps an answer for `target` until `expiresAt`. A large body gets compressed forms, kept
   * with it: returned, so that the answer it was made from is sent in them too.
   */
  keep(target: string, kept: Kept): CompressedForms | undefined {
    if (target.length > MAX_TARGET_LENGTH || kept.expiresAt <= Date.now()) return undefined;
    const body = kept.answer.body;
    if (body !== null && bodyLength(kept.answer) >= COMPRESS_FROM_BYTES) kept.answer.forms ??= new CompressedForms(typeof body === "string" ? Buffer.from(body) : body);
    this.entries.set(target, kept);
    return kept.answer.forms;
  }

  /** Whether a fresh answer is kept for `target`. */
  has(target: string): boolean {
    return this.fresh(target) !== undefined;
  }

  /** Drops what is kept for `target`. */
  forget(target: string): void {
    this.entries.delete(target);
  }

  /** Serves `req` from a kept answer and says true, or says false and leaves it to h3. */
  serve(front: Front, req: IncomingMessage, res: ServerResponse): boolean {
    // Kept answers are GETs': a POST to the same target (an import, a Subsonic form) may say otherwise in its body.
    if (req.method === "POST") return false;
    const kept = this.fresh(req.url ?? "");
    if (!kept) return false;
    const ex = exchangeOf(req, kept);
    // What the route would have learnt from the parameters, known once the checks have passed.
    const answer = () => {
      ex.source = kept.source;
      ex.origin = kept.origin;
      this.cache.noteHit();
      return kept.answer;
    };
    serve(front, ex, answer).then(
      (out) => {
        res.writeHead(out.status, out.headers);
        res.end(out.body);
      },
      () => res.destroy(),
    );
    return true;
  }

  private fresh(target: string): Kept | undefined {
    const kept = this.entries.get(target);
    if (kept && kept.expiresAt > Date.now()) return kept;
    if (kept) this.entries.delete(target);
    return undefined;
  }
}

// --- internal ---

function exchangeOf(req: IncomingMessage, kept: Kept): Exchange {
  const ex = newExchange({
    method: req.method ?? "GET",
    path: kept.path,
    route: kept.route,
    policy: kept.policy,
    peer: req.socket.remoteAddress,
    header: (name) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value.join(", ") : value;
    },
    query: () => firstValues(new URL(req.url ?? "/", "http://x").searchParams),
    aborted: () => req.destroyed && !req.complete,
  });
  return ex;
}

function bodyLength(answer: Answer): number {
  const body = answer.body;
  return body === null ? 0 : typeof body === "string" ? Buffer.byteLength(body) : body.length;
}
