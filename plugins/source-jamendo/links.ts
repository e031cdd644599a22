/**
 * Jamendo's web links: `www.jamendo.com/{track|album|artist|playlist}/{id}/{slug}` (the slug
 * optional), the API's share links `/list/a{id}` (an album) and `/list/p{id}` (a playlist), each
 * with or without a locale (`/en/`, `/fr/`). The id is in the address: nothing is asked of Jamendo.
 */
import type { LinkKind, SourceLinks } from "@music-aggregator/core";

const KINDS: Record<string, LinkKind> = { track: "song", album: "album", artist: "artist", playlist: "playlist" };
const PAGES: Record<LinkKind, string> = { song: "track", album: "album", artist: "artist", playlist: "playlist" };
const LOCALE = /^[a-z]{2}$/;
const JAMENDO_ID = /^\d{1,12}$/;
/** `/list/a123` and `/list/p123`, as the API's `shareurl` gives albums and playlists. */
const LIST = /^([ap])(\d{1,12})$/;

export const jamendoLinks: SourceLinks = {
  hosts: ["www.jamendo.com", "jamendo.com"],
  link(url) {
    const parts = url.pathname.split("/").filter(Boolean);
    if (LOCALE.test(parts[0] ?? "")) parts.shift();
    const [page, id, ...rest] = parts;
    if (page === "list" && rest.length === 0) {
      const list = LIST.exec(id ?? "");
      return list ? { kind: list[1] === "a" ? "album" : "playlist", id: list[2] } : undefined;
    }
    const kind = Object.hasOwn(KINDS, page ?? "") ? KINDS[page] : undefined;
    return kind && rest.length <= 1 && JAMENDO_ID.test(id ?? "") ? { kind, id } : undefined;
  },
  page: (kind, id) => `https://www.jamendo.com/${PAGES[kind]}/${encodeURIComponent(id)}`,
};
