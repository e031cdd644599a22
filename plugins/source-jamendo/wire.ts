/**
 * Jamendo's wire format, read defensively: only the fields the mapping uses are declared (the
 * rest passes through), so a missing or mistyped field is a 2003 naming it, never a crash.
 *
 * Every read method answers `{headers: {status, code, error_message, warnings, results_count,
 * results_fullcount?}, results: [...]}`. Ids arrive as numeric strings and leave as strings;
 * `duration` and `position` are numbers on `/tracks` but numeric strings inside the `tracks`
 * of `/albums/tracks` and `/playlists/tracks`: both are read as integers.
 */
import { wireDuration, z } from "@music-aggregator/core";

const Digits = z.string().regex(/^\d+$/, "expected digits");
const Id = z.union([Digits, z.number().int().nonnegative()]).transform(String);
/** Singles (tracks without an album) carry empty `album_*` fields. */
const OptionalId = z.union([z.literal(""), Id]).nullish().transform((id) => id ?? "");
const Count = z.union([z.number().int().nonnegative(), Digits.transform(Number)]);
/** Text that may be empty, null or left out: all three mean "none". */
const Text = z.string().nullish().transform((text) => text ?? "");

/** Whole seconds; anything unreadable is an issue, not a 0. */
const Seconds = wireDuration();

/** What every track object has, wherever Jamendo shows it. */
const TrackCore = z.looseObject({
  id: Id,
  name: z.string(),
  duration: Seconds,
  /** the track number on its album, or the place in a playlist */
  position: Count.optional(),
  /** the Creative Commons licence deed, for attribution */
  license_ccurl: Text,
  /** the full-length stream in the requested `audioformat`; empty when Jamendo has none */
  audio: z.string(),
  /** the download in the requested `audiodlformat`; empty when the artist does not allow it */
  audiodownload: Text,
  /** the artist's choice; without it no download is offered */
  audiodownload_allowed: z.boolean().default(false),
});
export type JamendoTrackCore = z.output<typeof TrackCore>;

/** A track as `/tracks` and `/playlists/tracks` list it: with its artist and album. */
export const JamendoTrack = TrackCore.extend({
  artist_name: z.string(),
  artist_id: OptionalId,
  /** the track's page on jamendo.com */
  shareurl: Text,
  album_id: OptionalId,
  album_name: Text,
  /** the album's cover, or the single's own picture */
  image: Text,
  /** empty for singles */
  album_image: Text,
  releasedate: z.string().nullish(),
});
export type JamendoTrack = z.output<typeof JamendoTrack>;

/** An album of `/albums/tracks`, with its tracks (which carry neither artist nor album). */
export const JamendoAlbum = z.looseObject({
  id: Id,
  name: z.string(),
  releasedate: z.string().nullish(),
  artist_name: z.string(),
  artist_id: OptionalId,
  shareurl: Text,
  image: Text,
  tracks: z.array(TrackCore),
});
export type JamendoAlbum = z.output<typeof JamendoAlbum>;

export const JamendoArtist = z.looseObject({ id: Id, name: z.string(), image: Text, shareurl: Text });

/** A playlist of `/playlists/tracks`: no picture of its own; its author is `user_name`. */
export const JamendoPlaylist = z.looseObject({ id: Id, name: z.string(), user_name: Text, tracks: z.array(JamendoTrack) });

/** The `headers` block of every answer; `code` is 0 on success, Jamendo's error id otherwise. */
export const JamendoHeaders = z.looseObject({
  status: z.string(),
  code: z.union([z.number().int(), z.string().regex(/^-?\d+$/).transform(Number)]),
  error_message: z.string().nullish(),
  /** only with `fullcount=true`: how many rows there would be without `offset`/`limit` */
  results_fullcount: Count.optional(),
});
export type JamendoHeaders = z.output<typeof JamendoHeaders>;

/** One answer of a read method: its headers and its `results`, each read with `item`. */
export const answer = <T extends z.ZodType>(item: T) => z.looseObject({ headers: JamendoHeaders, results: z.array(item) });

export const JamendoTracks = answer(JamendoTrack);

/** `/tracks` with `fullcount=true`: the total is what the caller pages through, so it must be there. */
export const JamendoTrackSearch = JamendoTracks.extend({ headers: JamendoHeaders.extend({ results_fullcount: Count }) });

export const JamendoAlbums = answer(JamendoAlbum);
export const JamendoArtists = answer(JamendoArtist);
export const JamendoPlaylists = answer(JamendoPlaylist);
