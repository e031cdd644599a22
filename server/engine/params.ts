/**
 * The parameters of the `/v1` operations, as zod schemas holding the spec's exact limits.
 * Every message names the parameter. Values arrive as query strings (an empty one counts as
 * absent, so it never reaches these schemas); integers are parsed strictly (no `1.5`, no
 * `1e1`). The same schemas drive the generated documentation.
 */
import { z } from "zod";
import { QUALITIES, normalIsrc, normalUpc, upcProblem } from "@music-aggregator/core/host";
import { MAX_LINK_LENGTH } from "./links/web-link.ts";

/** spec: one to four dot-separated identifiers */
export const CALLBACK_PATTERN = /^[A-Za-z_$][A-Za-z0-9_$]*(\.[A-Za-z_$][A-Za-z0-9_$]*){0,3}$/;
/** spec: `^[A-Za-z0-9._:/-]{1,64}$` */
export const ORIGIN_PATTERN = /^[A-Za-z0-9._:/-]{1,64}$/;

const required = (name: string) => ({ error: (issue: { input?: unknown }) => (issue.input === undefined ? `parameter ${name} is required` : `parameter ${name} must be a string`) });

export const origin = z
  .string(required("origin"))
  .regex(ORIGIN_PATTERN, "parameter origin must be 1 to 64 of the characters A-Z a-z 0-9 . _ : / -")
  .describe("identifies the caller (an app or site label), 1 to 64 of A-Z a-z 0-9 . _ : / -");

export const callback = z
  .string()
  .regex(CALLBACK_PATTERN, "parameter callback must be one to four dot-separated JavaScript identifiers")
  .describe("JSONP callback name");

/** A public source id; whatever names no bound source (of any length) is 1002, found by the registry. */
const source = (withAll: boolean) =>
  z
    .string(required("source"))
    .min(1, "parameter source is required")
    .describe(withAll ? "a source id, or all to query every source" : "a source id (not all)");

/** The longest native id: an Internet Archive song id (`identifier/file name`) runs to about 200. */
export const MAX_ID_LENGTH = 512;

/** A native id: 1 to 512 characters, no control characters. */
const id = (what: string) =>
  z
    .string(required("id"))
    .min(1, "parameter id is required")
    .max(MAX_ID_LENGTH, `parameter id must be at most ${MAX_ID_LENGTH} characters`)
    .regex(/^[^\u0000-\u001f\u007f]*$/, "parameter id must not contain control characters")
    .describe(what);

/** A strict decimal integer within bounds, with a default when absent. */
const integer = (name: string, min: number, max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `parameter ${name} must be an integer from ${min} to ${max}`)
    .transform(Number)
    .pipe(z.number().min(min, `parameter ${name} must be an integer from ${min} to ${max}`).max(max, `parameter ${name} must be an integer from ${min} to ${max}`))
    .optional()
    .transform((v) => v ?? fallback)
    .describe(`integer ${min}..${max}, default ${fallback}`);

const quality = z
  .enum(QUALITIES, { error: `parameter quality must be one of ${QUALITIES.join(", ")}` })
  .optional()
  .transform((v) => v ?? "standard")
  .describe("standard, high or lossless; default standard");

export const SearchParams = z.object({
  q: z
    .string(required("q"))
    .refine((q) => q.trim().length > 0, "parameter q is required")
    .refine((q) => [...q].length <= 80, "parameter q must be at most 80 characters")
    // The refinements above, as JSON Schema says them (lengths in code points, as here).
    .meta({ minLength: 1, maxLength: 80, pattern: "\\S" })
    .describe("search words, at most 80 characters"),
  source: source(true),
  type: z.literal("song", { error: "parameter type must be song" }).optional().transform(() => "song" as const).describe("only song"),
  page: integer("page", 1, 50, 1),
  size: integer("size", 1, 50, 20),
});

export const SourceAndId = z.object({ source: source(false), id: id("the source's native id") });

/** extension: `fallback=1` answers with the same recording from another source when the song cannot be played in full. */
const fallback = z
  .enum(["0", "1"], { error: "parameter fallback must be 1 (or 0)" })
  .optional()
  .transform((v) => v === "1")
  .describe("extension: 1 plays the same recording from another source when this one is VIP, not playable or only a preview (full length first)");

/** extension: `redirect=1` answers a success with a 302 to the address (what an exported playlist's entries ask). */
const redirect = z
  .enum(["0", "1"], { error: "parameter redirect must be 1 (or 0)" })
  .transform((v) => v === "1")
  .optional()
  .describe("extension: 1 answers 302 with the address in Location (a player following an exported playlist); errors stay the envelope");

export const SongUrlParams = SourceAndId.extend({ quality, fallback, redirect });

/** extension: the playlist written as a file instead of the envelope. */
const format = z
  .enum(["m3u8", "xspf", "jspf"], { error: "parameter format must be one of m3u8, xspf, jspf" })
  .optional()
  .describe("extension: the page as a playlist file (m3u8, xspf or jspf) instead of the envelope; each playable track's entry is this service's /v1/song/url with redirect=1");

