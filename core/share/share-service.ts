/**
 * The `/api/v0/list` operation: parse the share through the backend plugin (which refuses
 * anything but its own hosts), normalise the directory, then list through the cache.
 */
import type { ShareBackend, ShareListing } from "../plugin.ts";
import { ShareError } from "../errors.ts";
import { ListingCache, listingKey } from "./listing-cache.ts";
import { toShareError } from "./share-error.ts";

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
    private readonly cache: ListingCache,
    /** the whole listing's deadline, all pages included */
    private readonly deadlineMs: number,
  ) {}

  /** One directory of a share; throws `ShareError` with DESIGN §4 statuses. */
  async list(request: ListRequest): Promise<{ listing: ShareListing; hit: boolean }> {
    try {
      const ref = this.backend.parse(request.surl, request.pwd || undefined);
      const dir = normaliseDir(request.dir);
      return await this.cache.get(listingKey(ref, dir), () =>
        this.backend.list(ref, dir, { signal: AbortSignal.timeout(this.deadlineMs) }),
      );
    } catch (error) {
      throw toShareError(error);
    }
  }
}

/** `""` and `/` are the root; a trailing `/` is dropped so `/a/` and `/a` share a cache entry. */
export function normaliseDir(dir: string): string {
  if (dir !== "" && !dir.startsWith("/")) throw new ShareError(400, "dir must be / or a path starting with /");
  const trimmed = dir.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}
