/** How a simulator's search finds things, as upstream search engines do: by words, not by one substring. */

/**
 * Whether every word of `query` (split at spaces, any case) occurs in one of `fields`: `paper
 * marlow` finds "Paper Lanterns" by Marlow Vane, as a search engine would, where a substring
 * test of the whole query would not.
 */
export function hasAllWords(query: string, ...fields: (string | undefined)[]): boolean {
  const haystack = fields.filter((f) => f !== undefined).join(" ").toLowerCase();
  const words = query.toLowerCase().split(/\s+/).filter((w) => w !== "");
  return words.length > 0 && words.every((word) => haystack.includes(word));
}
