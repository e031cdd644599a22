/**
 * Queries for `advancedsearch.php`. The user's words go into a Lucene query, so every word
 * is escaped: each Lucene special character gets a backslash, the boolean words `AND`, `OR`
 * and `NOT` are quoted (a quoted word is a term, never an operator), and `<` and `>`, which
 * the archive's search engine cannot escape, are dropped. The words are grouped in
 * parentheses and the audio restriction is ANDed outside them, so no input can widen the
 * search beyond audio items.
 */

/** Only audio items: `audio` (uploads, 78s) and `etree` (live concert recordings). */
export const AUDIO_ONLY = "mediatype:(audio OR etree)";

/** The search engine's sort fields for the charts: downloads over 7 days, 30 days, all time. */
export type SortField = "week" | "month" | "downloads";

export interface AdvancedSearch {
  q: string;
  /** hits per page */
  rows: number;
  /** from 1 */
  page: number;
  sort?: SortField;
}

/** Lucene's special characters, `=` included (the archive's engine treats it as one). */
const SPECIAL = /[+\-=&|!(){}[\]^"~*?:\\/]/g;
const OPERATORS = new Set(["AND", "OR", "NOT"]);

/** One word of the user's, escaped to be a plain term; undefined when nothing of it is left. */
export function escapeWord(word: string): string | undefined {
  const kept = word.replace(/[<>\u0000-\u001f\u007f]/g, "");
  if (kept === "") return undefined;
  const escaped = kept.replace(SPECIAL, (c) => `\\${c}`);
  return OPERATORS.has(kept.toUpperCase()) ? `"${escaped}"` : escaped;
}

/**
 * The query for a search: every word must match, among audio items only. Undefined when the
 * words leave nothing to search for (say `<<>>`).
 */
export function wordsQuery(text: string): string | undefined {
  const terms = text.split(/\s+/).map(escapeWord).filter((t): t is string => t !== undefined);
  return terms.length ? `(${terms.join(" AND ")}) AND ${AUDIO_ONLY}` : undefined;
}

/** The query for one creator's audio items: the name as an exact phrase. */
export function creatorQuery(name: string): string {
  return `creator:"${name.replace(/[\\"]/g, (c) => `\\${c}`)}" AND ${AUDIO_ONLY}`;
}

/**
 * The path and query of an advanced search asking for identifiers only, in the archive's own
 * form (`fl[]=`, `sort[]=`, `rows`, `page`, `output=json`), as its web form sends it.
 */
export function advancedSearchPath({ q, rows, page, sort }: AdvancedSearch): string {
  const params = new URLSearchParams({ q });
  params.append("fl[]", "identifier");
  if (sort) params.append("sort[]", `${sort} desc`);
  params.append("rows", String(rows));
  params.append("page", String(page));
  params.append("output", "json");
  return `/advancedsearch.php?${params}`;
}
