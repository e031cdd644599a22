/**
 * What to search the other sources for to find a song's copies: its title, without its tags,
 * credits or track number, words only, without the little words sources write differently
 * (`&` or `and`, `The`). The title alone finds a copy however its source credits the artist
 * (`Okoro` or `Okoro & The Tide`, a label's upload), with engines that want every word of the
 * query and with those that look for it in the title; the copies, which share the title, rank
 * high for it, and the matcher judges which of the songs found are the same recording.
 */
import { parseTitle } from "./title.ts";

/** The longest query a search takes (`/v1/search`'s limit for `q`). */
const MAX_LENGTH = 80;
/** Words one source writes and another leaves out or spells otherwise. */
const LITTLE = new Set(["and", "&", "n", "the", "a", "an", "of", "+"]);

export function copiesQuery(song: { name: string; artist: readonly string[] }): string {
  const { title } = parseTitle(song.name, song.artist);
  const all = title.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
  const kept = all.filter((word) => !LITTLE.has(word.toLowerCase()));
  let query = "";
  for (const word of kept.length ? kept : all) {
    if (`${query} ${word}`.trim().length > MAX_LENGTH) break;
    query = `${query} ${word}`.trim();
  }
  return query;
}
