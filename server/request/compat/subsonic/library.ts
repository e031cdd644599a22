/**
 * What a Subsonic "library" is here (docs/decisions.md, "Subsonic"): this service holds no
 * files, so a client's first screens (folders, artists, album lists, random songs, playlists)
 * are made of lists an operator names in config `compat.subsonic.folders`: each folder is a
 * few charts and playlists of the sources; by default one folder per source that has charts,
 * holding its first chart. Each list is one cached operation (`rank`, or a playlist's first
 * 500 tracks), so the library follows the upstreams as their charts change. `search3` is not
 * bound to it: it reaches every source through the merged search.
 */
import type { CachedAnswer, PlaylistDetail, RankDetail, RankList, Song } from "@music-aggregator/core";
import { NotFoundError, loggedMessage } from "@music-aggregator/core";
import type { AppConfig } from "../../../engine/config.ts";
import type { HttpFront } from "../../http-front.ts";
import { listOf as playlistPages, runOperation } from "../meting.ts";
import { encodeId } from "./ids.ts";

type ListRef = NonNullable<AppConfig["compat"]["subsonic"]["folders"]>[number]["lists"][number];

export interface Folder {
  /** its number, from 1 in config order (Subsonic's folder ids are integers) */
  id: number;
  name: string;
  lists: ListRef[];
}

/** One list of the library, as a Subsonic playlist tells it. */
export interface List {
  /** its opaque id: `ch-…` for a chart, `pl-…` for a playlist */
  id: string;
  name: string;
  cover: string | null;
  creator: string | null;
  /** ISO date-time of its last change, where the upstream says */
  changed: string | null;
  songs: Song[];
}

export function foldersOf(front: HttpFront): Folder[] {
  const configured = front.config.compat.subsonic.folders;
  if (configured) return configured.map((folder, i) => ({ id: i + 1, name: folder.name, lists: folder.lists }));
  const charted = front.sources.enabled().filter((source) => source.capabilities.rank);
  return charted.map((source, i) => ({ id: i + 1, name: source.plugin.name, lists: [{ source: source.id }] }));
}

/** A chart (its first one when `ref` names none) or a playlist's first 500 tracks. */
export async function listOf(front: HttpFront, ref: ListRef, signal: AbortSignal): Promise<List> {
  const run = (name: "rank" | "playlist", params: Record<string, string>) => runOperation(front, name, { source: ref.source, ...params }, signal);
  if (ref.playlist !== undefined) {
    const { parts, songs } = await playlistPages("playlist", ref.playlist, (name, params) => run(name as "playlist", { id: ref.playlist!, ...params }));
    const detail = JSON.parse(parts[0].json) as PlaylistDetail;
    return { id: encodeId("pl", ref.source, detail.id), name: detail.name, cover: detail.cover, creator: detail.creator, changed: null, songs };
  }
  const chart = ref.chart ?? (await firstChart(run));
  const detail = JSON.parse((await run("rank", { id: chart })).json) as RankDetail;
  return { id: encodeId("ch", ref.source, detail.id), name: detail.name, cover: detail.cover, creator: null, changed: detail.updateAt, songs: detail.song };
}

/**
 * The lists of the folder `folderId` names (every folder's without one), each song once. A list
 * that fails is left out and logged: one upstream down leaves the rest of the library.
 */
export async function libraryOf(front: HttpFront, folderId: string | undefined, signal: AbortSignal): Promise<{ lists: List[]; songs: Song[] }> {
  const folders = foldersOf(front).filter((folder) => folderId === undefined || String(folder.id) === folderId);
  const refs = folders.flatMap((folder) => folder.lists);
  const settled = await Promise.allSettled(refs.map((ref) => listOf(front, ref, signal)));
  const lists: List[] = [];
  settled.forEach((result, i) => {
    if (result.status === "fulfilled") lists.push(result.value);
    else if (!signal.aborted) front.log.warn(`subsonic library: list ${JSON.stringify(refs[i])} left out: ${loggedMessage(result.reason)}`);
  });
  const seen = new Set<string>();
  const songs = lists.flatMap((list) => list.songs).filter((song) => !seen.has(`${song.source}\u0000${song.id}`) && !!seen.add(`${song.source}\u0000${song.id}`));
  return { lists, songs };
}

// --- internal ---

async function firstChart(run: (name: "rank", params: Record<string, string>) => Promise<CachedAnswer>): Promise<string> {
  const charts = JSON.parse((await run("rank", {})).json) as RankList;
  if (!charts.list.length) throw new NotFoundError("the source lists no chart");
  return charts.list[0].id;
}