export const PlaylistParams = z.object({
  source: source(false),
  id: id("the playlist id"),
  page: integer("page", 1, 1000, 1),
  size: integer("size", 1, 100, 50),
  quality,
  with_url: z
    .enum(["0", "1"], { error: "parameter with_url must be 1 (or 0)" })
    .optional()
    .transform((v) => v === "1")
    .describe("1 gives every track its playable address in url"),
  fallback: fallback.describe("extension, with with_url=1: a track that is VIP, not playable or only a preview gets the address of the same recording on another source (full length first)"),
  format,
});

/** Most sources one transfer matches onto (more than any config binds). */
const MAX_TARGETS = 16;

/** The parameters of a transfer (`/v1/playlist/match`) besides the playlist's own source and id. */
const TransferOptions = z.object({
  to: z
    .string()
    .transform((v) => [...new Set(v.split(","))])
    .refine((ids) => ids.length <= MAX_TARGETS && ids.every((id) => id !== ""), `parameter to must be at most ${MAX_TARGETS} source ids separated by commas`)
    .optional()
    .describe("extension: the sources to match onto, separated by commas; default every other enabled source that can search"),
  page: integer("page", 1, 1000, 1),
  size: integer("size", 1, 100, 50),
  after: z
    .string()
    .regex(/^\d{1,7}$/, "parameter after must be a whole number of tracks")
    .transform(Number)
    .optional()
    .describe("extension: the tracks a client already has (the first after of the list): later ones are new, and only they are matched"),
  format: format.describe("extension: the page's copies on the one source to= names as a playlist file (m3u8, xspf or jspf) instead of the envelope"),
});

/** A file names the copies of one source: with `format`, `to` names exactly one. */
const oneTargetForFiles = (p: { format?: string; to?: string[] }) => !p.format || p.to?.length === 1;
const ONE_TARGET = { message: "parameter format needs parameter to naming one source" };

export const TransferParams = TransferOptions.extend({ source: source(false), id: id("the playlist id") }).refine(oneTargetForFiles, ONE_TARGET);

/** `POST /v1/playlist/match`: the playlist is the body. */
export const ImportParams = TransferOptions.refine(oneTargetForFiles, ONE_TARGET);

export const RankParams = z.object({
  source: source(false),
  // Described on the optional itself: zod keeps no description through .optional().
  id: id("a chart id").optional().describe("a chart id, as the list of charts gives it; without it, that list"),
});

/** Longer than any spelling of an identifier (hyphens and spaces included): the caller's own text, not read further. */
const MAX_IDENTIFIER = 40;

/** extension: an ISRC in any spelling (hyphens, spaces, lower case), as its plain form. */
const isrc = z
  .string()
  .max(MAX_IDENTIFIER, `parameter isrc must be at most ${MAX_IDENTIFIER} characters`)
  .transform((value, ctx) => {
    const plain = normalIsrc(value);
    if (plain) return plain;
    ctx.addIssue({ code: "custom", message: "parameter isrc is no ISRC: 2 letters (the country), 3 letters or digits (the registrant), 2 digits (the year) and 5 (the recording), hyphens and spaces aside" });
    return z.NEVER;
  })
  // What the transform accepts, as JSON Schema says it (a barcode's check digit aside).
  .meta({ pattern: "^[-\\s]*([A-Za-z][-\\s]*){2}([A-Za-z0-9][-\\s]*){3}([0-9][-\\s]*){7}$", maxLength: MAX_IDENTIFIER })
  .optional()
  .describe("extension: an ISRC (GBDUW0000059, GB-DUW-00-00059, lower case too): the songs of that recording on every source that can look one up");

/** extension: a barcode (UPC-A, EAN-13, EAN-8, GTIN-14) in any spelling, checked and in its plain form (no leading zeros). */
const upc = z
  .string()
  .transform((value, ctx) => {
    const problem = upcProblem(value);
    if (problem === undefined) return normalUpc(value)!;
    ctx.addIssue({ code: "custom", message: `parameter upc is no barcode: ${problem}` });
    return z.NEVER;
  })
  .meta({ pattern: "^[-\\s]*(([0-9][-\\s]*){8}|([0-9][-\\s]*){12,14})$", maxLength: MAX_IDENTIFIER })
  .optional()
  .describe("extension: a barcode, UPC or EAN (724384960650, 0724384960650, 7-24384-96065-0), its check digit checked: the albums of that release on every source that can look one up");

/** `/v1/lookup`: exactly one identifier. */
export const LookupParams = z
  .object({ isrc, upc })
  .refine((p) => p.isrc !== undefined || p.upc !== undefined, { message: "parameter isrc or upc is required (one of them)" })
  .refine((p) => p.isrc === undefined || p.upc === undefined, { message: "parameters isrc and upc exclude each other: give one" });
export type LookupParams = z.output<typeof LookupParams>;

/** `/v1/resolve`: a web link, checked against the hosts the plugins declare by the service (`links/web-link.ts`). */
export const ResolveParams = z.object({
  url: z
    .string(required("url"))
    .min(1, "parameter url is required")
    .max(MAX_LINK_LENGTH, `parameter url must be at most ${MAX_LINK_LENGTH} characters`)
    .describe("extension: a web link to a song, album, artist or playlist page of a source (https://www.deezer.com/track/3135556); never fetched"),
});
export type ResolveParams = z.output<typeof ResolveParams>;

export const NoParams = z.object({});

export type ImportOptions = z.output<typeof ImportParams>;
