/**
 * The Internet Archive's wire format, read defensively: only the fields the mapping uses are
 * declared (the rest passes through), so a missing or mistyped field is a 2003 naming it,
 * never a crash. Item metadata writes one value as a string and several as an array, and
 * file records write numbers as strings (`"size": "8327168"`); both forms are accepted here
 * and normalised, so the mapping sees one shape.
 */
import { z } from "@music-aggregator/core";

/** One or several values (`"creator": "X"` or `"creator": ["X", "Y"]`), as a list. */
const Values = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));

/** The first of one or several values, or undefined. */
const FirstValue = Values.transform((values) => values[0]);

/** A number written as a string (`"266.02"`, `"04:26"`) or, rarely, as a number. */
const NumberText = z.union([z.string(), z.number()]).optional();

/** `"true"` or `true`. */
const Flag = z
  .union([z.string(), z.boolean()])
  .optional()
  .transform((value) => value === true || value === "true");

/** One entry of an item's `files`: an original upload, a derivative made from one, or metadata. */
export const ArchiveFile = z.looseObject({
  /** the path inside the item; may contain `/` (sub-folders) and spaces */
  name: z.string().min(1),
  /** `original`, `derivative` or `metadata` */
  source: z.string(),
  /** `Flac`, `24bit Flac`, `VBR MP3`, `64Kbps MP3`, `Shorten`, `PNG`, ... */
  format: z.string().optional(),
  /** a derivative's original: the file it was made from */
  original: z.string().optional(),
  title: FirstValue,
  /** originals carry `artist`, MP3 derivatives `creator`; both may list several, `;`-separated */
  artist: Values,
  creator: Values,
  /** `3`, `03` or `3/12` */
  track: FirstValue,
  /** seconds (`266.02`) or a clock (`04:26`); `0` when the archive did not measure it */
  length: NumberText,
  /** bytes */
  size: NumberText,
  /** kbps, on MP3 derivatives */
  bitrate: NumberText,
  /** a file the archive does not hand out (stream-only items) */
  private: Flag,
});
export type ArchiveFile = z.output<typeof ArchiveFile>;

const ItemMetadata = z.looseObject({
  identifier: z.string().min(1),
  title: FirstValue,
  creator: Values,
  date: FirstValue,
  year: FirstValue,
  /** `stream_only` among them marks an item that may be streamed on the site only */
  collection: Values,
  "access-restricted-item": Flag,
});

/**
 * `/metadata/{identifier}` of an existing item. (An unknown identifier is answered `{}`,
 * which is recognised before this schema.) A dark item is marked `is_dark`; it may come
 * without its file list.
 */
export const ItemAnswer = z
  .looseObject({
    is_dark: z.boolean().optional(),
    metadata: ItemMetadata,
    files: z.array(ArchiveFile).optional(),
  })
  .superRefine((item, ctx) => {
    if (!item.is_dark && item.files === undefined) ctx.addIssue({ code: "custom", path: ["files"], message: "expected an array" });
  });
export type ItemAnswer = z.output<typeof ItemAnswer>;

/** `/advancedsearch.php?output=json`: one page of hits, as many fields of each as `fl[]` asked for. */
export const SearchAnswer = z.looseObject({
  response: z.looseObject({
    numFound: z.number().int().nonnegative(),
    docs: z.array(z.looseObject({ identifier: z.string().min(1) })),
  }),
});
export type SearchAnswer = z.output<typeof SearchAnswer>;

/** What the search gateway answers, with HTTP 200, for a query it refuses. */
export const SearchRefusal = z.looseObject({ error: z.string() });
