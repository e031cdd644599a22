/**
 * Deezer's wire format, read defensively: only the fields the mapping uses are declared (the
 * rest passes through), so a missing or mistyped field is a 2003 naming it, never a crash.
 * Ids arrive as numbers; they leave as strings.
 */
import { wireDuration, z } from "@music-aggregator/core";

const Id = z.union([z.number().int(), z.string().regex(/^-?\d+$/)]).transform(String);

/** Whole seconds; anything unreadable is an issue, not a 0. */
const Seconds = wireDuration();

const Image = z.string().nullish();

/** The item's page on deezer.com. */
const Link = z.string().nullish();

const ArtistRef = z.looseObject({ id: Id, name: z.string() });

/** A credited artist (`contributors`), with its id when Deezer gives one. */
const Credit = z.looseObject({ id: Id.optional(), name: z.string() });

/** The album object embedded in a track (absent from an album's own track list). */
const AlbumRef = z.looseObject({
  id: Id,
  title: z.string(),
  cover: Image,
  cover_medium: Image,
  cover_big: Image,
  cover_xl: Image,
});

/** A track as `/track/{id}`, `/search`, tops, charts, album and playlist lists give it. */
export const DeezerTrack = z.looseObject({
  id: Id,
  title: z.string(),
  /** the version Deezer keeps apart (`(Radio Edit)`, `(Remastered)`), usually written into `title` as well; "" when none */
  title_version: z.string().nullish(),
  duration: Seconds,
  /** whether the lyrics are explicit (the clean copy of an explicit song says false) */
  explicit_lyrics: z.boolean().nullish(),
  /** Deezer's popularity score of the track (0 to about 1,000,000) */
  rank: z.number().nonnegative().nullish(),
  /** absent on chart entries, which list only playable tracks */
  readable: z.boolean().optional(),
  /** the 30 s MP3 clip; an empty string when there is none */
  preview: z.string().nullish(),
  release_date: z.string().nullish(),
  /** only on `/track/{id}` (and where an upstream adds it): the recording's ISRC */
  isrc: z.string().nullish(),
  artist: ArtistRef,
  /** only on `/track/{id}` and tops: every credited artist, main first */
  contributors: z.array(Credit).optional(),
  album: AlbumRef.optional(),
  link: Link,
});
export type DeezerTrack = z.output<typeof DeezerTrack>;

/** One page of a list: `data`, the list's `total`, and `next` while more pages exist. */
export const page = <T extends z.ZodType>(item: T) =>
  z.looseObject({ data: z.array(item), total: z.number().int().nonnegative().optional(), next: z.string().optional() });

export const DeezerTrackPage = page(DeezerTrack);
export type DeezerTrackPage = z.output<typeof DeezerTrackPage>;

/** `/search`: the total is what the caller pages through, so it must be there. */
export const DeezerSearchPage = DeezerTrackPage.extend({ total: z.number().int().nonnegative() });

export const DeezerAlbum = AlbumRef.extend({
  nb_tracks: z.number().int().nonnegative(),
  release_date: z.string().nullish(),
  artist: ArtistRef,
  contributors: z.array(Credit).optional(),
  link: Link,
  /** the release's barcode as the label delivered it (12 or 13 digits); checked when mapped */
  upc: z.unknown().optional(),
  /** the first tracks, without their album object */
  tracks: z.looseObject({ data: z.array(DeezerTrack) }).optional(),
});
export type DeezerAlbum = z.output<typeof DeezerAlbum>;

const Pictured = {
  picture: Image,
  picture_medium: Image,
  picture_big: Image,
  picture_xl: Image,
};

export const DeezerArtist = z.looseObject({ id: Id, name: z.string(), ...Pictured, link: Link });

export const DeezerPlaylist = z.looseObject({
  id: Id,
  title: z.string(),
  nb_tracks: z.number().int().nonnegative(),
  creator: z.looseObject({ name: z.string() }).optional(),
  ...Pictured,
});

/** An editorial (a genre's front page); each one has a chart under the same id. */
export const DeezerEditorial = z.looseObject({ id: Id, name: z.string(), ...Pictured });
export const DeezerEditorialPage = page(DeezerEditorial);
export type DeezerEditorial = z.output<typeof DeezerEditorial>;

/** What Deezer answers, with HTTP 200, when a call fails. */
export const DeezerErrorBody = z.looseObject({
  error: z.looseObject({ type: z.string().optional(), message: z.string().optional(), code: z.number().int() }),
});
export type DeezerErrorBody = z.output<typeof DeezerErrorBody>["error"];
