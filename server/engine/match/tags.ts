/**
 * What a title's tag says of the recording, graded rather than all-or-nothing:
 *
 * - neutral: nothing (`Remastered 2011`, `Album Version`, `Official Audio`, `Explicit`,
 *   `From "Film"`, `Bonus Track`): the same recording, presented differently;
 * - weak: the release it was put out on (`Single Version`, `[The Frank Sinatra Collection]`,
 *   `Greatest Hits Version`): the same recording when the two lengths agree closely;
 * - strong: another recording (`Live`, `Remix`, `Radio Edit`, `Acoustic`, `Instrumental`,
 *   `Karaoke`, `Sped Up`, `Taylor's Version`, `Demo`, `A Cappella`, `Take 2`, `Mono`, `2014
 *   Version`), and any tag not known to be neutral or weak: equal on both sides, or not the same.
 *
 * A tag is kept as its folded words, neutral ones left out, spellings made one.
 */
import { words } from "./fold.ts";

/** A tag that is not neutral: its canonical text, and whether it is only weak. */
export interface Tag {
  text: string;
  weak: boolean;
}

/** Words that make a dash suffix a tag rather than part of the title. */
const TAG_WORDS = new Set([
  "remaster", "remastered", "remasterizado", "live", "edit", "mix", "remix", "version", "acoustic", "demo", "mono", "stereo", "instrumental",
  "karaoke", "unplugged", "sped", "slowed", "reverb", "nightcore", "cover", "take", "session", "sessions", "rehearsal", "reprise", "bonus",
  "deluxe", "single", "featuring", "prod", "produced", "extended", "radio", "clean", "explicit", "rerecorded", "recorded", "acapella", "cappella",
  "orchestral", "symphonic", "piano", "dub", "bootleg", "rework", "flip", "mashup", "vip", "official", "audio", "video", "lyrics", "visualizer",
  "edition", "anniversary", "reissue", "original", "alternate", "outtake", "mastered", "collection", "inst", "ver",
]);

/** Words that leave a recording as it is: a tag made only of these (and a remaster's year) is neutral. */
const NEUTRAL_WORDS = new Set([
  "remaster", "remastered", "remasterizado", "remastering", "remasters", "digital", "digitally", "mastered", "master", "version", "ver", "edition",
  "deluxe", "expanded", "anniversary", "bonus", "track", "album", "lp", "explicit", "stereo", "official", "audio", "video", "music", "lyric",
  "lyrics", "visualizer", "hq", "hd", "the", "a", "of", "and", "original", "reissue", "super", "special", "collectors", "legacy",
  // how uploads announce themselves: "(Free Download)", "[Out Now]", "(Full Song)", "(Premiere)"
  "free", "download", "dl", "out", "now", "full", "song", "premiere",
]);
const REMASTER_WORDS = new Set(["remaster", "remastered", "remasterizado", "remastering", "remasters", "mastered", "reissue"]);
/** Words naming a release of the recording rather than another recording: `(Single Version)`. */
const WEAK_WORDS = new Set(["single"]);
/** Words of a collection's name (`[The Frank Sinatra Collection]`): weak, unless the tag has a strong word too. */
const COLLECTION_WORDS = new Set(["collection", "anthology", "hits", "greatest", "best", "essential", "essentials", "compilation", "singles"]);
/** Words that make a tag strong whatever else it says (`[Live Collection]`). */
const STRONG_WORDS = new Set([
  "live", "remix", "remixed", "mix", "edit", "instrumental", "inst", "karaoke", "acoustic", "cover", "sped", "slowed", "nightcore", "demo", "radio",
  "acapella", "cappella", "recorded", "rerecorded", "take", "mono", "reprise", "unplugged", "session", "sessions", "extended", "clean", "dub",
]);

/** Spellings of one version tag, folded, made one. */
const SYNONYMS: Record<string, string> = {
  radio: "radio edit",
  "radio mix": "radio edit",
  "single edit": "single",
  // "a" is a neutral word: `A Cappella` reaches here as `cappella`.
  cappella: "acapella",
  capella: "acapella",
  "speed up": "sped up",
  spedup: "sped up",
  "slowed reverb": "slowed and reverb",
  rerecorded: "re recorded",
  inst: "instrumental",
  // an extended mix is the extended version (`Original Extended Mix` reaches here as `extended`)
  "extended mix": "extended",
};

/**
 * A tag's grade and canonical text; undefined when it is neutral. Neutral words go (`Acoustic
 * Version` is `acoustic`); a year or "new" goes only beside a remaster (`2011 Remaster` and `New
 * Remastered Version` are neutral; `2014 Version`, `Live 1977` and `New Version`, a re-recording, are not); `Original Mix` is the original, any other mix is a
 * version (`2019 Mix`, `Club Mix`).
 */
export function tagOf(tag: string): Tag | undefined {
  const w = words(tag);
  // Soundtrack credits and producer credits name where the song is from, or who made it.
  if (w.length === 0 || w[0] === "from" || w[0] === "prod" || w[0] === "produced" || w.includes("soundtrack")) return undefined;
  const remaster = w.some((word) => REMASTER_WORDS.has(word));
  const original = w.includes("original");
  const content = w.filter(
    (word) =>
      !NEUTRAL_WORDS.has(word) && !(word === "mix" && original) && !(remaster && (word === "new" || /^(?:19|20)\d\d$/.test(word))) && !/^\d+(?:st|nd|rd|th)$/.test(word),
  );
  if (content.length === 0) return undefined;
  const joined = content.join(" ");
  const text = Object.hasOwn(SYNONYMS, joined) ? SYNONYMS[joined] : joined;
  const kept = text.split(" ");
  const weak = kept.every((word) => WEAK_WORDS.has(word)) || (kept.some((word) => COLLECTION_WORDS.has(word)) && !kept.some((word) => STRONG_WORDS.has(word)));
  return { text, weak };
}

/**
 * Whether a neutral tag says the song is the original (`Original Mix`, `Original Version`): it
 * names no other recording, yet says which one it is, as a version tag would. A soundtrack's
 * credit (`From the Original Motion Picture Soundtrack`) says where it is from, not which.
 */
export function isOriginalTag(tag: string): boolean {
  const w = words(tag);
  return w.includes("original") && w[0] !== "from" && !w.includes("soundtrack") && tagOf(tag) === undefined;
}

/** Whether the text after a title's dash is a tag (` - Live`, ` - From "Top Gun"`) rather than part of the title. */
export function isDashTag(text: string): boolean {
  if (words(text).some((word) => TAG_WORDS.has(word))) return true;
  // `- From "Top Gun"`, `- From the Motion Picture …`
  return /^\s*from\s+["“'(]|\b(?:soundtrack|motion picture|film|movie|musical)\b/i.test(text);
}
