/**
 * The text an error carries. Its message goes into answers and log lines, so control
 * characters are escaped and it is cut short; what an upstream wrote itself is kept apart
 * (`said`), for the log only: an upstream's wording never reaches a client.
 */
import { clipText } from "./text-limits.ts";

/** The longest message an error carries; upstream text inside it is cut to fit. */
export const MAX_MESSAGE_LENGTH = 300;

/**
 * A message fit for an answer and a log line, whatever text an upstream put in it: control
 * characters (a newline would forge a log line) and the line separators JSONP must not carry
 * are escaped, and the whole is cut at `MAX_MESSAGE_LENGTH`. Every `ServiceError` goes through
 * this, so no plugin needs to remember it.
 */
export function safeMessage(message: string): string {
  const escaped = message.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => (c === "\n" ? "\\n" : c === "\t" ? " " : `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`));
  return clipText(escaped, MAX_MESSAGE_LENGTH);
}

/** The longest upstream text an error keeps for the log. */
const MAX_SAID_LENGTH = 200;

/**
 * An error's message and what the upstream said: text quoted with `upstreamText` taken out of
 * the message into `said` (with the `said` option's), both escaped and cut.
 */
export function errorText(message: string, said?: string): { message: string; said?: string } {
  const quoted = withoutQuotes(message);
  const words = [said, ...quoted.said].filter((text) => text?.trim()).join(" | ");
  return { message: safeMessage(quoted.message), said: words ? safeMessage(upstreamWords(words, MAX_SAID_LENGTH)) : undefined };
}

/**
 * Text an upstream sent (an error message, a reason), cut to `max` characters and marked as
 * the upstream's, for a plugin that quotes it in its own message: when the error is made, the
 * marked text is taken out of the message (an ellipsis stands in its place) and kept in
 * `said`, which the log writes and no answer carries. An upstream's wording never reaches a
 * client, whatever it says ("call 555-…", markup), even through a plugin written before this.
 */
export function upstreamText(text: string, max = MAX_SAID_LENGTH): string {
  const words = upstreamWords(text, max);
  return words ? `${OPEN_QUOTE}${words}${CLOSE_QUOTE}` : "";
}

// Private-use characters: no service text has them, and they are removed from upstream text.
const OPEN_QUOTE = "\uE000";
const CLOSE_QUOTE = "\uE001";
const QUOTED = /\uE000([^\uE000\uE001]*)\uE001/g;
const STRAY_MARK = /[\uE000\uE001]/g;

/** Upstream text, trimmed, without the marks of a quote, cut to `max`. */
function upstreamWords(text: string, max: number): string {
  return clipText(text.replace(STRAY_MARK, "").trim(), max);
}

/** A message with the upstream's quoted words taken out, and those words. */
function withoutQuotes(message: string): { message: string; said: string[] } {
  if (!message.includes(OPEN_QUOTE)) return { message, said: [] };
  const said: string[] = [];
  const rest = message.replace(QUOTED, (_quote, words: string) => {
    said.push(words);
    return "…";
  });
  return { message: rest.replace(STRAY_MARK, ""), said };
}
