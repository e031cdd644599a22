/**
 * Text as the matcher compares it: accents, case and punctuation folded away, `&` and `+`
 * read as "and", apostrophes dropped (`Don't` is `dont`), a few spellings made one (`pt` is
 * `part`, `n` is `and`). Two texts that a listener would call the same words fold to the
 * same string; nothing is guessed beyond that.
 */

/** Letters NFKD does not take apart, as their usual Latin spelling. */
const LETTERS: Record<string, string> = { ß: "ss", æ: "ae", ø: "o", œ: "oe", ł: "l", đ: "d", ð: "d", þ: "th", ı: "i" };
/** Words written in several ways that mean the same. */
const WORDS: Record<string, string> = { pt: "part", n: "and", vs: "versus", feat: "featuring", ft: "featuring", w: "with" };

/** Lower-case words without accents or punctuation, separated by single spaces. */
export function fold(text: string): string {
  return words(text).join(" ");
}

/** The folded words of a text. */
export function words(text: string): string[] {
  const plain = text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[ßæøœłđðþı]/g, (c) => LETTERS[c])
    .replace(/['’‘`´]/g, "")
    .replace(/[&+]/g, " and ");
  return plain
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== "")
    .map((w) => WORDS[w] ?? w);
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
 * `feat.`, `ft.` or `with` are guests, not the credit's own.
 */
export function artistKeys(credit: string): string[] {
  const own = credit.split(/\s+\(?(?:feat\.?|ft\.?|featuring|with)\s+/i)[0];
  const parts = own.split(/\s*(?:,|;|\/|&|\+|\band\b|\bx\b|\bvs\.?)\s*/i);
  // An upload channel's name: `Artist Official`, `ArtistVEVO`, `Artist - Topic` are the artist's.
  const channel = own.replace(/[\s-]*(?:official|oficial|officiel|vevo|topic)\s*$/i, "");
  return [...new Set([artistKey(own), ...parts.map(artistKey), artistKey(channel)].filter((k) => k !== ""))];
}
