/**
 * Text as the matcher compares it: accents, case and punctuation folded away, `&` and `+`
 * read as "and", apostrophes dropped (`Don't` is `dont`), a few spellings made one (`pt` is
 * `part`, `n` is `and`, a part's number in digits: `Part II` is `part 2`). Two texts that a listener would call the same words fold to the
 * same string; nothing is guessed beyond that.
 */
import { clipName, spaceBefore } from "@music-aggregator/core";
import { endsWithWord, isSpace } from "@music-aggregator/core/host";

/** Letters NFKD does not take apart, as their usual Latin spelling. */
const LETTERS: Record<string, string> = { ß: "ss", æ: "ae", ø: "o", œ: "oe", ł: "l", đ: "d", ð: "d", þ: "th", ı: "i" };
/** Words written in several ways that mean the same. */
const WORDS: Record<string, string> = { pt: "part", n: "and", vs: "versus", feat: "featuring", ft: "featuring", w: "with" };
/** A part's number as Roman numerals or a word, in digits (`Part II`, `Pt. I`, `Part One`: `part 2`, `part 1`, `part 1`). */
const PART_NUMBERS: Record<string, string> = {
  i: "1", ii: "2", iii: "3", iv: "4", v: "5", vi: "6", vii: "7", viii: "8", ix: "9", x: "10",
  one: "1", two: "2", three: "3", four: "4", five: "5", six: "6", seven: "7", eight: "8", nine: "9", ten: "10",
};

/** Lower-case words without accents or punctuation, separated by single spaces. */
export function fold(text: string): string {
  return words(text).join(" ");
}

/** The folded words of a text (of its first `MAX_NAME_LENGTH` characters: names from outside are no longer). */
export function words(text: string): string[] {
  const plain = clipName(text)
    // Before NFKD, which makes `´` a space and an accent: every character written as an apostrophe
    // (`’`, `ʼ`, `´`, `′`…) goes, as `'` does (`Don´t` and `Donʼt` are `dont`).
    .replace(/['’‘‛`´ʼ′＇]/g, "")
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[ßæøœłđðþı]/g, (c) => LETTERS[c])
    .replace(/[&+]/g, " and ");
  return plain
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== "")
    // own keys only: a title's `constructor` is a word, not the table's Object function
    .map((w) => (Object.hasOwn(WORDS, w) ? WORDS[w] : w))
    .map((w, i, all) => (i > 0 && all[i - 1] === "part" && Object.hasOwn(PART_NUMBERS, w) ? PART_NUMBERS[w] : w));
}

/**
 * An artist's name as a key: folded, a leading "the" dropped, spaces removed (`The Beatles`,
 * `Beatles` and `beatles` are one artist; so are `Daft Punk` and `DaftPunk`).
 */
export function artistKey(name: string): string {
  const w = words(name);
  return (w[0] === "the" && w.length > 1 ? w.slice(1) : w).join("");
}

/**
 * The artists a credit names as its own: the whole credit, and each name of a collaboration
 * written in one string (`Simon & Garfunkel`, `A, B and C`, `A x B`), as keys. Artists after
 * `feat.`, `ft.` or `with` are guests, not the credit's own. Only its first `MAX_NAME_LENGTH`
 * characters are read.
 */
export function artistKeys(text: string): string[] {
  const credit = clipName(text);
  const guests = GUESTS.exec(credit);
  const own = guests ? credit.slice(0, spaceBefore(credit, guests.index)) : credit;
  // White space around a separator is left on the names: a key has none.
  const parts = own.split(/(?:,|;|\/|&|\+|\band\b|\bx\b|\bvs\.?)\s*/i);
  return [...new Set([artistKey(own), ...parts.map(artistKey), artistKey(channelOf(own))].filter((k) => k !== ""))];
}

// --- internal ---

/** Where a credit's guests begin: the white space before the first `feat.`, `ft.`, `featuring` or `with`. */
const GUESTS = /\s\(?(?:feat\.?|ft\.?|featuring|with)\s/i;
/** What an upload channel's name adds to its artist's: `Artist Official`, `ArtistVEVO`, `Artist - Topic`. */
const CHANNEL_WORDS = ["official", "oficial", "officiel", "vevo", "topic"];

/** A credit without a channel's word at its end, nor the spaces and dashes before that word. */
function channelOf(credit: string): string {
  const end = spaceBefore(credit, credit.length);
  const word = CHANNEL_WORDS.find((w) => endsWithWord(credit, end, w));
  if (!word) return credit;
  let start = end - word.length;
  while (start > 0 && (credit[start - 1] === "-" || isSpace(credit.charCodeAt(start - 1)))) start--;
  return credit.slice(0, start);
}
