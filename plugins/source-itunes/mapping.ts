/**
 * iTunes objects as domain objects. Covers are Apple's artwork asked for at 600x600; the
 * artist is `artistName` as Apple writes it (one string, collaborations included: splitting
 * on `&` or `,` would break names such as "Simon & Garfunkel"); `vip` is always false
 * because Apple's 30 s previews are public and its full songs never are (docs/decisions.md (Sources)).
 */
import { firstImage, pageLink, squareAt, publishDate, type Song, type SongDetail, wholeSeconds } from "@music-aggregator/core";
import type { ItunesEntry, ItunesSong } from "./wire.ts";

const ARTWORK_SIZES = ["artworkUrl100", "artworkUrl60", "artworkUrl30"] as const;
/** The cover size asked of Apple's image server. */
const COVER = 600;

/**
 * An item's artwork at 600x600. Apple's image server renders the size named in the last
 * path segment (`.../100x100bb.jpg`), so the largest listed address is asked at 600x600.
 */
export function artworkOf(item: object | undefined): string | null {
  const address = firstImage(item as Record<string, unknown> | undefined, ARTWORK_SIZES);
  return address === null ? null : (squareAt(address, COVER) ?? address);
}

/** Whether an entry of an iTunes answer is a song (not an album, artist, video...). */
export function isSong(entry: ItunesEntry): entry is { type: "song" } & ItunesSong {
  return entry.type === "song";
}

/** The preview clip's address, or null when the song has none in this storefront. */
export function previewOf(song: ItunesSong): string | null {
  return song.previewUrl ? song.previewUrl : null;
}

/**
 * The song's title with its version: Apple keeps some versions in `trackCensoredName` only
 * ("Despacito (feat. Justin Bieber) [Remix]" is `trackName` "Despacito (feat. Justin Bieber)"),
 * so the censored name is taken when it is the longer one and censors nothing (no asterisks).
 */
export function titleOf(song: Pick<ItunesSong, "trackName" | "trackCensoredName">): string {
  const censored = song.trackCensoredName?.trim() ?? "";
  return censored.length > song.trackName.trim().length && !censored.includes("*") ? censored : song.trackName;
}

/** `trackExplicitness` as the `explicit` extension: null when Apple does not say. */
export function explicitOf(song: Pick<ItunesSong, "trackExplicitness">): boolean | null {
  return song.trackExplicitness === "explicit" ? true : song.trackExplicitness === "cleaned" || song.trackExplicitness === "notExplicit" ? false : null;
}

export function toSong(song: ItunesSong, sourceId: string): Song {
  return {
    source: sourceId,
    id: song.trackId,
    name: titleOf(song),
    artist: [song.artistName],
    album: song.collectionName ?? "",
    albumId: song.collectionId ?? "",
    duration: wholeSeconds(song.trackTimeMillis ?? 0, "ms") ?? 0,
    cover: artworkOf(song),
    // The preview is all Apple makes public: a song is playable here when it has one.
    available: previewOf(song) !== null,
    vip: false,
    artistId: [song.artistId ?? ""],
    explicit: explicitOf(song),
  };
}

export function toSongDetail(song: ItunesSong, sourceId: string): SongDetail {
  return {
    ...toSong(song, sourceId),
    quality: previewOf(song) ? ["standard"] : [],
    publishAt: publishDate(song.releaseDate),
    // Apple's terms: a preview is shown with a link to the item in its store.
    link: pageLink(song.trackViewUrl),
  };
}

/** Disc, then track order; songs without numbers keep their place after the numbered ones. */
export function byDiscAndTrack(a: ItunesSong, b: ItunesSong): number {
  return place(a.discNumber) - place(b.discNumber) || place(a.trackNumber) - place(b.trackNumber);
}

// --- internal ---

const place = (n: number | undefined) => n ?? Number.MAX_SAFE_INTEGER;

