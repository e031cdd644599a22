/**
 * HTTP caching of answers (docs/decisions.md (HTTP caching)): what a browser, a reverse proxy
 * or a CDN may keep, for how long, and how a client revalidates. Every answer's
 * `Cache-Control` and `ETag` are made by `deliver.ts` from here, fresh or kept.
 *
 * - An answer the service caches is `public` for the seconds left of its cache entry (rounded
 *   up), with `stale-if-error` for the window in which the service itself would still answer
 *   it when the upstream fails; an expired one standing in says `max-age=0` and what is left of
 *   that window. A cached not-found is kept as long as the service keeps it, never stale.
 * - `/v1/source` (the service's own state, fixed by its config) is `no-cache`: kept, revalidated.
 * - Everything else is `no-store`: errors, `/v1/status`, per-client answers (4001), and the
 *   operations the service composes itself (`by: "service"` in the operation table: /v1/match).
 * - A success that may be kept carries a weak `ETag` of what it says (the data, the source, the
 *   callback; not `cost`, which differs between the miss and the hits of one answer), and a
 *   request whose `If-None-Match` names it gets 304 without a body.
 * - The one request header an answer varies with is `Accept-Encoding` (`compression.ts` adds
 *   `Vary` to answers that may be compressed; a 304 says what its full answer would); the
 *   user-agent check and the rate limit refuse, they never change a success. The tag is weak,
 *   so compressed and plain forms share it.
 */
import { createHash } from "node:crypto";

/** How long a shared cache may keep an answer. */
export type Freshness =
  /** a cached answer: its entry's end of life, and how long after it the service would still stand in with it */
  | { kind: "entry"; expiresAt: number; staleSeconds: number }
  /** may be kept, but asked again every time */
  | { kind: "revalidate" }
  | { kind: "never" }
  /** a page's or an asset's own rule */
  | { kind: "fixed"; value: string };

export const NEVER: Freshness = { kind: "never" };
export const REVALIDATE: Freshness = { kind: "revalidate" };

/** The `Cache-Control` of an answer sent at `now`. */
export function cacheControl(freshness: Freshness, now: number): string {
  if (freshness.kind === "never") return "no-store";
  if (freshness.kind === "revalidate") return "no-cache";
  if (freshness.kind === "fixed") return freshness.value;
  const { expiresAt, staleSeconds } = freshness;
  const left = Math.ceil((expiresAt - now) / 1000);
  if (left > 0) return staleSeconds > 0 ? `public, max-age=${left}, stale-if-error=${staleSeconds}` : `public, max-age=${left}`;
  const standIn = Math.floor((expiresAt + staleSeconds * 1000 - now) / 1000);
  return standIn > 0 ? `public, max-age=0, stale-if-error=${standIn}` : "no-store";
}

/** A page's or an asset's own `Cache-Control`. */
export const fixed = (value: string): Freshness => ({ kind: "fixed", value });

/** The life of a cached answer as a freshness; `never` when it has none (not one cached answer). */
export function entryFreshness(expiresAt: number | undefined, staleSeconds = 0): Freshness {
  return expiresAt === undefined ? NEVER : { kind: "entry", expiresAt, staleSeconds };
}

/** Whether answers of an operation of the table may be kept by shared caches: not the service's own compositions. */
export function sharedCacheable(operation: object): boolean {
  return !("by" in operation);
}

/** A weak entity tag of a success: the same for every copy of one answer, JSON and each callback apart. */
export function entityTag(dataJson: string, source: string | null, callback: string | undefined): string {
  const digest = createHash("sha1").update(callback ?? "").update("\0").update(source ?? "").update("\0").update(dataJson).digest("base64url");
  return `W/"${digest.slice(0, 22)}"`;
}

/** Whether `If-None-Match` names `etag` (weak comparison, RFC 9110 13.1.2), or is `*`. */
export function notModified(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.slice(2);
  for (const candidate of ifNoneMatch.split(",")) {
    const tag = candidate.trim();
    if (tag === "*" || (tag.startsWith("W/") ? tag.slice(2) : tag) === opaque) return true;
  }
  return false;
}

/** Headers of a full answer a 304 leaves out: they describe the body it does not carry. */
export const BODY_HEADERS: ReadonlySet<string> = new Set(["content-type", "content-length", "x-content-type-options"]);
