/**
 * MusicBrainz entities as domain objects. A song is a recording (its MBID is the song's id and
 * its `mbid`), shown on one of its releases: an official one first, then the earliest. An
 * album is a release, its songs the recordings of its tracks (named as the track credits them).
 * MusicBrainz holds no audio: no song is `available`, none has qualities. Covers are the Cover
 * Art Archive's addresses for a release (no call: the archive redirects to the picture), null
 * where MusicBrainz says the release has no front cover.
 */
import { clipName, isrcField, publishDate, upcField, type AlbumDetail, type ArtistDetail, type Song, type SongDetail } from "@music-aggregator/core";
import { MAX_LIST, type MusicBrainzCredit, type MusicBrainzRecording, type MusicBrainzRelease, type MusicBrainzReleaseRef, type MusicBrainzTrack } from "./wire.ts";

/** The sizes the Cover Art Archive renders a front cover in (besides the original). */
export const COVER_SIZES = [250, 500, 1200] as const;
const COVER = /^https:\/\/coverartarchive\.org\/release\/([0-9a-f-]{36})\/front-(?:250|500|1200)$/;
export const SITE = "https://musicbrainz.org";

/** Songs, albums and artists carry their MusicBrainz id (extension field `mbid`). */
export type WithMbid<T> = T & { mbid: string };

/** A recording as a song, on its best release; `isrc`: the ISRC to show (the one looked up), else its first. */
export function toSong(recording: MusicBrainzRecording, sourceId: string, isrc?: string): WithMbid<Song> {
  const release = bestRelease(recording.releases);
  return {
    source: sourceId,
    id: recording.id,
    name: clipName(recording.title),
    ...credited(recording["artist-credit"]),
    album: release ? clipName(release.title) : "",
    albumId: release?.id ?? "",
    duration: seconds(recording.length),
    cover: release ? coverOf(release) : null,
    // MusicBrainz describes recordings; it has no audio to play.
    available: false,
    vip: false,
    explicit: null,
    ...isrcField(isrc ?? recording.isrcs[0]),
    mbid: recording.id,
  };
}

export function toSongDetail(recording: MusicBrainzRecording, sourceId: string): WithMbid<SongDetail> {
  return { ...toSong(recording, sourceId), quality: [], publishAt: publishDate(recording["first-release-date"]), link: `${SITE}/recording/${recording.id}` };
}

/** A release with its tracks as an album. */
export function toAlbum(release: MusicBrainzRelease, sourceId: string): WithMbid<AlbumDetail> {
  const albumArtist = credited(release["artist-credit"]);
  const cover = coverOf(release);
  const tracks = release.media.flatMap((medium) => medium.tracks).slice(0, MAX_LIST);
  const song = tracks.map((track) => trackSong(track, release, albumArtist, cover, sourceId));
  return {
    source: sourceId,
    id: release.id,
    name: clipName(release.title),
    artist: albumArtist.artist,
    cover,
    publishAt: publishDate(release.date),
    song,
    link: `${SITE}/release/${release.id}`,
    ...upcField(release.barcode),
    mbid: release.id,
  };
}

export function toArtist(artist: { id: string; name: string }, recordings: readonly MusicBrainzRecording[], sourceId: string): WithMbid<ArtistDetail> {
  return {
    source: sourceId,
    id: artist.id,
    name: clipName(artist.name),
    // MusicBrainz keeps no pictures of artists.
    avatar: null,
    song: recordings.map((r) => toSong(r, sourceId)),
    link: `${SITE}/artist/${artist.id}`,
    mbid: artist.id,
  };
}

/** The Cover Art Archive's front cover of a release, unless MusicBrainz says it has none. */
export function coverOf(release: Pick<MusicBrainzReleaseRef, "id" | "cover-art-archive">): string | null {
  if (release["cover-art-archive"]?.front === false) return null;
  return `https://coverartarchive.org/release/${release.id}/front-250`;
}

/** A Cover Art Archive front cover at the smallest of its sizes of at least `px` (the largest past them). */
export function coverAt(url: string, px: number): string | undefined {
  const release = COVER.exec(url)?.[1];
  if (!release) return undefined;
  const size = COVER_SIZES.find((s) => s >= px) ?? COVER_SIZES[COVER_SIZES.length - 1];
  return `https://coverartarchive.org/release/${release}/front-${size}`;
}

// --- internal ---

/** An official release before any other, then the earliest; undated ones last. */
function bestRelease(releases: readonly MusicBrainzReleaseRef[]): MusicBrainzReleaseRef | undefined {
  const rank = (r: MusicBrainzReleaseRef) => `${r.status === "Official" ? 0 : 1}${r.date || "9999"}`;
  return releases.reduce<MusicBrainzReleaseRef | undefined>((best, r) => (best === undefined || rank(r) < rank(best) ? r : best), undefined);
}

function credited(credits: readonly MusicBrainzCredit[]): { artist: string[]; artistId: string[] } {
  return { artist: credits.map((c) => clipName(c.name)), artistId: credits.map((c) => c.artist.id) };
}

function trackSong(track: MusicBrainzTrack, release: MusicBrainzRelease, albumArtist: ReturnType<typeof credited>, cover: string | null, sourceId: string): WithMbid<Song> {
  return {
    source: sourceId,
    id: track.recording.id,
    name: clipName(track.title),
    ...(track["artist-credit"].length ? credited(track["artist-credit"]) : albumArtist),
    album: clipName(release.title),
    albumId: release.id,
    duration: seconds(track.length ?? track.recording.length),
    cover,
    available: false,
    vip: false,
    explicit: null,
    ...isrcField(track.recording.isrcs[0]),
    mbid: track.recording.id,
  };
}

function seconds(ms: number | null | undefined): number {
  return ms ? Math.round(ms / 1000) : 0;
}
