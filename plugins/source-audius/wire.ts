/**
 * Audius's wire format (`/v1`, as its OpenAPI description and documented answers give it),
 * read defensively: only the fields the mapping uses are declared (the rest passes through),
 * so a missing or mistyped field is a 2003 naming it, never a crash. Every answer is wrapped
 * in `{"data": ...}`. Fields the description leaves optional (the gating fields, `access`,
 * `album_backlink`, `artwork`) are optional here too: the documented answers are curated, and
 * older discovery nodes leave some out.
 */
import { wireDuration, z } from "@music-aggregator/core";

/**
 * What an Audius id looks like: a hashid of Audius's internal number (`D8v5P`, `4boROp0`),
 * at least 5 letters and digits. Only such ids go into a path.
 */
export const HASHID = /^[A-Za-z0-9]{5,20}$/;

/** An id in an answer; it is checked against `HASHID` before it ever goes into a path. */
const Id = z.string().min(1);

/** Whole seconds; anything unreadable is an issue, not a 0. */
const Seconds = wireDuration();

/** Square image sizes of a track's or playlist's artwork and of a profile picture; null when none. */
const Squares = z
  .looseObject({ "150x150": z.string().nullish(), "480x480": z.string().nullish(), "1000x1000": z.string().nullish() })
  .nullish();

/** The user embedded in tracks and playlists, and `/v1/users/{id}` itself. */
export const AudiusUser = z.looseObject({
  id: Id,
  name: z.string(),
  profile_picture: Squares,
  /** the profile's path on the web (`audius.co/{handle}`) */
  handle: z.string().nullish(),
});

/** What stands between a listener and a gated stream: a purchase, a follow, a tip, a collectible. */
const StreamConditions = z.record(z.string(), z.unknown()).nullish();

/** What an anonymous listener may do with it. */
const Access = z.looseObject({ stream: z.boolean().nullish() }).nullish();

/** A track as `/v1/tracks/{id}`, search, trending, a user's and a playlist's tracks give it. */
export const AudiusTrack = z.looseObject({
  id: Id,
  title: z.string(),
  duration: Seconds,
  user: AudiusUser,
  artwork: Squares,
  /** `2024-08-02 21:57:07`, ISO 8601, or (older tracks) a JavaScript date string */
  release_date: z.string().nullish(),
  /** the recording's ISRC, when the artist gave one (often null) */
  isrc: z.string().nullish(),
  is_streamable: z.boolean().nullish(),
  is_delete: z.boolean().nullish(),
  is_stream_gated: z.boolean().nullish(),
  stream_conditions: StreamConditions,
  access: Access,
  /** the clip of a track Audius sells, the one gating sign the description itself has */
  preview_cid: z.string().nullish(),
  /** the album the track belongs to; `playlist_id` is an integer in the description */
  album_backlink: z.looseObject({ playlist_id: z.union([z.number().int(), z.string()]), playlist_name: z.string() }).nullish(),
  /** the track's path on the web (`/{handle}/{slug}`) */
  permalink: z.string().nullish(),
  play_count: z.number().nonnegative().nullish(),
});
export type AudiusTrack = z.output<typeof AudiusTrack>;

/** A playlist or an album (Audius keeps both as playlists, told apart by `is_album`). */
export const AudiusPlaylist = z.looseObject({
  id: Id,
  playlist_name: z.string(),
  is_album: z.boolean(),
  track_count: z.number().int().nonnegative(),
  artwork: Squares,
  user: AudiusUser,
  /** not in the description; newer nodes give albums one */
  release_date: z.string().nullish(),
  permalink: z.string().nullish(),
  /** an album's barcode as its uploader typed it, or null; checked when mapped */
  upc: z.unknown().optional(),
});
export type AudiusPlaylist = z.output<typeof AudiusPlaylist>;

/** `{"data": ...}`, Audius's wrapping of every answer. */
const wrapped = <T extends z.ZodType>(data: T) => z.looseObject({ data });

export const TrackAnswer = wrapped(AudiusTrack);
export const TrackListAnswer = wrapped(z.array(AudiusTrack));
export const UserAnswer = wrapped(AudiusUser);
/** `/v1/playlists/{id}` answers a list: one playlist, or none for an id it does not know. */
export const PlaylistAnswer = wrapped(z.array(AudiusPlaylist));
/** `/v1/tracks/{id}/access-info`: how a track is gated and what access an anonymous listener has. */
export const AccessInfoAnswer = wrapped(z.looseObject({ is_stream_gated: z.boolean().nullish(), stream_conditions: StreamConditions, access: Access }));
/** `/v1/tracks/{id}/stream?no_redirect=true`: the address of the full MP3. */
export const StreamAnswer = wrapped(z.url({ protocol: /^https?$/ }));

/** What Audius (flask-restx) answers with a 4xx or 5xx: `{"message": "Oh no! ..."}`. */
export const AudiusErrorBody = z.looseObject({ message: z.string() });
