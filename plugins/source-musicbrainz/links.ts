/**
 * MusicBrainz' web links: `musicbrainz.org/{recording|release|artist}/{mbid}`, and any page
 * under one (`/artist/{mbid}/recordings` names that artist). The MBID is in the address:
 * nothing is asked of MusicBrainz. Its track, release-group and work pages name other things
 * than this source's songs and albums, and are not read.
 */
import type { LinkKind, SourceLinks } from "@music-aggregator/core";
import { SITE } from "./mapping.ts";
import { MBID } from "./wire.ts";

const KINDS: Record<string, LinkKind> = { recording: "song", release: "album", artist: "artist" };
const PAGES: Partial<Record<LinkKind, string>> = { song: "recording", album: "release", artist: "artist" };

export const musicBrainzLinks: SourceLinks = {
  hosts: ["musicbrainz.org", "beta.musicbrainz.org"],
  link(url) {
    const [page, id, ...rest] = url.pathname.split("/").filter(Boolean);
    const kind = Object.hasOwn(KINDS, page ?? "") ? KINDS[page] : undefined;
    const mbid = id?.toLowerCase();
    return kind && rest.length <= 1 && MBID.test(mbid ?? "") ? { kind, id: mbid! } : undefined;
  },
  page: (kind, id) => (PAGES[kind] ? `${SITE}/${PAGES[kind]}/${encodeURIComponent(id)}` : undefined),
};
