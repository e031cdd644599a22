/**
 * How well a song answers a search, as a score: the higher, the earlier it is listed. Title
 * and artists are compared with the query word by word, folded (accents, case, punctuation,
 * `&`/`and`), in tiers:
 *
 * | score | the query is … |
 * |---|---|
 * | 7 | the title and an artist, in either order (`get lucky daft punk`; the artist named as in tier 6: `weeknd blinding lights`) |
 * | 6 | an artist's name (a leading "the" or not, as `artistKey` reads artists): who asks for `radiohead` wants Radiohead's songs first |
 * | 5 | the title (with or without its tags) |
 * | 4 | words that are all whole words of the title or artists |
 * | 3 | words that all begin words of the title or artists (`get luck`) |
 * | 2 | contained in the title or artists as they are written together (`etlu`) |
 * | 1 to 2 | partly found: 1 plus the share of its words that begin a word there |
 * | 0 | not found |
 *
 * A version the query does not ask for (`(Live)`, `(Remix)` when the query says neither)
 * costs half a tier, so the recording itself comes before its versions. Query, title and
 * artists are also compared in Latin letters (`latin.ts`), so that `ostayomsya zimovat` finds
 * `Остаёмся зимовать` (and so does `ostaemsya`: ё is read as written and as е); a song found only
 * so costs a quarter of a tier, so the form written as asked comes first.
 */
import { artistKey, fold, words } from "./fold.ts";
import { inOtherScript, latinReadings } from "./latin.ts";
import { parseTitle } from "./title.ts";

/** What a song found only in Latin letters costs. */
const TRANSLITERATED_COST = 0.25;

export interface Searchable {
  name: string;
  artist: readonly string[];
}

export function relevance(query: string, song: Searchable): number {
  const asked = words(query);
  if (asked.length === 0) return 0;
  const parsed = parseTitle(song.name, song.artist);
  const unasked = parsed.versions.some((version) => version.split(/[\s@]+/).some((word) => word !== "" && !asked.includes(word))) ? 0.5 : 0;
  const own = tier(asked, [fold(song.name), parsed.core], song.artist.map(fold)) - unasked;
  if (!inOtherScript(query) && !inOtherScript(song.name) && !song.artist.some(inOtherScript)) return own;
  const titles = [song.name, parsed.title].flatMap(latinReadings).map(fold);
  const artists = song.artist.flatMap(latinReadings).map(fold);
  const inLatin = Math.max(...latinReadings(query).map((asked) => tier(words(asked), titles, artists)));
  return Math.max(own, inLatin - TRANSLITERATED_COST - unasked);
}

// --- internal ---

function tier(asked: string[], titleForms: string[], artistForms: string[]): number {
  if (asked.length === 0) return 0;
  const q = asked.join(" ");
  const titles = [...new Set(titleForms.filter((t) => t !== ""))];
  const artists = artistForms.filter((a) => a !== "");
  // The rest of the query beside the title names an artist as tier 6 reads one (`weeknd blinding lights`).
  const names = (rest: string) => rest !== "" && artists.some((a) => artistKey(a) === artistKey(rest));
  const beside = (t: string) => (q.startsWith(`${t} `) && names(q.slice(t.length + 1))) || (q.endsWith(` ${t}`) && names(q.slice(0, q.length - t.length - 1)));
  if (titles.some((t) => artists.some((a) => q === `${t} ${a}` || q === `${a} ${t}`) || beside(t))) return 7;
  // `quiet harbour` names The Quiet Harbour: the matcher's one artist, whether "the" is written or not.
  if (artists.includes(q) || artists.some((a) => artistKey(a) === artistKey(q))) return 6;
  if (titles.includes(q)) return 5;
  const own = [...titles, ...artists].flatMap((text) => text.split(" "));
  const whole = new Set(own);
  if (asked.every((word) => whole.has(word))) return 4;
  const begins = (word: string) => own.some((w) => w.startsWith(word));
  if (asked.every(begins)) return 3;
  if ([...titles, ...artists].join(" ").includes(q) || titles.some((t) => artists.some((a) => `${t} ${a}`.includes(q)))) return 2;
  const found = asked.filter(begins).length;
  return found ? 1 + found / asked.length : 0;
}
