/**
 * Which reader reads an imported playlist: the one its content type names, or the one its
 * first characters call for (a type that names none: text/plain, a form's, none at all).
 */
import { InputError, clipName } from "@music-aggregator/core";
import { FORMAT_NAMES, IMPORT_LIMITS, tooManyTracks, type ImportFormat, type PlaylistFile } from "./playlist-file.ts";
import { decodeBody, mediaTypeOf, utf16Text } from "./decode.ts";
import { readJspf, readXspf } from "./read-documents.ts";
import { readM3u, readText } from "./read-lines.ts";

/**
 * The playlist a body holds, read as its content type names it, or as its first characters say;
 * its bytes decoded as `decode.ts` says (a string is text already).
 */
export function readPlaylistFile(bytes: string | Buffer, contentType: string | undefined): PlaylistFile {
  // UTF-16 is decoded before anything looks at it: its first characters are two bytes each.
  const body = typeof bytes === "string" ? bytes : (utf16Text(bytes) ?? bytes);
  // The characters sniffing reads are ASCII: any charset taken gives the same.
  const format = FORMAT_OF_TYPE[mediaTypeOf(contentType)] ?? sniff(typeof body === "string" ? body : body.toString("utf8"));
  const decoded = typeof body === "string" ? body : decodeBody(body, contentType, format);
  const text = decoded.charCodeAt(0) === 0xfeff ? decoded.slice(1) : decoded;
  const file = READERS[format](text);
  if (!file.tracks.length) throw new InputError(`body holds no track (read as ${FORMAT_NAMES[format]})`);
  if (file.tracks.length > IMPORT_LIMITS.tracks) throw tooManyTracks(file.tracks.length);
  return { title: clipName(file.title), creator: file.creator === null ? null : clipName(file.creator), tracks: file.tracks };
}

// --- internal ---

const READERS: Record<ImportFormat, (text: string) => PlaylistFile> = { jspf: readJspf, xspf: readXspf, m3u: readM3u, text: readText };

const FORMAT_OF_TYPE: Record<string, ImportFormat> = {
  "application/jspf+json": "jspf",
  "application/json": "jspf",
  "application/xspf+xml": "xspf",
  "application/xml": "xspf",
  "text/xml": "xspf",
  "audio/x-mpegurl": "m3u",
  "audio/mpegurl": "m3u",
  "application/x-mpegurl": "m3u",
  "application/vnd.apple.mpegurl": "m3u",
};

/** A body whose type names no format (text/plain, a form, none): by its first characters (a byte order mark is white space to trimStart). */
function sniff(text: string): ImportFormat {
  const start = text.trimStart();
  if (start.startsWith("{") || start.startsWith("[")) return "jspf";
  if (start.startsWith("<")) return "xspf";
  return start.startsWith("#EXTM3U") || start.startsWith("#EXTINF") ? "m3u" : "text";
}
