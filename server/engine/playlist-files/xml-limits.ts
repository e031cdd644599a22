/**
 * Limits on an imported XSPF checked before the XML parser runs. A body under the size bound
 * can still hold 130,000 empty elements or 58,000 names, and the parser, which cannot be
 * interrupted, spends up to a second of the event loop on them (docs/decisions.md, "Transfer a
 * playlist"). One pass over the text counts the tags and the element names; it costs a
 * fraction of the parse it guards.
 */
import { IMPORT_LIMITS } from "./playlist-file.ts";

/**
 * Tags (`<` of any markup: start and end tags, comments, processing instructions) a valid
 * playlist within the track bound could need, with margin. A track may hold 13 kinds of element
 * (location, identifier, title, creator, annotation, info, image, album, trackNum, duration,
 * link, meta, extension): with each once and its own, 28 tags; 32 are allowed per track, and
 * 1000 for the playlist's own elements around them.
 */
export const MAX_XML_TAGS = IMPORT_LIMITS.tracks * 32 + 1000;

/** Distinct element names: XSPF has 19, its extensions a few of their own each. */
export const MAX_XML_NAMES = 256;

const LESS_THAN = 60;
const GREATER_THAN = 62;
const SLASH = 47;
const BANG = 33;
const QUESTION = 63;

/** What makes `text` exceed the bounds, or undefined when it is within them (or is not XML at all: the parse says so). */
export function xmlLimitProblem(text: string): string | undefined {
  let tags = 0;
  const names = new Set<string>();
  for (let i = text.indexOf("<"); i >= 0; i = text.indexOf("<", i + 1)) {
    if (++tags > MAX_XML_TAGS) return `more than ${MAX_XML_TAGS} tags (a playlist of ${IMPORT_LIMITS.tracks} tracks needs fewer)`;
    // The name runs to a space, `/`, `>` or `<`: no character is in two names, so the pass stays linear.
    let end = i + 1;
    if (text.charCodeAt(end) === SLASH) end++;
    const start = end;
    while (end < text.length && !ends(text.charCodeAt(end))) end++;
    // Comments, declarations and processing instructions (`<!`, `<?`) name no element.
    const first = text.charCodeAt(start);
    if (end === start || first === BANG || first === QUESTION) continue;
    names.add(text.slice(start, end));
    if (names.size > MAX_XML_NAMES) return `more than ${MAX_XML_NAMES} distinct element names`;
  }
  return undefined;
}

// --- internal ---

/** Whether `c` ends a tag's name: XML's white space, `/`, `<` or `>`. */
function ends(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === SLASH || c === LESS_THAN || c === GREATER_THAN;
}
