/**
 * Short-lived cache of share listings on the service's cache storage (memory, or Redis shared
 * by instances). Entries live exactly `ttlSeconds`: a listing is not kept past its lifetime,
 * because it may describe a share protected by an extract code. Concurrent misses of one key
 * share a single upstream listing.
 */
import { createHash } from "node:crypto";
import type { Storage } from "unstorage";
import type { ShareListing, ShareRef } from "../plugin.ts";

export class ListingCache {
  private readonly inFlight = new Map<string, Promise<ShareListing>>();

  constructor(
    private readonly storage: Storage,
    private readonly ttlSeconds: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The listing from cache when fresh (`hit`), else from `load`, which is then stored. */
  async get(key: string, load: () => Promise<ShareListing>): Promise<{ listing: ShareListing; hit: boolean }> {
    const stored = await this.storage.getItemRaw<string>(key).catch(() => null);
    const cached = typeof stored === "string" ? decode(stored, this.now()) : undefined;
    if (cached) return { listing: cached, hit: true };
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.load(key, load).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return { listing: await pending, hit: false };
  }

  // --- internal ---

  private async load(key: string, load: () => Promise<ShareListing>): Promise<ShareListing> {
    const listing = await load();
    const expiresAt = this.now() + this.ttlSeconds * 1000;
    // A failing store must never fail the listing it caches.
    await this.storage.setItemRaw(key, `${expiresAt}|${JSON.stringify(listing)}`, { ttl: this.ttlSeconds }).catch(() => undefined);
    return listing;
  }
}

/**
 * The cache key of (share, extract code, directory). Hashed, so that extract codes never
 * appear in storage keys (Redis keys are easy to list).
 */
export function listingKey(ref: ShareRef, dir: string): string {
  const digest = createHash("sha256").update(`${ref.shortCode}\u0000${ref.pwd ?? ""}\u0000${dir}`).digest("hex");
  return `share:list:${digest}`;
}

function decode(raw: string, now: number): ShareListing | undefined {
  const bar = raw.indexOf("|");
  if (bar < 1 || Number(raw.slice(0, bar)) <= now) return undefined;
  try {
    return JSON.parse(raw.slice(bar + 1)) as ShareListing;
  } catch {
    return undefined;
  }
}
