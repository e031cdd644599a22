/**
 * The document playlist files: JSPF (JSON, `{"playlist": {"title", "creator", "track": [{"title",
 * "creator", "album", "duration"}]}}` as ListenBrainz documents it) and XSPF (its XML form).
 * Both are bounded before they are parsed: JSON's depth and values counted in one pass, XML's
 * tags and element names too (`xml-limits.ts`); XML is read
 * by fast-xml-parser with no entity expansion (`processEntities: false`; the five predefined
 * entities and character references are decoded here, nothing else is), a nesting bound, and
 * no document type declaration at all: XSPF needs none, and an entity bomb needs one.
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { z } from "zod";
import { InputError, jsonLimitProblem } from "@music-aggregator/core";
import { jsonSyntaxMessage } from "../json-error.ts";
import { Faults, IMPORT_LIMITS, fileTrack, tooManyTracks, type FileTrack, type PlaylistFile } from "./playlist-file.ts";
import { xmlLimitProblem } from "./xml-limits.ts";

export function readJspf(text: string): PlaylistFile {
  const problem = jsonLimitProblem(text, { maxDepth: IMPORT_LIMITS.depth, maxValues: 100_000 });
  if (problem) throw new InputError(`body is not a JSPF playlist this service takes: ${problem}`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new InputError(`body is not JSON: ${jsonSyntaxMessage(text, error as Error).split(":\n")[0]}`);
  }
  const parsed = Jspf.safeParse(value);
  if (!parsed.success) {
    const faults = new Faults();
    for (const issue of parsed.error.issues) faults.add(...wherein(issue.path), issue.message);
    faults.check("jspf");
  }
  const { playlist } = parsed.data!;
  return documentOf("jspf", playlist.title, playlist.creator, playlist.track);
}

export function readXspf(text: string): PlaylistFile {
  if (/<!DOCTYPE/i.test(text)) throw new InputError("body is not an XSPF playlist this service takes: a document type declaration (<!DOCTYPE …>) is refused (XSPF needs none; entities are never expanded)");
  const problem = xmlLimitProblem(text);
  if (problem) throw new InputError(`body is not an XSPF playlist this service takes: ${problem}`);
  let document: { playlist?: XmlNode };
  try {
    document = XML.parse(text) as typeof document;
  } catch (error) {
    const said = error instanceof Error ? error.message : "unreadable XML";
    if (NESTING.test(said)) throw new InputError(`body is not an XSPF playlist this service takes: its elements are nested too deep (at most ${IMPORT_LIMITS.depth} levels of elements)`);
    // The parser says where it stopped in its own words ("readTagExp returned undefined"); the validator names the fault and its line.
    notWellFormed(text);
    throw new InputError(`body is not an XSPF playlist this service takes: ${said}`);
  }
  notWellFormed(text);
  const playlist = document.playlist;
  const list = typeof playlist === "object" ? (playlist.trackList as XmlNode | string | undefined) : undefined;
  if (typeof list !== "object" && list !== "") throw new InputError("body is not an XSPF playlist: expected <playlist> holding <trackList>");
  const tracks = typeof list === "object" ? ((list.track as XmlNode[] | undefined) ?? []) : [];
  // Past the bound before any track is read, as JSPF's list is (60,000 empty tracks fit the body bound).
  if (tracks.length > IMPORT_LIMITS.tracks) throw tooManyTracks(tracks.length);
  const duration = (node: XmlNode) => (node.duration === undefined ? undefined : /^\d{1,10}$/.test(textOf(node.duration)) ? Number(textOf(node.duration)) : textOf(node.duration));
  const read = tracks.map((node) => ({ title: textOf(node.title) || undefined, creator: textOf(node.creator), album: textOf(node.album), duration: duration(node) }));
  return documentOf("xspf", textOf(playlist!.title), textOf(playlist!.creator) || undefined, read);
}

// --- internal ---

type XmlNode = { [name: string]: XmlNode | XmlNode[] | string | undefined };

const XML = new XMLParser({
  processEntities: false,
  ignoreAttributes: true,
  parseTagValue: false,
  maxNestedTags: IMPORT_LIMITS.depth,
  isArray: (name) => name === "track",
});

/** The parser's words when it stops at `maxNestedTags`. */
const NESTING = /nested tags/i;

/** A 1001 naming the first fault of XML that is not well-formed, with its line (and column when the validator knows it). */
function notWellFormed(text: string): void {
  const found = XMLValidator.validate(text);
  if (found === true) return;
  const { line, col, msg } = found.err;
  throw new InputError(`body is not well-formed XML: line ${line}${col === undefined ? "" : `, column ${col}`}: ${msg}`);
}

/** A track of either form, checked: a title is needed, a duration is whole milliseconds. */
const DocumentTrack = z.looseObject({
  title: z.string("title is required (a text)").min(1, "title is required"),
  creator: z.string("creator must be a text").nullish(),
  album: z.string("album must be a text").nullish(),
  duration: z.number("duration must be whole milliseconds").int("duration must be whole milliseconds").nonnegative("duration must be whole milliseconds").nullish(),
});

const Jspf = z.object(
  {
    playlist: z.looseObject({
      title: z.string("must be a text").nullish(),
      creator: z.string("must be a text").nullish(),
      track: z.array(z.unknown(), "must be a list of tracks").max(IMPORT_LIMITS.tracks, `at most ${IMPORT_LIMITS.tracks} tracks are taken`),
    }, "expected {\"playlist\": {…}}"),
  },
  "expected a JSON object {\"playlist\": {…}}",
);

/** The tracks of either form, each checked; every fault is listed by the track's number. */
function documentOf(format: "jspf" | "xspf", title: string | null | undefined, creator: string | null | undefined, tracks: unknown[]): PlaylistFile {
  const faults = new Faults();
  const read: FileTrack[] = [];
  tracks.forEach((value, i) => {
    const track = DocumentTrack.safeParse(value);
    if (!track.success) for (const issue of track.error.issues) faults.add("track", i + 1, issue.message);
    else read.push(fileTrack(track.data.title, track.data.creator ?? "", track.data.album ?? "", (track.data.duration ?? 0) / 1000));
  });
  faults.check(format);
  return { title: title || "Imported playlist", creator: creator || null, tracks: read };
}

/** Where a JSPF issue is: its track's number when it is in one, else the field's path. */
function wherein(path: PropertyKey[]): [string, number | undefined] {
  return path[0] === "playlist" && path[1] === "track" && typeof path[2] === "number" ? ["track", path[2] + 1] : [path.join(".") || "body", undefined];
}

/** An element's text, its entity and character references decoded (none is ever expanded beyond these). */
function textOf(node: XmlNode | XmlNode[] | string | undefined): string {
  const first = Array.isArray(node) ? node[0] : node;
  const text = typeof first === "string" ? first : typeof first?.["#text"] === "string" ? first["#text"] : "";
  return text.replace(/&(lt|gt|amp|quot|apos|#\d{1,7}|#x[0-9A-Fa-f]{1,6});/g, (_, name: string) => {
    if (name[0] !== "#") return PREDEFINED[name];
    const code = name[1] === "x" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
  });
}

const PREDEFINED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };
