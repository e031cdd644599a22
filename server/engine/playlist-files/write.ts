/**
 * Playlist files written (`format=m3u8|xspf|jspf` on `/v1/playlist` and `/v1/playlist/match`):
 * titles, artists, albums, lengths and an address per playable track. A track without one (VIP,
 * not playable, no copy on the target) is never dropped: M3U lists it as a `# no address (why):`
 * comment (which the reader takes back as a track), XSPF and JSPF as a track without a location
 * whose annotation says why; a preview's entry says it is one. XSPF follows its schema's order
 * of elements (version 1, `http://xspf.org/ns/0/`), JSPF the shape ListenBrainz documents
 * (`{"playlist": {"title", "creator", "track": [{"location": [...], "title", "creator",
 * "album", "duration" in ms, "annotation"}]}}`).
 */
import { NO_ADDRESS } from "./read-lines.ts";

export const EXPORT_FORMATS = ["m3u8", "xspf", "jspf"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface ExportTrack {
  title: string;
  artist: string[];
  album: string;
  /** whole seconds; 0 when unknown */
  duration: number;
  /** where a player gets it, or null with `why` */
  location: string | null;
  preview: boolean;
  why?: string;
}

export interface ExportPlaylist {
  title: string;
  creator: string | null;
  tracks: ExportTrack[];
}

/** The content type and file name extension of each format. */
export const FILE_TYPES: Record<ExportFormat, string> = {
  m3u8: "audio/x-mpegurl; charset=utf-8",
  xspf: "application/xspf+xml; charset=utf-8",
  jspf: "application/jspf+json; charset=utf-8",
};

export function writePlaylist(format: ExportFormat, playlist: ExportPlaylist): string {
  return WRITERS[format](playlist);
}

// --- internal ---

const PREVIEW_NOTE = "preview: a short clip, not the whole song";
const WRITERS: Record<ExportFormat, (playlist: ExportPlaylist) => string> = { m3u8, xspf, jspf };
const artists = (track: ExportTrack) => track.artist.join(", ");
const annotation = (track: ExportTrack) => (track.location === null ? `no address: ${track.why ?? "not playable"}` : track.preview ? PREVIEW_NOTE : undefined);

function m3u8(playlist: ExportPlaylist): string {
  const lines = ["#EXTM3U", `#PLAYLIST:${oneLine(playlist.title)}`];
  for (const track of playlist.tracks) {
    const info = `${track.duration || -1},${oneLine(artists(track) ? `${artists(track)} - ${track.title}` : track.title)}`;
    if (track.location === null) lines.push(`${NO_ADDRESS}${oneLine(track.why ?? "not playable").replace(/\)/g, "]")}): ${info}`);
    else lines.push(...(track.preview ? [`# ${PREVIEW_NOTE}`] : []), `#EXTINF:${info}`, track.location);
  }
  return `${lines.join("\n")}\n`;
}

function xspf(playlist: ExportPlaylist): string {
  const element = (name: string, text: string | undefined, indent: string) => (text ? [`${indent}<${name}>${xmlText(text)}</${name}>`] : []);
  const tracks = playlist.tracks.map((track) =>
    [
      "    <track>",
      ...element("location", track.location ?? undefined, "      "),
      ...element("title", track.title, "      "),
      ...element("creator", artists(track), "      "),
      ...element("annotation", annotation(track), "      "),
      ...element("album", track.album, "      "),
      ...element("duration", track.duration ? String(track.duration * 1000) : undefined, "      "),
      "    </track>",
    ].join("\n"),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<playlist version="1" xmlns="http://xspf.org/ns/0/">',
    ...element("title", playlist.title, "  "),
    ...element("creator", playlist.creator ?? undefined, "  "),
    "  <trackList>",
    ...tracks,
    "  </trackList>",
    "</playlist>",
    "",
  ].join("\n");
}

function jspf(playlist: ExportPlaylist): string {
  const track = (t: ExportTrack) => ({
    ...(t.location === null ? {} : { location: [t.location] }),
    title: t.title,
    ...(artists(t) ? { creator: artists(t) } : {}),
    ...(annotation(t) ? { annotation: annotation(t) } : {}),
    ...(t.album ? { album: t.album } : {}),
    ...(t.duration ? { duration: t.duration * 1000 } : {}),
  });
  return `${JSON.stringify({ playlist: { title: playlist.title, ...(playlist.creator ? { creator: playlist.creator } : {}), track: playlist.tracks.map(track) } }, null, 2)}\n`;
}

/** One line of an M3U: no line breaks (Unicode's too: NEL, U+2028, U+2029, which some readers split at) or other controls inside. */
function oneLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ");
}

/** Text as XML character data: the markup characters escaped, what XML 1.0 cannot hold left out. */
function xmlText(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
}
