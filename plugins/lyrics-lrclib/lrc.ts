/**
 * The LRC text `/v1/lyric` answers with. LRCLIB's `syncedLyrics` is LRC already; when a track
 * has only `plainLyrics`, its lines are answered as LRC lines without time tags, which LRC
 * readers show as static text.
 */
import type { LrclibTrack } from "./wire.ts";

/** Synced lyrics, else plain lyrics as untimed lines; undefined when the track has neither. */
export function lrcOf(track: Pick<LrclibTrack, "syncedLyrics" | "plainLyrics">): string | undefined {
  return tidy(track.syncedLyrics) ?? tidy(track.plainLyrics);
}

// --- internal ---

/** Unix line ends, no trailing blank lines; blank text counts as absent. */
function tidy(text: string | null | undefined): string | undefined {
  if (!text) return undefined;
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  while (lines.length && !lines[lines.length - 1].trim()) lines.pop();
  return lines.length ? lines.join("\n") : undefined;
}
