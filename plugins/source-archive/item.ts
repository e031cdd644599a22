/**
 * An item's answer as the methods need it: its original audio files in track order, each
 * with the addresses the archive offers for it (the original itself and the derivatives made
 * from it) by quality. This reduced form is also what the response cache keeps for searches,
 * artists and charts, so it stays small and plain JSON.
 */
import { publishDate, type Quality, wholeSeconds } from "@music-aggregator/core";
import type { ArchiveFile, ItemAnswer } from "./wire.ts";

export interface Offer {
  quality: Quality;
  /** the file to download, original or derivative */
  file: string;
  /** kbps */
  bitrate: number;
  /** bytes, when the file record says */
  size: number | null;
}

export interface Track {
  /** the original's path inside the item */
  file: string;
  title: string;
  artists: string[];
  /** whole seconds; 0 when no file of the track was measured */
  seconds: number;
  /** at most one per quality; empty when the item is restricted or nothing playable was derived */
  offers: Offer[];
}

export interface ArchiveItem {
  identifier: string;
  title: string;
  creators: string[];
  publishAt: string | null;
  /** dark, or stream-only: the archive hands out none of its files */
  restricted: boolean;
  /** original audio files, in track order */
  tracks: Track[];
  /** every file name, to tell "no such file" from "not an audio original" */
  files: string[];
}

/** The formats offered for download, by quality; within one quality the first listed is preferred. */
const QUALITY_OF: ReadonlyMap<string, Quality> = new Map([
  ["64Kbps MP3", "standard"],
  ["VBR MP3", "high"],
  ["128Kbps MP3", "high"],
  ["Flac", "lossless"],
  ["24bit Flac", "lossless"],
]);
/** Original uploads that are audio, playable here or not (Shorten and WAVE only through their derivatives). */
const AUDIO_FORMATS = new Set([...QUALITY_OF.keys(), "Shorten", "WAVE", "AIFF", "Ogg Vorbis", "Apple Lossless Audio"]);
const isAudio = (format: string) => AUDIO_FORMATS.has(format) || /\bMP3$/.test(format);

export function toArchiveItem(answer: ItemAnswer): ArchiveItem {
  const meta = answer.metadata;
  const files = answer.files ?? [];
  const restricted = answer.is_dark === true || meta["access-restricted-item"] || meta.collection.includes("stream_only");
  const derivatives = new Map<string, ArchiveFile[]>();
  for (const f of files) if (f.source === "derivative" && f.original) derivatives.set(f.original, [...(derivatives.get(f.original) ?? []), f]);
  const originals = files.filter((f) => f.source === "original" && isAudio(f.format ?? ""));
  const tracks = originals.map((f) => toTrack(f, derivatives.get(f.name) ?? [], restricted));
  return {
    identifier: meta.identifier,
    title: meta.title?.trim() || meta.identifier,
    creators: names(meta.creator),
    publishAt: publishDate(meta.date) ?? publishDate(meta.year),
    restricted,
    tracks: sortByTrack(originals, tracks),
    files: files.map((f) => f.name),
  };
}

/** `a;b` and `["a", "b;c"]` as `["a", "b", "c"]`: trimmed, each once, HTML entities decoded. */
export function names(values: readonly string[]): string[] {
  return [...new Set(values.flatMap((v) => v.split(";")).map((v) => decodeEntities(v.trim())).filter((v) => v !== ""))];
}

// --- internal ---

function toTrack(original: ArchiveFile, derived: ArchiveFile[], restricted: boolean): Track {
  const measured = [original, ...derived].map((f) => wholeSeconds(f.length)).find((s) => s !== null && s > 0);
  const seconds = measured ?? 0;
  const candidates = restricted ? [] : [original, ...derived].filter((f) => !f.private && QUALITY_OF.has(f.format ?? ""));
  const offers: Offer[] = [];
  for (const format of QUALITY_OF.keys()) {
    const f = candidates.find((c) => c.format === format);
    const quality = QUALITY_OF.get(format)!;
    if (f && !offers.some((o) => o.quality === quality)) offers.push({ quality, file: f.name, bitrate: bitrateOf(f, seconds), size: bytes(f.size) });
  }
  return {
    file: original.name,
    title: decodeEntities(original.title?.trim() || baseName(original.name)),
    artists: names(original.artist.length ? original.artist : original.creator),
    seconds,
    offers,
  };
}

/** The format's own rate (`64Kbps MP3`), else the file's `bitrate`, else size over length. */
function bitrateOf(file: ArchiveFile, trackSeconds: number): number {
  const named = /^(\d+)Kbps\b/.exec(file.format ?? "");
  if (named) return Number(named[1]);
  const stated = Number(file.bitrate);
  if (file.bitrate !== undefined && Number.isFinite(stated) && stated > 0) return Math.round(stated);
  const size = bytes(file.size);
  const seconds = exactSeconds(file.length) || trackSeconds;
  return size && seconds ? Math.round((size * 8) / seconds / 1000) : 0;
}

/** Seconds with their fraction (`266.02`), which a bitrate needs; clocks (`04:26`) as whole seconds. */
function exactSeconds(value: string | number | undefined): number {
  const n = Number(value);
  return value !== undefined && value !== "" && Number.isFinite(n) && n > 0 ? n : (wholeSeconds(value) ?? 0);
}

function bytes(value: string | number | undefined): number | null {
  const n = Number(value);
  return value !== undefined && value !== "" && Number.isSafeInteger(n) && n >= 0 ? n : null;
}

/** Track order: the `track` number (`3` or `3/12`), unnumbered files last, ties in the archive's order. */
function sortByTrack(originals: ArchiveFile[], tracks: Track[]): Track[] {
  const number = (f: ArchiveFile) => {
    const match = /^\s*(\d+)/.exec(f.track ?? "");
    return match ? Number(match[1]) : Number.POSITIVE_INFINITY;
  };
  return tracks
    .map((track, i) => ({ track, n: number(originals[i]), i }))
    .sort((a, b) => (a.n === b.n ? a.i - b.i : a.n - b.n))
    .map((t) => t.track);
}

/** The file's name without folder and extension, for files without a `title`. */
function baseName(path: string): string {
  const name = path.slice(path.lastIndexOf("/") + 1);
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(0, dot) : name;
}

/** File tags come from XML and keep its entities (`Scarlet Begonias -&gt;`). */
function decodeEntities(text: string): string {
  return text.replace(/&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|(amp|lt|gt|quot|apos));/gi, (entity, dec?: string, hex?: string, name?: string) => {
    if (name) return { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" }[name.toLowerCase() as "amp"];
    const code = dec ? Number(dec) : parseInt(hex!, 16);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}
