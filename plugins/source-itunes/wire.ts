/**
 * Apple's wire formats, read defensively: only the fields the mapping uses are declared (the
 * rest passes through), so a missing or mistyped field is a 2003 naming it, never a crash.
 * The Search API sends ids as numbers, the RSS feeds as strings; they leave as strings.
 */
import { z } from "@music-aggregator/core";

const Id = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)]).transform(String);
const Image = z.string().nullish();

/** A song (`wrapperType: "track"`, `kind: "song"`) as `/search` and `/lookup` give it. */
export const ItunesSong = z.looseObject({
  trackId: Id,
  trackName: z.string(),
  /** the title as Apple's store shows it: asterisks for the words it censors, and sometimes the version `trackName` leaves out */
  trackCensoredName: z.string().nullish(),
  /** `explicit`, `cleaned` (the clean copy of an explicit song) or `notExplicit` */
  trackExplicitness: z.string().nullish(),
  artistName: z.string(),
  artistId: Id.optional(),
  /** the song's page in Apple's store (Apple Music, or iTunes on older answers) */
  trackViewUrl: z.string().nullish(),
  collectionId: Id.optional(),
  collectionName: z.string().optional(),
  /** may be a float (`813113.0`) and is missing on some pre-release tracks */
  trackTimeMillis: z.number().nonnegative().optional(),
  /** the 30 s AAC clip; missing when Apple has none for this storefront */
  previewUrl: z.string().nullish(),
  artworkUrl100: Image,
  artworkUrl60: Image,
  artworkUrl30: Image,
  releaseDate: z.string().nullish(),
  discNumber: z.number().int().optional(),
  trackNumber: z.number().int().optional(),
});
export type ItunesSong = z.output<typeof ItunesSong>;

/** An album (`wrapperType: "collection"`): first in an album lookup. */
export const ItunesCollection = z.looseObject({
  collectionId: Id,
  collectionName: z.string(),
  artistName: z.string(),
  artworkUrl100: Image,
  artworkUrl60: Image,
  releaseDate: z.string().nullish(),
  collectionViewUrl: z.string().nullish(),
});
export type ItunesCollection = z.output<typeof ItunesCollection>;

/** An artist (`wrapperType: "artist"`): first in an artist lookup. */
export const ItunesArtist = z.looseObject({ artistId: Id, artistName: z.string(), artistLinkUrl: z.string().nullish() });
export type ItunesArtist = z.output<typeof ItunesArtist>;

export type ItunesEntry =
  | ({ type: "song" } & ItunesSong)
  | ({ type: "collection" } & ItunesCollection)
  | ({ type: "artist" } & ItunesArtist)
  /** music videos, podcasts, audiobooks...: nothing this plugin maps */
  | { type: "other" };

/**
 * One entry of `results`, read by its `wrapperType` (and `kind`): an entry of a kind the
 * plugin maps is checked field by field (issues keep their path, `results.3.trackName`).
 */
const Entry = z.unknown().transform((value, ctx): ItunesEntry => {
  const type = entryType(value);
  if (type === undefined) {
    ctx.addIssue({ code: "custom", message: "expected an iTunes result with a wrapperType", path: ["wrapperType"] });
    return z.NEVER;
  }
  if (type === "other") return { type };
  const schema = { song: ItunesSong, collection: ItunesCollection, artist: ItunesArtist }[type];
  const parsed = schema.safeParse(value);
  if (parsed.success) return { type, ...parsed.data } as ItunesEntry;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
  return z.NEVER;
});

/** What `/search` and `/lookup` answer: `resultCount` counts this answer's `results`, nothing more. */
export const ItunesAnswer = z.looseObject({ resultCount: z.number().int().nonnegative(), results: z.array(Entry) });
export type ItunesAnswer = z.output<typeof ItunesAnswer>;

/** What the Search API answers with HTTP 400 (a parameter it refuses). */
export const ItunesErrorBody = z.looseObject({ errorMessage: z.string() });

/** A date-time as the feeds write it (`Mon, 3 Jan 2022 22:57:56 +0000`, or ISO 8601 in v1), as ISO 8601 UTC. */
const FeedTime = z.string().transform((text, ctx) => {
  const time = Date.parse(text);
  if (Number.isNaN(time)) {
    ctx.addIssue({ code: "custom", message: `expected a date-time, got "${text.slice(0, 40)}"` });
    return z.NEVER;
  }
  return new Date(time).toISOString();
});

/** One chart entry of an RSS feed: a song (v2 `songs.json`) or, in older feeds, an album. */
export const RssEntry = z.looseObject({
  id: Id,
  name: z.string(),
  artistName: z.string(),
  artworkUrl100: Image,
  /** `https://music.apple.com/us/album/{slug}/{albumId}?i={songId}` */
  url: z.string().optional(),
  artistId: Id.optional(),
});
export type RssEntry = z.output<typeof RssEntry>;

/** `{chartsBaseURL}/api/v2/{country}/music/most-played/{n}/songs.json` */
export const RssFeed = z.looseObject({
  feed: z.looseObject({ title: z.string(), updated: FeedTime, results: z.array(RssEntry) }),
});
export type RssFeed = z.output<typeof RssFeed>["feed"];

// --- internal ---

function entryType(value: unknown): ItunesEntry["type"] | undefined {
  if (!value || typeof value !== "object") return undefined;
  const { wrapperType, kind } = value as { wrapperType?: unknown; kind?: unknown };
  if (typeof wrapperType !== "string") return undefined;
  if (wrapperType === "track") return kind === "song" ? "song" : "other";
  return wrapperType === "collection" || wrapperType === "artist" ? wrapperType : "other";
}
