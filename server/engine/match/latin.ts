/**
 * Text of other scripts in Latin letters (`Остаёмся зимовать` is `Ostayomsya zimovat`), so that
 * a query in one script finds a title written in another, and one recording titled in two
 * scripts by two sources is one. Only runs of letters outside the Latin script are
 * transliterated: Latin text keeps `fold`'s reading (`Björk` is `bjork`, not the German
 * `bjoerk`). `@sindresorhus/transliterate` (maintained, a table per script) does the work;
 * scripts it has no table for (Chinese, Japanese) stay as they are. Russian writes ё as е at
 * will (`Все идет` is `Всё идёт`), and the two read `yo` and `e`: `latinReadings` gives both.
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

/**
 * The Latin readings of `text`: `latin(text)`, and when it has a ё, also with ё read as е (one
 * title, `Остаёмся` or `Остаемся`, `Ostayomsya` or `Ostaemsya`, as catalogues write it).
 */
export function latinReadings(text: string): string[] {
  if (!YO.test(text)) return [latin(text)];
  return [latin(text), latin(clipName(text).normalize("NFC").replace(YO_ALL, (c) => (c === "ё" ? "е" : "Е")))];
}

// --- internal ---

/** ё and Ё, composed or as е with a diaeresis. */
const YO = /[ёЁ]|[еЕ]\u0308/;
const YO_ALL = /[ёЁ]/g;
