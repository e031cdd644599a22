/**
 * What to search the other sources for to find a song's copies: its title without tags or
 * credits, and the first name of its first credited artist (`Okoro & The Tide` is `Okoro`, `The
 * Quiet Harbour` is `Quiet Harbour`), words only, without the little words sources write
 * differently (`&` or `and`, a leading `The`). Search engines that want every word then find a
 * copy however its source writes the rest; the matcher judges what they return.
 */
import { parseTitle } from "./title.ts";

/** The longest query a search takes (`/v1/search`'s limit for `q`). */
const MAX_LENGTH = 80;
/** Words one source writes and another leaves out or spells otherwise. */
const LITTLE = new Set(["and", "&", "n", "the", "a", "an", "of", "+"]);

export function copiesQuery(song: { name: string; artist: readonly string[] }): string {
  const { title } = parseTitle(song.name, song.artist);
  const first = song.artist.find((name) => name.trim() !== "") ?? "";
  const artist = first
    .split(/\s+\(?(?:feat\.?|ft\.?|featuring|with)\s+/i)[0]
    .split(/\s*(?:,|;|\/|&|\+|\band\b|\bx\b|\bvs\.?)\s*/i)[0]
    .replace(/^the\s+/i, "");
  const all = `${title} ${artist}`.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
  const kept = all.filter((word) => !LITTLE.has(word.toLowerCase()));
  const words = kept.length ? kept : all;
  let query = "";
  for (const word of words) {
    if (`${query} ${word}`.trim().length > MAX_LENGTH) break;
    query = `${query} ${word}`.trim();
  }
  return query;
}
