/**
 * The MusicBrainz web service's JSON (`fmt=json`), read defensively: only the fields the
 * mapping uses are declared (the rest passes through), so a missing or mistyped field is a
 * 2003 naming it, never a crash. The same objects appear in lookups, searches and browses;
 * fields MusicBrainz leaves out or sends as null (a recording's unknown `length`, a release
 * without `date` or `barcode`) are read as absent. Lists are bounded: a release lists every
 * track (box sets reach hundreds), a recording every release it is on.
 */
import { z } from "@music-aggregator/core";

/** Most entries read of any list MusicBrainz sends (tracks of a release, releases of a recording). */
export const MAX_LIST = 500;

/** A MusicBrainz id: a UUID, in lower case as this plugin sends and keeps it. */
export const MBID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** MusicBrainz ids are UUIDs, sent in lower case. */
const Mbid = z
  .string()
  .transform((id) => id.toLowerCase())
  .pipe(z.string().regex(MBID, "expected a MusicBrainz id (a UUID)"));
/** Text that may be null or left out: both mean "none". */
const Text = z.string().nullish().transform((text) => text ?? "");
const bounded = <T extends z.ZodType>(item: T) => z.array(item).nullish().transform((items) => (items ?? []).slice(0, MAX_LIST));

/** One name of an `artist-credit`: the name as credited, the artist credited, and what joins it to the next. */
const Credit = z.looseObject({
  name: z.string(),
  joinphrase: Text,
  artist: z.looseObject({ id: Mbid, name: z.string() }),
});
export type MusicBrainzCredit = z.output<typeof Credit>;
const Credits = bounded(Credit);

/** `cover-art-archive` of a release lookup: whether the Cover Art Archive holds a front cover. */
const CoverArt = z.looseObject({ front: z.boolean() }).nullish();

/** A release as a recording lists it (lookup with `inc=releases`, search results). */
const ReleaseRef = z.looseObject({
  id: Mbid,
  title: z.string(),
  status: Text,
  date: Text,
  barcode: Text,
  "cover-art-archive": CoverArt,
});
export type MusicBrainzReleaseRef = z.output<typeof ReleaseRef>;

/** A recording: a lookup (`inc=artist-credits+releases+isrcs`), a search result, an ISRC's. */
export const MusicBrainzRecording = z.looseObject({
  id: Mbid,
  title: z.string(),
  /** milliseconds; null when nobody entered it */
  length: z.number().nonnegative().nullish(),
  "artist-credit": Credits,
  "first-release-date": Text,
  releases: bounded(ReleaseRef),
  isrcs: bounded(z.string()),
});
export type MusicBrainzRecording = z.output<typeof MusicBrainzRecording>;

/** `/recording?query=`: a page of matches and their `count`. */
export const MusicBrainzRecordingSearch = z.looseObject({
  count: z.number().int().nonnegative(),
  recordings: bounded(MusicBrainzRecording),
});

/** `/isrc/{isrc}`: the recordings carrying one ISRC. */
export const MusicBrainzIsrc = z.looseObject({ recordings: bounded(MusicBrainzRecording) });

/** A track of a release's medium (lookup with `inc=recordings+artist-credits+isrcs`): its recording's id is the song's. */
const Track = z.looseObject({
  title: z.string(),
  length: z.number().nonnegative().nullish(),
  "artist-credit": Credits,
  recording: z.looseObject({ id: Mbid, length: z.number().nonnegative().nullish(), isrcs: bounded(z.string()) }),
});
export type MusicBrainzTrack = z.output<typeof Track>;

/** `/release/{mbid}?inc=recordings+artist-credits+isrcs`: a release with its media and their tracks. */
export const MusicBrainzRelease = ReleaseRef.extend({
  "artist-credit": Credits,
  media: bounded(z.looseObject({ tracks: bounded(Track) })),
});
export type MusicBrainzRelease = z.output<typeof MusicBrainzRelease>;

/** `/release?query=barcode:`: the releases of a barcode, best first (`score`). */
export const MusicBrainzReleaseSearch = z.looseObject({
  releases: bounded(ReleaseRef.extend({ score: z.number().nullish() })),
});

/** `/artist/{mbid}`. */
export const MusicBrainzArtist = z.looseObject({ id: Mbid, name: z.string() });
