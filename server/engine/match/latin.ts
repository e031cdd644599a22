/**
 * Text of other scripts in Latin letters (`Остаёмся зимовать` is `Ostayomsya zimovat`), so that
 * a query in one script finds a title written in another, and one recording titled in two
 * scripts by two sources is one. Only runs of letters outside the Latin script are
 * transliterated: Latin text keeps `fold`'s reading (`Björk` is `bjork`, not the German
 * `bjoerk`). `@sindresorhus/transliterate` (maintained, a table per script) does the work;
 * scripts it has no table for (Chinese, Japanese) stay as they are.
 */
import transliterate from "@sindresorhus/transliterate";
import { clipName } from "@music-aggregator/core";

/** A character of another script than Latin (digits, punctuation and marks are every script's), and a run of them. */
const OTHER_SCRIPT = /[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]/u;
const OTHER_RUN = /[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]+/gu;

/** `text` (its first `MAX_NAME_LENGTH` characters) with its runs of other scripts in Latin letters; `text` itself when it has none. */
export function latin(text: string): string {
  return inOtherScript(text) ? clipName(text).normalize("NFC").replace(OTHER_RUN, (run) => transliterate(run)) : text;
}

/** Whether `text` has letters of another script than Latin. */
export function inOtherScript(text: string): boolean {
  return OTHER_SCRIPT.test(text);
}
