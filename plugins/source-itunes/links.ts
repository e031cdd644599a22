/**
 * Apple's web links, on `music.apple.com` (`geo.` and `embed.` too) and the older `itunes.apple.com`, with or without a
 * storefront (`/us/`): `album/{slug}/{id}` (an album; with `?i={trackId}`, that song of it),
 * `song/{slug}/{id}`, `artist/{slug}/{id}`, each id also as `id{digits}` (the older form), the
 * slug also left out. Playlists (`playlist/{slug}/pl.…`) are read as such, but the iTunes API
 * has none: they are 1003. The ids are in the address: nothing is asked of Apple to read them.
 */
import type { LinkKind, SourceLinks } from "@music-aggregator/core";

const KINDS: Record<string, LinkKind> = { album: "album", song: "song", artist: "artist", playlist: "playlist" };
const STOREFRONT = /^[a-z]{2}$/;
/** An iTunes id, bare or in the older `id123` form. */
const ITUNES_ID = /^(?:id)?(\d{1,20})$/;
/** Apple Music's playlist ids: `pl.` and letters, digits, `-` and `_`. */
const PLAYLIST_ID = /^pl\.[A-Za-z0-9_-]{1,64}$/;

export const itunesLinks: SourceLinks = {
  hosts: ["music.apple.com", "itunes.apple.com", "geo.music.apple.com", "embed.music.apple.com"],
  link(url) {
    const parts = url.pathname.split("/").filter(Boolean);
    if (STOREFRONT.test(parts[0] ?? "")) parts.shift();
    const [page, ...rest] = parts;
    const kind = Object.hasOwn(KINDS, page ?? "") ? KINDS[page] : undefined;
    // `{slug}/{id}` or `{id}`: the id is the last part.
    if (!kind || rest.length < 1 || rest.length > 2) return undefined;
    const last = rest[rest.length - 1];
    if (kind === "playlist") return PLAYLIST_ID.test(last) ? { kind, id: last } : undefined;
    const id = ITUNES_ID.exec(last)?.[1];
    if (!id) return undefined;
    // An album page's `?i=` names one of its songs.
    const track = kind === "album" ? ITUNES_ID.exec(url.searchParams.get("i") ?? "")?.[1] : undefined;
    return track ? { kind: "song", id: track } : { kind, id };
  },
  page: (kind, id) => (kind === "playlist" ? undefined : `https://music.apple.com/us/${kind}/${encodeURIComponent(id)}`),
};
