/**
 * How well a song answers a search, as a score: the higher, the earlier it is listed. Title
 * and artists are compared with the query word by word, folded (accents, case, punctuation,
 * `&`/`and`), in tiers:
 *
 * | score | the query is … |
 * |---|---|
 * | 7 | the title and an artist, in either order (`get lucky daft punk`) |
 * | 6 | the title (with or without its tags) |
 * | 5 | an artist's name |
 * | 4 | words that are all whole words of the title or artists |
 * | 3 | words that all begin words of the title or artists (`get luck`) |
 * | 2 | contained in the title or artists as they are written together (`etlu`) |
 * | 1 to 2 | partly found: 1 plus the share of its words that begin a word there |
 * | 0 | not found |
 *
 * A version the query does not ask for (`(Live)`, `(Remix)` when the query says neither)
 * costs half a tier, so the recording itself comes before its versions.
 */
import { fold, words } from "./fold.ts";
import { parseTitle } from "./title.ts";

export interface Searchable {
  name: string;
  artist: readonly string[];
}

export function relevance(query: string, song: Searchable): number {
  const asked = words(query);
  if (asked.length === 0) return 0;
  const q = asked.join(" ");
  const parsed = parseTitle(song.name, song.artist);
  const titles = [...new Set([fold(song.name), parsed.core].filter((t) => t !== ""))];
  const artists = song.artist.map(fold).filter((a) => a !== "");
  const unasked = parsed.versions.some((version) => version.split(/[\s@]+/).some((word) => word !== "" && !asked.includes(word))) ? 0.5 : 0;
  return tier(q, asked, titles, artists) - unasked;
}

// --- internal ---

function tier(q: string, asked: string[], titles: string[], artists: string[]): number {
  if (titles.some((t) => artists.some((a) => q === `${t} ${a}` || q === `${a} ${t}`))) return 7;
  if (titles.includes(q)) return 6;
  if (artists.includes(q)) return 5;
  const own = [...titles, ...artists].flatMap((text) => text.split(" "));
  const whole = new Set(own);
  if (asked.every((word) => whole.has(word))) return 4;
  const begins = (word: string) => own.some((w) => w.startsWith(word));
  if (asked.every(begins)) return 3;
  if ([...titles, ...artists].join(" ").includes(q) || titles.some((t) => artists.some((a) => `${t} ${a}`.includes(q)))) return 2;
  const found = asked.filter(begins).length;
  return found ? 1 + found / asked.length : 0;
}
