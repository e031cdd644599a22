/**
 * Titles that name a track's place on its album rather than a song (`Intro`, `Interlude 2`,
 * `Skit`, `Untitled`, an archive file's `Track 01`): an artist gives one to many albums, each
 * its own recording, often of nearly one length (short ones most of all), so only the album
 * can say two of them are one.
 */

/** Words such a title is made of… */
const PLACE_WORDS = new Set(["intro", "introduction", "outro", "interlude", "skit", "prelude", "postlude", "untitled", "track", "hidden", "segue"]);
/** … and those that number it: `Interlude (Part 2)`, `Skit No. 3`, `Intro II`. */
const NUMBERING_WORDS = new Set(["part", "no", "number"]);

/** Whether a folded title (`Recording.core`) names a track's place rather than a song. */
export function isPlaceTitle(core: string): boolean {
  const words = core.split(" ");
  return words.some((word) => PLACE_WORDS.has(word)) && words.every((word) => PLACE_WORDS.has(word) || NUMBERING_WORDS.has(word) || /^(?:\d+|[ivx]+)$/.test(word));
}
