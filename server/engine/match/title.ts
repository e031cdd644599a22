/**
 * A song title read the way the sources write it: the title itself, and the version tags
 * around it. Tags come in brackets (`(Live at Wembley)`, `[Radio Edit]`), after a dash
 * (`- 2011 Remaster`, `- Acoustic Version`) or as a trailing credit (`ft. X`). Each tag is
 * one of three kinds, decided deliberately rather than stripped blindly:
 *
 * - a credit (`feat. X`, `with X`): names artists, says nothing of the recording;
 * - neutral (`Remastered 2011`, `Album Version`, `Official Audio`, `From "Film"`, `Bonus
 *   Track`, `Explicit`, `Stereo`): the same recording, presented differently;
 * - a version (`Live`, `Remix`, `Radio Edit`, `Acoustic`, `Instrumental`, `Karaoke`, `Sped
 *   Up`, `Take 2`, `Demo`, `Mono`, `Re-recorded`, and any tag not known to be neutral): a
 *   different recording, kept as a folded string that must be equal on both sides.
 */
import { clipName, spaceBefore, spacedDash, trailingBracket } from "@music-aggregator/core";
import { artistKey, fold, words } from "./fold.ts";
import { withoutPrefix, withoutReleaseKind, withoutSegue, withoutSuffix } from "./affixes.ts";
import { spaceAfter } from "@music-aggregator/core/host";

export interface ParsedTitle {
  /** the title without its tags, track number or artist prefix, as written */
  title: string;
  /** `title` folded */
  core: string;
  /** the folded version tags, canonical and sorted (empty for the plain recording) */
  versions: string[];
  /** artists named by credits in the title (`feat. X`) */
  featured: string[];
}

/** Words that make a dash suffix a tag rather than part of the title. */
const TAG_WORDS = new Set([
  "remaster", "remastered", "remasterizado", "live", "edit", "mix", "remix", "version", "acoustic", "demo", "mono", "stereo", "instrumental",
  "karaoke", "unplugged", "sped", "slowed", "reverb", "nightcore", "cover", "take", "session", "sessions", "rehearsal", "reprise", "bonus",
  "deluxe", "single", "featuring", "prod", "produced", "extended", "radio", "clean", "explicit", "rerecorded", "recorded", "acapella", "cappella",
  "orchestral", "symphonic", "piano", "dub", "bootleg", "rework", "flip", "mashup", "vip", "official", "audio", "video", "lyrics", "visualizer",
  "edition", "anniversary", "reissue", "original", "alternate", "outtake", "mastered",
]);

/** Words that leave a recording as it is: a tag made only of these (and a remaster's year) is neutral. */
const NEUTRAL_WORDS = new Set([
  "remaster", "remastered", "remasterizado", "remastering", "remasters", "digital", "digitally", "mastered", "master", "version", "edition",
  "deluxe", "expanded", "anniversary", "bonus", "track", "album", "lp", "explicit", "stereo", "official", "audio", "video", "music", "lyric",
  "lyrics", "visualizer", "hq", "hd", "the", "a", "of", "and", "original", "reissue", "new", "super", "special", "collectors", "legacy",
  // how uploads announce themselves: "(Free Download)", "[Out Now]", "(Full Song)", "(Premiere)"
  "free", "download", "dl", "out", "now", "full", "song", "premiere",
]);
const REMASTER_WORDS = new Set(["remaster", "remastered", "remasterizado", "remastering", "remasters", "mastered", "reissue"]);

/** A tag that numbers a part of a work is part of its title: `(Part 2)`, `[Pt. II]`, `(No. 4)`, `(Vol. 1)`. */
const NUMBERING = /^\s*(?:part|pt\.?|vol\.?|volume|no\.?|chapter|op\.?)\s*[\w.]+\s*$/i;

/** Spellings of one version tag, folded, made one. */
const SYNONYMS: Record<string, string> = {
  radio: "radio edit",
  "radio mix": "radio edit",
  "single edit": "single",
  "a cappella": "acapella",
  "a capella": "acapella",
  "speed up": "sped up",
  spedup: "sped up",
  "slowed reverb": "slowed and reverb",
  rerecorded: "re recorded",
};

/**
 * Reads a title: its core, its version tags, the artists its credits name. `artists` lets an
 * `Artist - Title` prefix go. Tags are taken off the end one by one, each found by walking
 * back from where the title ends now (`tail.ts`): one pass over the title, however many tags.
 * Only the first `MAX_NAME_LENGTH` characters are read, whatever path the title took.
 */
export function parseTitle(title: string, artists: readonly string[] = []): ParsedTitle {
  const credited = new Set(artists.map(artistKey).filter((k) => k !== ""));
  // a live set's segue mark (`Scarlet Begonias ->`), a track number, an `Artist - ` prefix
  const text = withoutPrefix(withoutSegue(clipName(title)).trim(), credited);
  const credit = firstCredit(text);
  const tags: string[] = [];
  const featured: string[] = [];
  let end = text.length;
  for (;;) {
    const bracket = trailingBracket(text, end);
    // A bracket that starts the title is part of it: `(I Can't Get No) Satisfaction`.
    if (bracket && bracket.start > 0) {
      tags.push(bracket.content);
      end = bracket.start;
      continue;
    }
    const dash = dashTag(text, end);
    if (dash) {
      tags.push(dash.tag);
      end = dash.start;
      continue;
    }
    // A credit ends the title while its word, a space and one more character are left of it.
    if (credit && end - credit.wordEnd >= 2 && credit.start > 0) {
      const names = spaceAfter(text, credit.wordEnd, end);
      featured.push(...splitCredit(text.slice(names < end ? names : end - 1, end)));
      end = credit.start;
      continue;
    }
    break;
  }
  const rest = text.slice(0, end);
  const versions: string[] = [];
  // Tags are read from the end: a numbering tag (`(Part 2)`) goes back into the title in its place.
  const numbering: string[] = [];
  for (const tag of tags) {
    const credit = /^\s*(?:feat\.?|ft\.?|featuring|with)\s+(.+)$/is.exec(tag);
    if (credit) featured.push(...splitCredit(credit[1]));
    else if (NUMBERING.test(tag)) numbering.unshift(tag);
    else {
      const version = versionOf(tag);
      if (version) versions.push(version);
    }
  }
  const own = [withoutSuffix(rest, credited), ...numbering].join(" ").trim();
  return { title: own, core: fold(own), versions: [...new Set(versions)].sort(), featured };
}

