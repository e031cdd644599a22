/**
 * Names from a plugin's answer, bounded where they enter the service: a song's `name`, `album`
 * and each of its `artist` names, and the `name` of an album, artist, playlist or chart, cut
 * to `MAX_NAME_LENGTH` characters (an ellipsis marks the cut). Every answer is validated and
 * bounded before it is cached, so every endpoint, the matcher and the lyrics lookup only ever
 * see bounded names; the matcher cuts again what it reads, for any other path.
 */
import { clipName } from "@music-aggregator/core";

/** `answer` (a validated copy, changed in place) with its names and its songs' names bounded. */
export function boundNames<T>(answer: T): T {
  if (!isRecord(answer)) return answer;
  boundOne(answer);
  // Songs of a search page, an album, an artist, a playlist or a chart; a chart list's charts.
  for (const key of ["list", "song"]) {
    const items = answer[key];
    if (Array.isArray(items)) for (const item of items) if (isRecord(item)) boundOne(item);
  }
  return answer;
}

// --- internal ---

function boundOne(item: Record<string, unknown>): void {
  for (const key of ["name", "album"]) if (typeof item[key] === "string") item[key] = clipName(item[key]);
  const artist = item.artist;
  if (Array.isArray(artist)) artist.forEach((name, i) => typeof name === "string" && (artist[i] = clipName(name)));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
