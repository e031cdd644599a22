/**
 * What frames a song's title in the sources' spellings, taken off before its tags are read: a
 * track number (`01 - `), the artist's name before or after it (`Artist - Title`, a file's
 * `Title - Artist`), a live set's segue mark (`->`), and iTunes' ` - Single` on an album.
 * Each reads the title's ends only, in linear time.
 */
import { artistKey } from "./fold.ts";
import { spaceBefore } from "@music-aggregator/core";
import { endsWithWord, isSpace } from "@music-aggregator/core/host";

/**
 * Without a leading track number (`01 - `, `3. `, `02_`, or a zero-padded `01 ` as file names
 * have it) and an `Artist - ` prefix naming one of `credited`.
 */
export function withoutPrefix(text: string, credited: ReadonlySet<string>): string {
  // The character after the number is matched and put back: a prefix is one only when a title follows.
  const rest = text.replace(/^(?:\d{1,3}\s*(?:[-–.)_]|\s-)|0\d{1,2}\s)\s*(\S)/, "$1");
  const dash = rest.search(/\s[-–—]\s/);
  return dash > 0 && credited.has(artistKey(rest.slice(0, dash))) ? rest.slice(dash + 3) : rest;
}

/** Without a ` - Artist` suffix naming one of `credited` (file names: `Title - Artist`). */
export function withoutSuffix(text: string, credited: ReadonlySet<string>): string {
  const dash = text.search(/\s[-–—]\s[^-–—]+$/);
  return dash > 0 && credited.has(artistKey(text.slice(dash + 3))) ? text.slice(0, dash) : text;
}

/** Without a live set's segue mark at the end (`Scarlet Begonias ->`, `… >`). */
export function withoutSegue(title: string): string {
  const end = spaceBefore(title, title.length);
  if (title[end - 1] !== ">") return title;
  let start = end - 1;
  while (start > 0 && title[start - 1] === "-") start--;
  return title.slice(0, start);
}

/** Without iTunes' ` - Single` or ` - EP` at the end of an album's name. */
export function withoutReleaseKind(album: string): string {
  const word = ["single", "ep"].find((w) => endsWithWord(album, album.length, w));
  if (!word) return album;
  const dash = spaceBefore(album, album.length - word.length) - 1;
  if (dash === album.length - word.length - 1 || album[dash] !== "-" || !isSpace(album.charCodeAt(dash - 1))) return album;
  return album.slice(0, spaceBefore(album, dash));
}
