/**
 * Limits on an upstream's JSON checked before it is parsed. A body under the size cap can
 * still cost seconds of CPU and hundreds of MB once parsed (millions of `{}`, or arrays nested
 * millions deep), time the operation's deadline cannot take back, since parsing is not
 * interruptible. One pass over the text counts values and depth, skipping strings; it costs a
 * fraction of the parse it guards.
 */
export interface JsonLimits {
  /** deepest nesting of objects and arrays */
  maxDepth: number;
  /** most values (counted as containers and separators), about one per field or element */
  maxValues: number;
}

/** Far beyond any real answer of the bundled upstreams (an archive item's metadata: tens of thousands). */
export const DEFAULT_JSON_LIMITS: JsonLimits = { maxDepth: 64, maxValues: 250_000 };

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_OBJECT = 123;
const OPEN_ARRAY = 91;
const CLOSE_OBJECT = 125;
const CLOSE_ARRAY = 93;
const COMMA = 44;

/** What makes `text` exceed `limits`, or undefined when it is within them (or is not JSON at all: the parse says so). */
export function jsonLimitProblem(text: string, limits: JsonLimits = DEFAULT_JSON_LIMITS): string | undefined {
  // Every value takes at least one character: a short text cannot be over either limit.
  if (text.length <= limits.maxDepth) return undefined;
  let depth = 0;
  let values = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // Skip the string, escapes included.
      for (i++; i < text.length; i++) {
        const s = text.charCodeAt(i);
        if (s === BACKSLASH) i++;
        else if (s === QUOTE) break;
      }
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > limits.maxDepth) return `nested deeper than ${limits.maxDepth} levels`;
      if (++values > limits.maxValues) return `more than ${limits.maxValues} values`;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      depth--;
    } else if (c === COMMA) {
      if (++values > limits.maxValues) return `more than ${limits.maxValues} values`;
    }
  }
  return undefined;
}
