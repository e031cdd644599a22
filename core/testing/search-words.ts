/** How a simulator's search finds things, as upstream search engines do: by words, not by one substring. */

/**
 * Whether every word of `query` (split at spaces, any case, accents ignored) occurs in one of
 * `fields`: `paper marlow` finds "Paper Lanterns" by Marlow Vane, and `deja` finds "Déjà", as a
 * search engine would, where a substring test of the whole query would not.
 */
export function hasAllWords(query: string, ...fields: (string | undefined)[]): boolean {
  const haystack = plain(fields.filter((f) => f !== undefined).join(" "));
  const words = plain(query).split(/\s+/).filter((w) => w !== "");
  return words.length > 0 && words.every((word) => haystack.includes(word));
}

// --- internal ---

const plain = (text: string) => text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