/**
 * Whether an album's title says it is a live recording (`Live at Wembley`, `MTV Unplugged`,
 * `Alive in Concert`, `… (Live)`): its songs are live takes even when their titles do not say so.
 */
export function isLiveAlbum(album: string): boolean {
  const folded = fold(album);
  return /\blive (?:at|in|from|on|with|aus|au|en)\b|\blive \d{4}\b|\bunplugged\b|\bin concert\b|^live\b|\blive$/.test(folded);
}

/** Kinds of version an album's title can say all its songs are, and how it says so (folded words). */
const ALBUM_KINDS: [string, RegExp][] = [
  ["instrumental", /\binstrumentals?\b/],
  ["karaoke", /\bkaraoke\b/],
  ["acoustic", /\bacoustic\b/],
  ["remix", /\bremix(?:es|ed)?\b/],
  ["sped up", /\bsped up\b|\bspeed up\b|\bnightcore\b/],
  ["slowed", /\bslowed\b/],
  ["demo", /\bdemos?\b/],
  ["cover", /\bcovers?\b|\btribute\b/],
];

/**
 * The kinds of version an album's title says its songs are (`Instrumentals`, `Night Ferry
 * (Remixes)`, `Karaoke Hits 7`, `Acoustic Sessions`): a song on such an album is that version
 * even when its own title does not say so. Live albums are `isLiveAlbum`'s.
 */
export function albumKinds(album: string): string[] {
  const folded = fold(album);
  return ALBUM_KINDS.filter(([, words]) => words.test(folded)).map(([kind]) => kind);
}

/** An album title without its neutral tags, folded: what two sources' names of one album share. */
export function albumCore(album: string): string {
  const parsed = parseTitle(withoutReleaseKind(album));
  return [parsed.core, ...parsed.versions].join(" ");
}

// --- internal ---

/** The tag after the dash that ends `text` before `end` (` - Live`), and where its white space starts; undefined when there is none. */
function dashTag(text: string, end: number): { tag: string; start: number } | undefined {
  const dash = spacedDash(text, end, "-–—");
  if (!dash) return undefined;
  const after = spaceAfter(text, dash.dash + 1, end);
  // Only white space after the dash: its last character is the tag, as the pattern this replaces read it.
  const tag = after < end ? text.slice(after, end) : end - dash.dash > 2 ? text.slice(end - 1, end) : undefined;
  return tag !== undefined && isDashTag(tag) ? { tag, start: dash.start } : undefined;
}

function isDashTag(text: string): boolean {
  const w = words(text);
  if (w.some((word) => TAG_WORDS.has(word))) return true;
  // `- From "Top Gun"`, `- From the Motion Picture …`
  return /^\s*from\s+["“'(]|\b(?:soundtrack|motion picture|film|movie|musical)\b/i.test(text);
}

/**
 * A tag's version, canonical; undefined when the tag is neutral. Neutral words go (`Acoustic
 * Version` is `acoustic`); a year goes only beside a remaster (`2011 Remaster` is neutral,
 * `2014 Version` and `Live 1977` are not); `Original Mix` is the original, any other mix is a
 * version (`2019 Mix`, `Club Mix`).
 */
function versionOf(tag: string): string | undefined {
  const w = fold(tag).split(" ").filter((word) => word !== "");
  // Soundtrack credits and producer credits name where the song is from, or who made it.
  if (w.length === 0 || w[0] === "from" || w[0] === "prod" || w[0] === "produced" || w.includes("soundtrack")) return undefined;
  const remaster = w.some((word) => REMASTER_WORDS.has(word));
  const original = w.includes("original");
  const content = w.filter(
    (word) => !NEUTRAL_WORDS.has(word) && !(word === "mix" && original) && !(remaster && /^(?:19|20)\d\d$/.test(word)) && !/^\d+(?:st|nd|rd|th)$/.test(word),
  );
  if (content.length === 0) return undefined;
  const version = content.join(" ");
  return SYNONYMS[version] ?? version;
}

/** A credit's word (`feat.`, `(ft.`, `featuring`) with white space on both sides. */
const CREDIT = /\s\(?(?:feat\.?|ft\.?|featuring)\s/i;

/**
 * The title's first credit: where the white space before its word starts, and where the word
 * ends. Only the first can end a title: every credit after it is part of its names.
 */
function firstCredit(text: string): { start: number; wordEnd: number } | undefined {
  const found = CREDIT.exec(text);
  return found ? { start: spaceBefore(text, found.index), wordEnd: found.index + found[0].length - 1 } : undefined;
}

function splitCredit(text: string): string[] {
  return text
    .replace(/[)\]]\s*$/, "")
    .split(/(?:,|&|\band\b|\bx\b)\s*/i)
    .map((s) => s.trim())
    .filter((s) => s !== "");
}
