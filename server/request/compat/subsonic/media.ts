/**
 * The Subsonic calls that lead to media (docs/decisions.md, "Subsonic"): `getCoverArt`, a
 * redirect to the upstream's picture (at the size asked, where the plugin says how its
 * upstream sizes pictures); `stream` and `download`, a redirect to the song's legal address
 * with `fallback` (the same recording elsewhere when the song is VIP, unplayable or a preview:
 * full length first), a preview only when config `compat.subsonic.previews` allows it, a VIP
 * song with no copy elsewhere an error, never an address; and lyrics, OpenSubsonic's synced
 * lines read from the LRC text, or Subsonic's plain text.
 */
import type { AlbumDetail, ArtistDetail, Lyric, SearchResult, SongDetail, SongUrl } from "@music-aggregator/core";
import { isKind } from "@music-aggregator/core";
import type { Answer } from "../../answer.ts";
import { NEVER } from "../../http-caching.ts";
import { count, item, run, type Call } from "./call.ts";
import { SubsonicError } from "./envelope.ts";
import { listOf } from "./library.ts";

export async function coverArt(c: Call): Promise<Answer> {
  const { kind, source, id } = item(c, "id", "so", "al", "ar", "pl", "ch");
  let cover: string | null | undefined;
  if (kind === "so") cover = (await run<SongDetail>(c, "song", { source, id })).cover;
  else if (kind === "al") cover = await run<AlbumDetail>(c, "album", { source, id }).then((album) => album.cover ?? album.song.find((song) => song.cover)?.cover);
  else if (kind === "ar") cover = (await run<ArtistDetail>(c, "artist", { source, id })).avatar;
  else cover = (await listOf(c.front, kind === "pl" ? { source, playlist: id } : { source, chart: id }, c.signal)).cover;
  const size = count(c, "size", 0, 4096);
  const sized = size && cover ? c.front.sources.all().find((s) => s.id === source)?.plugin.coverAt?.(cover, size) : undefined;
  return redirect(sized ?? cover, "this item has no cover art");
}

export async function stream(c: Call): Promise<Answer> {
  const { source, id } = item(c, "id", "so");
  const url = await run<SongUrl>(c, "url", { source, id, fallback: "1" });
  if (url.preview && !c.front.config.compat.subsonic.previews) {
    throw new SubsonicError(70, "only a preview clip of this song is public, and no other source has it in full; this server does not play previews (config compat.subsonic.previews)");
  }
  return redirect(url.url, "this song has no public address");
}

/** OpenSubsonic `songLyrics`: the LRC text's timed lines (synced), or its lines (not synced); an empty list when there are none. */
export async function lyricsBySongId(c: Call): Promise<Record<string, unknown>> {
  const { source, id } = item(c, "id", "so");
  const lyric = await lyricOf(c, source, id);
  const texts = lyric ? [lyric.lyric, lyric.translation].filter((text): text is string => !!text) : [];
  return { lyricsList: { structuredLyrics: texts.map((text) => ({ lang: "und", offset: 0, ...linesOf(text) })) } };
}

/** Subsonic's `getLyrics(artist, title)`: the plain lyrics of the first song a search for both finds. */
export async function lyricsByName(c: Call): Promise<Record<string, unknown>> {
  const [artist, title] = [c.params.artist ?? "", c.params.title ?? ""];
  const words = `${artist} ${title}`.trim().slice(0, 80);
  const found = words ? (await run<SearchResult>(c, "search", { source: "all", q: words, size: "5" })).list[0] : undefined;
  const lyric = found && (await lyricOf(c, found.source, found.id));
  if (!found || !lyric) return { lyrics: {} };
  return { lyrics: { artist: found.artist.join(" / "), title: found.name, value: linesOf(lyric.lyric).line.map((line) => line.value).join("\n") } };
}

// --- internal ---

const TIME_TAG = /\[(\d{1,3}):(\d{1,2})(?:[.:](\d{1,3}))?\]/g;
const METADATA = /^\[[a-z]+:[^\]]*\]$/i;

async function lyricOf(c: Call, source: string, id: string): Promise<Lyric | undefined> {
  try {
    return await run<Lyric>(c, "lyric", { source, id });
  } catch (error) {
    if (isKind(error, "notFound", "capability")) return undefined;
    throw error;
  }
}

/** An LRC text's lines: timed (`start` in ms, in time order) when it has time tags, else each line as it stands. */
function linesOf(lrc: string): { synced: boolean; line: { start?: number; value: string }[] } {
  const timed: { start: number; value: string }[] = [];
  const plain: { value: string }[] = [];
  for (const raw of lrc.split(/\r?\n/)) {
    const tags = [...raw.matchAll(TIME_TAG)];
    const value = raw.replace(TIME_TAG, "").trim();
    if (!tags.length && value && !METADATA.test(value)) plain.push({ value });
    for (const [, min, sec, frac = "0"] of tags) timed.push({ start: Math.round((Number(min) * 60 + Number(sec) + Number(frac) / 10 ** frac.length) * 1000), value });
  }
  return timed.length ? { synced: true, line: timed.sort((a, b) => a.start - b.start) } : { synced: false, line: plain };
}

/** A redirect to an upstream's address; anything but an http(s) URL is no address (error 70). */
function redirect(target: string | null | undefined, missing: string): Answer {
  if (!target || !/^https?:\/\/[^\s]+$/.test(target)) throw new SubsonicError(70, missing);
  return { status: 302, headers: { location: target }, body: null, freshness: NEVER, code: 0 };
}
