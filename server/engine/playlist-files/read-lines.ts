/**
 * The line-based playlist files: M3U/M3U8 (`#EXTINF:<seconds>,<Artist> - <Title>` before each
 * address; the `# no address (<why>): …` comments this service writes for tracks it gives no
 * address are tracks too) and plain text (`Artist - Title` a line, maybe numbered, a length
 * `(m:ss)`, `[m:ss]` or a bare `m:ss` at its end if known). Every bad line is reported by its number.
 */
import { Faults, IMPORT_LIMITS, fileTrack, type FileTrack, type PlaylistFile } from "./playlist-file.ts";

/** The comment a written M3U holds for a track without an address (`write.ts`). */
export const NO_ADDRESS = "# no address (";

export function readM3u(text: string): PlaylistFile {
  const faults = new Faults();
  const tracks: FileTrack[] = [];
  let title = "";
  let pending: { line: number; track: FileTrack | undefined } | undefined;
  eachLine(text, faults, (line, n) => {
    if (line.startsWith("#EXTINF:")) {
      if (pending) faults.add("line", pending.line, "#EXTINF is not followed by an address");
      pending = { line: n, track: extinf(line.slice("#EXTINF:".length), n, faults) };
    } else if (line.startsWith("#PLAYLIST:")) title = line.slice("#PLAYLIST:".length).trim();
    else if (line.startsWith(NO_ADDRESS)) {
      const colon = line.indexOf("): ");
      const track = colon < 0 ? undefined : extinf(line.slice(colon + 3), n, faults);
      if (colon < 0) faults.add("line", n, "expected # no address (why): seconds,Artist - Title");
      if (track) tracks.push(track);
    } else if (line.startsWith("#")) return;
    else if (!pending) faults.add("line", n, "an address without #EXTINF before it (the track's title and artist are needed)");
    else {
      if (pending.track) tracks.push(pending.track);
      pending = undefined;
    }
  });
  if (pending) faults.add("line", pending.line, "#EXTINF is not followed by an address");
  faults.check("m3u");
  return { title: title || "Imported playlist", creator: null, tracks };
}

export function readText(text: string): PlaylistFile {
  const faults = new Faults();
  const tracks: FileTrack[] = [];
  eachLine(text, faults, (line, n) => {
    if (line.startsWith("#")) return;
    const { rest, seconds } = trailingLength(line);
    // A list copied from a page or a numbered list: `1. Artist - Title`, `01) Artist - Title`.
    const named = artistAndTitle(rest.replace(/^\d{1,4}[.)]\s+/, ""));
    if (!named.artist) faults.add("line", n, "expected Artist - Title, then (m:ss) if the length is known");
    else tracks.push(fileTrack(named.title, named.artist, "", seconds));
  });
  faults.check("text");
  return { title: "Imported playlist", creator: null, tracks };
}

// --- internal ---

/** Each line that is not blank, numbered from 1; a line over the bound is a fault, not read. */
function eachLine(text: string, faults: Faults, read: (line: string, n: number) => void): void {
  let n = 0;
  for (const raw of text.split(/\r\n|\r|\n/)) {
    n++;
    if (raw.length > IMPORT_LIMITS.lineChars) faults.add("line", n, `longer than ${IMPORT_LIMITS.lineChars} characters`);
    else if (raw.trim()) read(raw.trim(), n);
  }
}

/** `<seconds>[ attributes],<Artist> - <Title>` of an `#EXTINF` line (-1: length unknown). */
function extinf(info: string, n: number, faults: Faults): FileTrack | undefined {
  const comma = info.indexOf(",");
  const length = (comma < 0 ? info : info.slice(0, comma)).trim().split(" ")[0];
  if (comma < 0 || !/^-?\d{1,6}(?:\.\d{1,6})?$/.test(length)) {
    faults.add("line", n, "expected #EXTINF:seconds,Artist - Title");
    return undefined;
  }
  const named = artistAndTitle(info.slice(comma + 1).trim());
  return fileTrack(named.title, named.artist, "", Math.max(0, Number(length)));
}

/** `Artist - Title` (a spaced hyphen, en or em dash); all title when there is none. */
function artistAndTitle(text: string): { artist: string; title: string } {
  const at = [" - ", " – ", " — "].map((dash) => text.indexOf(dash)).filter((i) => i > 0);
  if (!at.length) return { artist: "", title: text };
  const i = Math.min(...at);
  return { artist: text.slice(0, i), title: text.slice(i + 3) };
}

/**
 * A length `(m:ss)`, `[m:ss]` or `(h:mm:ss)` at the end of a line, or bare after a space or a
 * tab (`Artist - Title 4:01`, a spreadsheet's columns), and the line before it.
 */
function trailingLength(line: string): { rest: string; seconds: number } {
  const open = line.endsWith(")") ? line.lastIndexOf("(") : line.endsWith("]") ? line.lastIndexOf("[") : Math.max(line.lastIndexOf(" "), line.lastIndexOf("\t"));
  const inner = open < 0 ? "" : line.slice(open + 1, /[)\]]$/.test(line) ? -1 : undefined);
  if (!/^\d{1,3}(?::[0-5]\d){1,2}$/.test(inner)) return { rest: line, seconds: 0 };
  const seconds = inner.split(":").reduce((sum, part) => sum * 60 + Number(part), 0);
  return { rest: line.slice(0, open).trim(), seconds };
}
