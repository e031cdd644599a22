/**
 * Reading a title from its end, with indexes. The tags sources append (`(Live)`, ` - 2011
 * Remaster`, `VEVO`) are found by walking back from where the title ends, never by patterns
 * anchored at the end (`\s*(…)$`): a regex engine tries those from every position, which on a
 * long run of spaces is quadratic. Each function reads only the part of the title it reports
 * (the tag and the space before it), so a caller that strips tag after tag reads its title
 * once in all.
 */

/** ECMAScript's white space and line terminators: what `\s` and `trim()` take. */
export function isSpace(code: number): boolean {
  return (
    code === 32 || (code >= 9 && code <= 13) || code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff
  );
}

/** Where the white space that ends at `end` starts (`end` when there is none). */
export function spaceBefore(text: string, end: number): number {
  let start = end;
  while (start > 0 && isSpace(text.charCodeAt(start - 1))) start--;
  return start;
}

/** Where the white space that starts at `start` ends, at `end` at most. */
export function spaceAfter(text: string, start: number, end: number): number {
  let at = start;
  while (at < end && isSpace(text.charCodeAt(at))) at++;
  return at;
}

/** Whether `text` before `end` ends with `word` (lower-case ASCII letters), in any case. */
export function endsWithWord(text: string, end: number, word: string): boolean {
  const start = end - word.length;
  if (start < 0) return false;
  // `| 32` lower-cases an ASCII letter and makes no other character one.
  for (let i = 0; i < word.length; i++) if ((text.charCodeAt(start + i) | 32) !== word.charCodeAt(i)) return false;
  return true;
}

const OPENING = "([{";
const CLOSING = ")]}";

/**
 * The bracketed group that ends `text` before `end` (white space may follow it): its content,
 * and `start`, where the white space before its opening bracket begins. The content has no
 * bracket; the two brackets need not be a pair (`(…]`). Undefined when `text` does not end so.
 */
export function trailingBracket(text: string, end: number): { start: number; content: string } | undefined {
  const close = spaceBefore(text, end) - 1;
  if (close < 0 || !CLOSING.includes(text[close])) return undefined;
  let open = close - 1;
  while (open >= 0 && !OPENING.includes(text[open]) && !CLOSING.includes(text[open])) open--;
  if (open < 0 || !OPENING.includes(text[open])) return undefined;
  return { start: spaceBefore(text, open), content: text.slice(open + 1, close) };
}

/**
 * The last of `dashes` in `text` before `end`, when white space is on both sides of it (` - Live`;
 * `Jay-Z` has none): where it is, and `start`, where the white space before it begins.
 */
export function spacedDash(text: string, end: number, dashes: string): { start: number; dash: number } | undefined {
  let dash = end - 1;
  while (dash >= 0 && !dashes.includes(text[dash])) dash--;
  if (dash < 1 || dash + 1 >= end || !isSpace(text.charCodeAt(dash - 1)) || !isSpace(text.charCodeAt(dash + 1))) return undefined;
  return { start: spaceBefore(text, dash), dash };
}
