/**
 * Audius' web links: `audius.co/{handle}` (an artist), `/{handle}/{slug}` (a track),
 * `/{handle}/album/{slug}` and `/{handle}/playlist/{slug}`. Their ids (hashids) are not in the
 * address: Audius' own `/v1/resolve?url={path}` answers the item the path names (an API call,
 * redirected on Audius' own host to the item's `/v1/…` answer: the page itself is never fetched).
 * The embed player's links (`/embed/{track,album,playlist}/{id}`) hold the id. The site's own
 * pages (`/trending`, `/search/…`, …) are no item.
 */
import { isKind, NotFoundError, type LinkKind, type LinkResolver, type SourceLinks, z } from "@music-aggregator/core";
import type { AudiusApi } from "./api.ts";
import { HASHID } from "./wire.ts";

/** Audius handles: letters, digits, `_` and `.`, at most 30. */
const HANDLE = /^[A-Za-z0-9_.]{1,30}$/;
/** A track's, album's or playlist's slug: letters, digits and `-`, `_`, `.`, `~`, `%` (an encoded letter). */
const SLUG = /^[A-Za-z0-9_.~%-]{1,200}$/;
/** The site's own first path parts, which no handle can take. */
const SITE_PAGES = new Set(["embed", "trending", "explore", "feed", "search", "library", "favorites", "history", "messages", "notifications", "settings", "upload", "signin", "signup", "signon", "app", "legal", "api", "download", "rewards", "payAndEarn", "oauth", "check", "dashboard", "purchases", "sales", "withdrawals", "premium"]);

/** The embed player's kinds of item. */
const EMBEDDED: Record<string, LinkKind | undefined> = { track: "song", album: "album", playlist: "playlist" };

export const audiusLinks: SourceLinks = {
  hosts: ["audius.co", "www.audius.co"],
  resolves: true,
  link(url) {
    const parts = url.pathname.split("/").filter(Boolean);
    const [handle, second, third, ...rest] = parts;
    if (handle === "embed" && rest.length === 0 && HASHID.test(third ?? "")) {
      const kind = Object.hasOwn(EMBEDDED, second ?? "") ? EMBEDDED[second!] : undefined;
      return kind ? { kind, id: third } : undefined;
    }
    if (!handle || !HANDLE.test(handle) || SITE_PAGES.has(handle) || rest.length) return undefined;
    if (second === undefined) return { kind: "artist", resolve: true };
    if (third === undefined) return SLUG.test(second) ? { kind: "song", resolve: true } : undefined;
    if ((second === "album" || second === "playlist") && SLUG.test(third)) return { kind: second, resolve: true };
    return undefined;
  },
};

/** One item of any kind, as the `/v1/…` answer Audius' resolve leads to holds it (a playlist's in a list). */
const Resolved = z.looseObject({ data: z.union([z.looseObject({ id: z.string() }), z.array(z.looseObject({ id: z.string() })).min(1)]) });

export function linkResolver(api: AudiusApi): LinkResolver {
  return {
    async resolveLink(url, kind: LinkKind, { signal }) {
      // The path alone: Audius reads it against its own site, whatever host the link named.
      const answer = await api.get("/v1/resolve", Resolved, { query: { url: url.pathname }, signal }).catch((error: unknown) => {
        // Audius' 404 is the link's: say which page, not which endpoint, has nothing.
        throw isKind(error, "notFound") ? new NotFoundError(`Audius has no ${kind} at ${url.pathname}`) : error;
      });
      const id = (Array.isArray(answer.data) ? answer.data[0] : answer.data).id;
      if (!HASHID.test(id)) throw new NotFoundError(`Audius resolved the ${kind} link to no id it uses`);
      return id;
    },
  };
}
