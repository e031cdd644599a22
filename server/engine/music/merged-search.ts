/**
 * The one list of an all-search (docs/decisions.md, "Search across all sources"): every source's
 * window of results, ranked by relevance to the query, one entry per recording.
 *
 * 1. Every song gets its relevance score (`match/relevance.ts`); songs are taken best first.
 *    Among equally good matches the upstream's own popularity ranks (its `popularity`, else
 *    its order), normalised across sources as a share: a song's place among its source's songs
 *    of that score, 1 for the first down to 1/n for the last of n; then each source's own rank,
 *    then source order.
 * 2. A song joins the first entry (in that order) whose every song is the same recording
 *    (`match/recording.ts`), of any source, its own included (a catalogue lists one master on
 *    its album and on every compilation); else it starts one.
 * 3. An entry shows its most playable song: full length, then a preview, then unavailable,
 *    VIP last (ties: the best ranked). The others are its `alternatives`, in the same order.
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
  const byScore = new Map<number, Candidate[]>();
  window.list.forEach((song, rank) => {
    // An upstream that lists a song twice shows it once.
    if (seen.has(song.id)) return;
    seen.add(song.id);
    const score = relevance(query, song);
    const candidate = { song, recording: recordingOf(song, window.isrcs), score, popularity: 0, rank, sourceIndex, playability: playability(song, window.playback) };
    const group = byScore.get(score);
    if (group) group.push(candidate);
    else byScore.set(score, [candidate]);
  });
  for (const group of byScore.values()) {
    group.sort((a, b) => (b.song.popularity ?? -1) - (a.song.popularity ?? -1) || a.rank - b.rank);
    group.forEach((candidate, place) => (candidate.popularity = 1 - place / group.length));
  }
  return { candidates: [...byScore.values()].flat() };
}

/** The merged list of scored windows (`scoreWindow`), given in source order. */
export function mergeScored(windows: readonly ScoredWindow[]): SearchSong[] {
  const candidates = windows
    .flatMap((w) => w.candidates)
    .sort((a, b) => b.score - a.score || b.popularity - a.popularity || a.rank - b.rank || a.sourceIndex - b.sourceIndex);
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
  /** the song's share among its source's songs of the same score, by the upstream's popularity (or order): 1 the first */
  popularity: number;
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
 * The entries a recording may belong to are found by its title (each of its readings) and
 * versions, which a match by metadata needs equal, and by its ISRC.
 */
function keysOf(recording: Recording): string[] {
  const versions = recording.versions.join("|");
  return [...recording.cores.map((core) => `t:${core}|${versions}`), ...(recording.isrc ? [`i:${recording.isrc}`] : [])];
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

/** The first entry, in list order, that takes the candidate: the same recording as every song of it. */
function joinable(found: readonly Entry[], candidate: Candidate): Entry | undefined {
  return found.find((entry) => entry.members.every((m) => sameRecording(m.recording, candidate.recording).same));
}

/** The entry's most playable song, the others as its alternatives, most playable first (ties: in list order). */
function shown(entry: Entry): SearchSong {
  const [best, ...others] = [...entry.members].sort((a, b) => a.playability - b.playability);
  const alternatives: Alternative[] = others.map(({ song }) => ({ source: song.source, id: song.id, available: song.available, vip: song.vip }));
  return { ...best.song, alternatives };
}
