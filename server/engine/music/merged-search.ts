/**
 * The one list of an all-search (docs/decisions.md, "Search across all sources"): every source's
 * window of results, ranked by relevance to the query, one entry per recording.
 *
 * 1. Every song gets its relevance score (`core/match/relevance.ts`); songs are taken best
 *    first, ties by their rank in their own source's list, then by source order.
 * 2. A song joins the first entry (in that order) whose every song is the same recording
 *    (`core/match/recording.ts`) and that has no song of its source yet; else it starts one.
 * 3. An entry shows its most playable song: full length, then a preview, then unavailable,
 *    VIP last (ties: the best ranked). The others are its `alternatives`.
 *
 * The list depends only on the windows and the query, so every page cut from it is a slice of
 * one deterministic order.
 */
import type { Song, IsrcOrigin } from "@music-aggregator/core";
import { recordingOf, sameRecording, type Recording } from "../match/recording.ts";
import { relevance } from "../match/relevance.ts";
import { type Alternative, type SearchSong } from "../domain.ts";

/** What a source's addresses are: the whole song, or a clip. */
export type Playback = "full" | "preview";

/** One source's part of an all-search: its results in its own order. */
export interface SourceWindow {
  playback: Playback;
  /** who stands behind its songs' ISRCs (default: their uploaders) */
  isrcs?: IsrcOrigin;
  list: readonly Song[];
}

export function mergeWindows(query: string, windows: readonly SourceWindow[]): SearchSong[] {
  return mergeScored(windows.map((window, sourceIndex) => scoreWindow(query, window, sourceIndex)));
}

/**
 * One window's songs read and scored for `query` (the work of a merge that needs no other
 * window): done as each window arrives, so that little is left once the last one is in.
 */
export function scoreWindow(query: string, window: SourceWindow, sourceIndex: number): ScoredWindow {
  const seen = new Set<string>();
  const candidates: Candidate[] = [];
  window.list.forEach((song, rank) => {
    // An upstream that lists a song twice shows it once.
    if (seen.has(song.id)) return;
    seen.add(song.id);
    candidates.push({ song, recording: recordingOf(song, window.isrcs), score: relevance(query, song), rank, sourceIndex, playability: playability(song, window.playback) });
  });
  return { candidates };
}

/** The merged list of scored windows (`scoreWindow`), given in source order. */
export function mergeScored(windows: readonly ScoredWindow[]): SearchSong[] {
  const candidates = windows.flatMap((w) => w.candidates).sort((a, b) => b.score - a.score || a.rank - b.rank || a.sourceIndex - b.sourceIndex);
  const entries: Entry[] = [];
  const byKey = new Map<string, Entry[]>();
  for (const candidate of candidates) {
    const keys = keysOf(candidate.recording);
    const found = joinable(entriesOf(byKey, keys), candidate);
    if (found) {
      found.members.push(candidate);
      for (const key of keys) index(byKey, key, found);
      continue;
    }
    const entry: Entry = { order: entries.length, members: [candidate] };
    entries.push(entry);
    for (const key of keys) index(byKey, key, entry);
  }
  return entries.map(shown);
}

/** A window's songs as the merge compares them. */
export interface ScoredWindow {
  readonly candidates: readonly Candidate[];
}

// --- internal ---

interface Candidate {
  song: Song;
  recording: Recording;
  score: number;
  rank: number;
  sourceIndex: number;
  playability: number;
}

interface Entry {
  order: number;
  members: Candidate[];
}

/** 0 full length, 1 preview, 2 not playable, 3 VIP: the lower, the better to show. */
function playability(song: Song, playback: Playback): number {
  if (song.vip) return 3;
  if (!song.available) return 2;
  return playback === "full" ? 0 : 1;
}

/**
 * The entries a recording may belong to are found by its title and versions (which a match by
 * metadata needs equal) and by its ISRC.
 */
function keysOf(recording: Recording): string[] {
  return [`t:${recording.core}|${recording.versions.join("|")}`, ...(recording.isrc ? [`i:${recording.isrc}`] : [])];
}

/** The entries filed under any of `keys`, each once, in list order. */
function entriesOf(byKey: Map<string, Entry[]>, keys: string[]): Entry[] {
  const found = new Set(keys.flatMap((key) => byKey.get(key) ?? []));
  return [...found].sort((a, b) => a.order - b.order);
}

function index(byKey: Map<string, Entry[]>, key: string, entry: Entry): void {
  const list = byKey.get(key);
  if (!list) byKey.set(key, [entry]);
  else if (!list.includes(entry)) list.push(entry);
}

/** The first entry, in list order, that takes the candidate: no song of its source, the same recording as every song. */
function joinable(found: readonly Entry[], candidate: Candidate): Entry | undefined {
  return found.find(
      (entry) =>
        entry.members.every((m) => m.song.source !== candidate.song.source) && entry.members.every((m) => sameRecording(m.recording, candidate.recording).same),
    );
}

function shown(entry: Entry): SearchSong {
  const best = entry.members.reduce((a, b) => (b.playability < a.playability ? b : a));
  const alternatives: Alternative[] = entry.members
    .filter((m) => m !== best)
    .map(({ song }) => ({ source: song.source, id: song.id, available: song.available, vip: song.vip }));
  return { ...best.song, alternatives };
}
