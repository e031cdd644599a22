/**
 * A song title read the way the sources write it: the title itself, and the tags around it.
 * Tags come in brackets (`(Live at Wembley)`, `[Radio Edit]`), after a dash (`- 2011
 * Remaster`, `- Acoustic Version`) or as a trailing credit (`ft. X`). A credit (`feat. X`,
 * `with X`) names artists and says nothing of the recording; every other tag is graded
 * (`tags.ts`): neutral, weak (the release it was put out on) or a version (another recording).
 */
import { clipName, spaceBefore, spacedDash, trailingBracket } from "@music-aggregator/core";
import { artistKeys, fold } from "./fold.ts";
import { withoutPrefix, withoutReleaseKind, withoutSegue, withoutSuffix } from "./affixes.ts";
import { isDashTag, isOriginalTag, tagOf } from "./tags.ts";
import { spaceAfter } from "@music-aggregator/core/host";

export interface ParsedTitle {
  /** the title without its tags, track number or artist prefix, as written */
  title: string;
  /** `title` folded */
  core: string;
  /** the folded version tags (strong: another recording), canonical and sorted (empty for the plain recording) */
  versions: string[];
  /** the folded weak tags (the release it was put out on: `single`, `frank sinatra collection`), sorted */
  weak: string[];
  /** artists named by credits in the title (`feat. X`) */
  featured: string[];
  /** whether a tag says it is the original (`Original Mix`): a tag of its own, though neutral */
  original: boolean;
}

/** A tag that numbers a part of a work is part of its title: `(Part 2)`, `[Pt. II]`, `(No. 4)`, `(Vol. 1)`. */
const NUMBERING = /^\s*(?:part|pt\.?|vol\.?|volume|no\.?|chapter|op\.?)\s*[\w.]+\s*$/i;

/**
 * Reads a title: its core, its version tags, the artists its credits name. `artists` lets an
 * `Artist - Title` prefix go. Tags are taken off the end one by one, each found by walking
 * back from where the title ends now (`tail.ts`): one pass over the title, however many tags.
 * Only the first `MAX_NAME_LENGTH` characters are read, whatever path the title took.
 */
export function parseTitle(title: string, artists: readonly string[] = []): ParsedTitle {
  // Every name a credit gives its artist by (`artistKeys`: `Artist Official`, `ArtistVEVO` and
  // `Artist feat. Guest` name Artist), so an upload's `Artist - ` prefix goes whoever uploads it.
  const credited = new Set(artists.flatMap(artistKeys));
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
  const versions = new Set<string>();
  const weak = new Set<string>();
  // Tags are read from the end: a numbering tag (`(Part 2)`) goes back into the title in its place.
  const numbering: string[] = [];
  let original = false;
  for (const tag of tags) {
    const credit = /^\s*(?:feat\.?|ft\.?|featuring|with)\s+(.+)$/is.exec(tag);
    if (credit) featured.push(...splitCredit(credit[1]));
    else if (NUMBERING.test(tag)) numbering.unshift(tag);
    else {
      const graded = tagOf(tag);
      if (graded) (graded.weak ? weak : versions).add(graded.text);
      else original ||= isOriginalTag(tag);
    }
  }
  const own = [withoutSuffix(rest, credited), ...numbering].join(" ").trim();
  return { title: own, core: fold(own), versions: [...versions].sort(), weak: [...weak].sort(), featured, original };
}

/**
 * Whether an album's title says it is a live recording (`Live at Wembley`, `MTV Unplugged`,
 * `Alive in Concert`, `… (Live)`): its songs are live takes even when their titles do not say so.
 */
export function isLiveAlbum(album: string): boolean {
  const folded = fold(album);
  return /\blive (?:at|in|from|on|with|aus|au|en)\b|\blive \d{4}\b|\bunplugged\b|\bin concert\b|^live\b|\blive$/.test(folded);
}

/**
 * Kinds of version an album's title can say all its songs are, and the words that mean it
 * (folded): "Covers", "Cover Versions", "A Tribute to …", never a lone "Cover", which is as
 * often the artwork ("Thriller (25th Anniversary, Zombie Cover)").
 */
const ALBUM_KINDS: [string, RegExp][] = [
  ["instrumental", /\binstrumentals?\b/],
  ["karaoke", /\bkaraoke\b/],
  ["acoustic", /\bacoustic\b/],
  ["remix", /\bremix(?:es|ed)?\b/],
  ["sped up", /\bsped up\b|\bspeed up\b|\bnightcore\b/],
  ["slowed", /\bslowed\b/],
  ["demo", /\bdemos?\b/],
  ["cover", /\bcovers\b|\bcover versions?\b|\btribute to\b/],
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
