/**
 * The text of an imported playlist's bytes (docs/decisions.md, "Transfer a playlist"). A
 * charset the body names is read as named: UTF-8's byte order mark, else `charset=` in
 * Content-Type, else an XSPF's XML declaration (utf-8, or iso-8859-1 and windows-1252, which the
 * web reads as one). Otherwise UTF-8 when the bytes are UTF-8. When they are not: a classic M3U
 * or a text file is in the system's code page, read as windows-1252 (the most common one); JSPF
 * (JSON), XSPF (XML) and M3U8 are UTF-8 by definition, and a file that says UTF-8 must be, so
 * their bad bytes are a 1001 naming the line, never turned silently into U+FFFD.
 */
import { InputError } from "@music-aggregator/core";
import type { ImportFormat } from "./playlist-file.ts";

export function decodeBody(bytes: Buffer, contentType: string | undefined, format: ImportFormat): string {
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = bom ? bytes.subarray(3) : bytes;
  const named = bom ? { encoding: "utf-8", by: "it begins with UTF-8's byte order mark" } : charsetOf(contentType) ?? (format === "xspf" ? xmlEncodingOf(body) : undefined);
  if (named?.encoding === "windows-1252") return windows1252(body);
  const bad = firstBadByte(body);
  if (bad < 0) return body.toString("utf8");
  const m3u8 = format === "m3u" && M3U8_TYPES.has(mediaTypeOf(contentType));
  const why = named?.by ?? (m3u8 ? "an M3U8 is UTF-8" : UTF8_BY_DEFINITION[format]);
  if (!why) return windows1252(body);
  const hex = body[bad].toString(16).toUpperCase().padStart(2, "0");
  throw new InputError(`body is not UTF-8 (${why}): line ${lineOf(body, bad)} holds byte 0x${hex}; send UTF-8, or name the charset (charset=windows-1252)`);
}

/**
 * The text of bytes that begin with UTF-16's byte order mark (little or big endian), without
 * it; undefined for any other bytes. XML's other encoding every reader must take, and what
 * Notepad saves as "Unicode": read as the mark says, before the format is recognised by its
 * first characters. Ill-formed UTF-16 (a lone surrogate) is 1001 naming its line.
 */
export function utf16Text(bytes: Buffer): string | undefined {
  const order = bytes[0] === 0xff && bytes[1] === 0xfe ? "utf-16le" : bytes[0] === 0xfe && bytes[1] === 0xff ? "utf-16be" : undefined;
  // FF FE 00 00 is UTF-32's mark (little endian), which no file here is in.
  if (!order || (order === "utf-16le" && bytes[2] === 0 && bytes[3] === 0)) return undefined;
  const body = bytes.subarray(2);
  try {
    return new TextDecoder(order, { fatal: true }).decode(body);
  } catch {
    const text = new TextDecoder(order).decode(body);
    const line = text.slice(0, text.indexOf("\ufffd")).split(/\r\n|\r|\n/).length;
    throw new InputError(`body is not UTF-16 (it begins with UTF-16's byte order mark): line ${line} holds an ill-formed sequence; send UTF-8`);
  }
}

/** A content type's media type, lowercase, without its parameters. */
export function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? "").split(";")[0].trim().toLowerCase();
}

// --- internal ---

/** The formats whose files are UTF-8 unless they say otherwise. */
const UTF8_BY_DEFINITION: Partial<Record<ImportFormat, string>> = { jspf: "JSPF is JSON, which is UTF-8", xspf: "XML that names no other encoding is UTF-8" };

/** The types that name an M3U8 (RFC 8216, whose playlists are UTF-8); `audio/x-mpegurl` names a classic M3U. */
const M3U8_TYPES = new Set(["application/vnd.apple.mpegurl", "audio/mpegurl"]);

interface Named {
  /** WHATWG's name of the encoding: `utf-8` or `windows-1252` (the two read here) */
  encoding: string;
  /** what named it, for a refusal */
  by: string;
}

/** The charset Content-Type names, when it is one read here. */
function charsetOf(contentType: string | undefined): Named | undefined {
  const param = (contentType ?? "").split(";").slice(1).map((p) => p.split("=")).find(([key]) => key.trim().toLowerCase() === "charset");
  const label = param?.[1]?.trim().replace(/^"(.*)"$/, "$1");
  return known(label, `its Content-Type says charset=${label}`);
}

/** The encoding an XML declaration names (`<?xml version="1.0" encoding="…"?>`), when it is one read here. */
function xmlEncodingOf(body: Buffer): Named | undefined {
  // The declaration is ASCII at the very start: its first bytes read alike in every charset taken.
  const declared = /^<\?xml\s[^>]{0,100}?encoding\s*=\s*["']([A-Za-z0-9._:-]{1,40})["']/.exec(body.subarray(0, 200).toString("latin1"));
  return declared ? known(declared[1], `its XML declaration says encoding="${declared[1]}"`) : undefined;
}

/** A charset label the way the web resolves it (iso-8859-1, latin1 and us-ascii are windows-1252), when it is UTF-8 or windows-1252. */
function known(label: string | undefined, by: string): Named | undefined {
  if (!label) return undefined;
  let encoding: string;
  try {
    encoding = new TextDecoder(label).encoding;
  } catch {
    return undefined;
  }
  return encoding === "utf-8" || encoding === "windows-1252" ? { encoding, by } : undefined;
}

/**
 * Windows-1252: Latin-1 but for 0x80–0x9F, which carry the quotes, dashes and € a title has
 * (WHATWG's index). Node 20's TextDecoder reads it as Latin-1 (nodejs/node#56542), so not by it.
 */
function windows1252(body: Buffer): string {
  return body.toString("latin1").replace(/[\x80-\x9f]/g, (c) => C1_OF_1252[c.charCodeAt(0) - 0x80]);
}

const C1_OF_1252 =
  "\u20ac\x81\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\x8d\u017d\x8f" +
  "\x90\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\x9d\u017e\u0178";

/** Where the first byte is that is not part of well-formed UTF-8 (no overlong form, surrogate or code past U+10FFFF); -1 when none is. */
function firstBadByte(b: Buffer): number {
  for (let i = 0; i < b.length; ) {
    const c = b[i];
    if (c < 0x80) {
      i++;
      continue;
    }
    const more = c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : 0;
    if (!more) return i;
    // The second byte's range is narrower after E0 and F0 (overlong forms), ED (surrogates) and F4 (past U+10FFFF).
    const low = c === 0xe0 ? 0xa0 : c === 0xf0 ? 0x90 : 0x80;
    const high = c === 0xed ? 0x9f : c === 0xf4 ? 0x8f : 0xbf;
    if (!(b[i + 1] >= low && b[i + 1] <= high)) return i;
    for (let k = 2; k <= more; k++) if (!(b[i + k] >= 0x80 && b[i + k] <= 0xbf)) return i;
    i += more + 1;
  }
  return -1;
}

/** The line (from 1) byte `at` is on, lines ending as the readers end them: CR LF, CR or LF. */
function lineOf(body: Buffer, at: number): number {
  let line = 1;
  for (let i = 0; i < at; i++) if (body[i] === 0x0a || (body[i] === 0x0d && body[i + 1] !== 0x0a)) line++;
  return line;
}
