/**
 * How long a name from outside may be. Audius and archive.org titles are whatever their
 * uploaders type, so a song's name, its artists' names and its album's name are cut where
 * they enter the service (the answers of every plugin) and again where the matcher and the
 * lyrics lookup read them: nothing downstream ever reads more than this, whatever path the
 * text took. The longest real name in the recorded upstream answers is 179 characters (a
 * Deezer playlist); classical titles with their catalogue numbers stay under 300.
 */
export const MAX_NAME_LENGTH = 500;

/** `text` at most `max` characters long, an ellipsis marking a cut; a surrogate pair is never cut in two. */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

/** A name cut to `MAX_NAME_LENGTH`. */
export function clipName(text: string): string {
  return clipText(text, MAX_NAME_LENGTH);
}
