/**
 * Deezer's web links: `www.deezer.com/{track|album|artist|playlist}/{id}`, with or without a
 * locale (`/en/`, `/fr/`, `/pt-br/`) before it and tracking parameters after it. The id is in
 * the path: nothing is asked of Deezer to read it.
 */
import type { LinkKind, SourceLinks } from "@music-aggregator/core";

const KINDS: Record<string, LinkKind> = { track: "song", album: "album", artist: "artist", playlist: "playlist" };
const PAGES: Record<LinkKind, string> = { song: "track", album: "album", artist: "artist", playlist: "playlist" };
/** A locale prefix: `en`, `pt-br`. */
const LOCALE = /^[a-z]{2}(?:-[a-z]{2})?$/;
const DEEZER_ID = /^\d{1,20}$/;

export const deezerLinks: SourceLinks = {
  hosts: ["www.deezer.com", "deezer.com"],
  link(url) {
    const parts = url.pathname.split("/").filter(Boolean);
    if (LOCALE.test(parts[0] ?? "")) parts.shift();
    const [page, id, ...rest] = parts;
    const kind = Object.hasOwn(KINDS, page ?? "") ? KINDS[page] : undefined;
    return kind && rest.length === 0 && DEEZER_ID.test(id ?? "") ? { kind, id } : undefined;
  },
  page: (kind, id) => `https://www.deezer.com/${PAGES[kind]}/${encodeURIComponent(id)}`,
};
