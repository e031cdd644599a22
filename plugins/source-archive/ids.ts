/**
 * Ids and addresses. An item (album) is its identifier; a song is `{identifier}/{file}`, the
 * file being the original's path inside the item, which may itself contain `/` and spaces:
 * the id splits at its first `/` only. Everything that reaches a path is checked here first,
 * so an id that cannot be the archive's is 3001 without a request, and no id can climb out of
 * its path or add a query.
 */
import { NotFoundError } from "@music-aggregator/core";

/** The archive's identifiers: letters, digits, `_`, `-` and `.`, at most 100, not starting with `.` or `-`. */
const IDENTIFIER = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,99}$/;
/** Ids of every kind are at most this long (the core's id limit). */
const MAX_ID = 512;
/** Control characters and the backslash, which some servers read as a path separator. */
const UNSAFE = /[\u0000-\u001f\u007f\\]/;

export interface SongRef {
  identifier: string;
  /** the original's path inside the item */
  file: string;
}

/** An item identifier, checked; anything else is 3001. */
export function itemId(id: string): string {
  if (!IDENTIFIER.test(id)) throw new NotFoundError(`Internet Archive has no item "${shorten(id)}": identifiers are letters, digits, _ - and .`);
  return id;
}

/** The item and file of a song id, checked; anything else is 3001. */
export function songRef(id: string): SongRef {
  const slash = id.indexOf("/");
  if (slash < 0 || id.length > MAX_ID) throw new NotFoundError(`Internet Archive has no song "${shorten(id)}": song ids are {identifier}/{file}`);
  const file = id.slice(slash + 1);
  const segments = file.split("/");
  if (UNSAFE.test(file) || segments.some((s) => s === "" || s === "." || s === "..")) {
    throw new NotFoundError(`Internet Archive has no song "${shorten(id)}": not a file path of an item`);
  }
  return { identifier: itemId(id.slice(0, slash)), file };
}

/** The song id of an item's file. */
export const songId = (identifier: string, file: string): string => `${identifier}/${file}`;

/** `/metadata/{identifier}`. */
export const metadataPath = (identifier: string): string => `/metadata/${encodeURIComponent(itemId(identifier))}`;

/** The public address of one file of an item: `{baseURL}/download/{identifier}/{file}`, each segment encoded. */
export function downloadUrl(baseURL: string, identifier: string, file: string): string {
  return `${trimSlash(baseURL)}/download/${encodeURIComponent(identifier)}/${file.split("/").map(encodeURIComponent).join("/")}`;
}

/** The item's public page: `{baseURL}/details/{identifier}`. */
export const detailsUrl = (baseURL: string, identifier: string): string => `${trimSlash(baseURL)}/details/${encodeURIComponent(identifier)}`;

/** The item's picture as the archive's image service gives it: `{baseURL}/services/img/{identifier}`. */
export const coverUrl = (baseURL: string, identifier: string): string => `${trimSlash(baseURL)}/services/img/${encodeURIComponent(identifier)}`;

// --- internal ---

function trimSlash(baseURL: string): string {
  return baseURL.replace(/\/+$/, "");
}

/** An id as it may appear in a message: bounded, without control characters. */
function shorten(id: string): string {
  const clean = id.replace(/[\u0000-\u001f\u007f]/g, "?");
  return clean.length > 80 ? `${clean.slice(0, 77)}...` : clean;
}
