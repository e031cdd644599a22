/**
 * The `/api/v0/list` operation: parse the share through the backend plugin (which refuses
 * anything but its own hosts), normalise the directory, then list through the response cache
 * (concurrent misses share one upstream listing). A listing is never kept past its lifetime,
 * not even as a stale stand-in: it may describe a share protected by an extract code. A
 * missing share is not remembered: it may be created under that code at any time.
 */
import { createHash } from "node:crypto";
import { posix } from "node:path";
import { type ResponseCache, type ShareBackend, type ShareListing, type ShareRef, InputError } from "@music-aggregator/core";

export interface ListRequest {
  /** share link or bare short code */
  surl: string;
  /** directory path; `/` (or empty) for the root */
  dir: string;
  /** extract code */
  pwd?: string;
}

export class ShareService {
  constructor(
    private readonly backend: ShareBackend,
    private readonly cache: ResponseCache,
    /** lifetime of a cached listing, seconds */
    private readonly ttlSeconds: number,
    /** the whole listing's deadline, all pages included */
    private readonly deadlineMs: number,
  ) {}

  /** One directory of a share; throws the backend's errors (see `ShareBackend.list`). */
  async list(request: ListRequest): Promise<{ listing: ShareListing; hit: boolean }> {
    const ref = this.backend.parse(request.surl, request.pwd || undefined);
    const dir = normaliseDir(request.dir);
    const answer = await this.cache.fetch(listingKey(ref, dir), { ttl: this.ttlSeconds, keepStale: false, cacheMisses: false }, () =>
      this.backend.list(ref, dir, { signal: AbortSignal.timeout(this.deadlineMs) }),
    );
    return { listing: JSON.parse(answer.json) as ShareListing, hit: answer.status === "hit" };
  }
}

/**
 * One spelling per directory, so that `/big`, `/big/`, `/big/.`, `//big` and `/a/../big` are one
 * listing and one cache entry: `.` and `..` are resolved (`..` stops at the root), repeated and
 * trailing `/` dropped; `""` and `/` are the root.
 */
export function normaliseDir(dir: string): string {
  if (dir !== "" && !dir.startsWith("/")) throw new InputError("dir must be / or a path starting with /");
  // normalize leaves one `/` at most at the end.
  const trimmed = posix.normalize(dir || "/").replace(/\/$/, "");
  return trimmed === "" ? "/" : trimmed;
}

/**
 * The cache key of (share, extract code, directory). Hashed, so that extract codes never
 * appear in storage keys (Redis keys are easy to list).
 */
export function listingKey(ref: ShareRef, dir: string): string {
  const digest = createHash("sha256").update(`${ref.shortCode}\u0000${ref.pwd ?? ""}\u0000${dir}`).digest("hex");
  return `share:list|${digest}`;
}
