/**
 * The LRCLIB lookup: `/api/get` by title, first artist, album and duration; when LRCLIB has
 * no such track (any 4xx: `TrackNotFound`, or a parameter it refuses) or its answer is not the
 * same song, `/api/search` by title and artist, keeping only a result that is the same song
 * (see `match.ts`); when that finds nothing and the title carries featuring, remaster or
 * version tags, `/api/search` once more by the title without them. Three calls at most.
 */
import { type CallContext, type LyricsLookup, type LyricsProvider, NotFoundError, type UpstreamClient, UpstreamError, UpstreamParseError } from "@music-aggregator/core";
import { lrcOf } from "./lrc.ts";
import { isSameSong, pickTrack, plainTitle } from "./match.ts";
import { LrclibSearchAnswer, LrclibTrack } from "./wire.ts";

/** LRCLIB's `/api/get` takes durations of 1 to 3600 s only (a longer one is refused with 400). */
const MAX_DURATION = 3600;

export function createLrclibProvider(http: UpstreamClient, toleranceSeconds: number): LyricsProvider {
  const search = async (song: LyricsLookup, title: string, artist: string, ctx: CallContext) =>
    pickTrack(song, await searchTracks(http, title, artist, ctx), toleranceSeconds);

  return {
    async find(song, ctx) {
      const artist = song.artist.find((a) => a.trim());
      if (!song.name.trim() || !artist) throw new NotFoundError("no lyrics: the song has no title or artist to look them up by");
      const hit = await getTrack(http, song, artist, ctx);
      const plain = plainTitle(song.name);
      const track =
        hit && isSameSong(song, hit, toleranceSeconds) && (lrcOf(hit) !== undefined || hit.instrumental)
          ? hit
          : ((await search(song, song.name, artist, ctx)) ?? (plain !== song.name.normalize("NFKC").trim() ? await search(song, plain, artist, ctx) : undefined));
      const lyric = track && lrcOf(track);
      if (lyric !== undefined) return { lyric, translation: null };
      const label = `"${song.name}" by ${artist}`;
      if (track?.instrumental) throw new NotFoundError(`no lyrics: ${label} is an instrumental track`);
      throw new NotFoundError(`no lyrics found for ${label}`);
    },
  };
}

// --- internal ---

/**
 * The track `/api/get` finds, or undefined when LRCLIB answers with a 4xx: its 404
 * `TrackNotFound`, or a 400 for a parameter it refuses. Either is a miss that search may still
 * make good; a wrong `baseURL` shows there, where any 4xx is a failure.
 */
async function getTrack(http: UpstreamClient, song: LyricsLookup, artist: string, ctx: CallContext): Promise<LrclibTrack | undefined> {
  const response = await http.request("/api/get", {
    query: {
      track_name: song.name,
      artist_name: artist,
      // LRCLIB takes both as optional; an unknown album or length is better left out than sent
      // empty, and a length outside what LRCLIB accepts (1 to 3600 s) is left out too.
      album_name: song.album.trim() || undefined,
      duration: song.duration > 0 && song.duration <= MAX_DURATION ? song.duration : undefined,
    },
    signal: ctx.signal,
  });
  if (response.status >= 400 && response.status < 500) return undefined;
  if (response.status >= 400) throw new UpstreamError(`LRCLIB answered HTTP ${response.status} to /api/get`);
  const parsed = LrclibTrack.safeParse(response.json());
  if (!parsed.success) throw new UpstreamParseError("LRCLIB /api/get answered something that is not a track");
  return parsed.data;
}

/** The tracks `/api/search` lists for a title and artist; malformed items are skipped. */
async function searchTracks(http: UpstreamClient, name: string, artist: string, ctx: CallContext): Promise<LrclibTrack[]> {
  const response = await http.request("/api/search", { query: { track_name: name, artist_name: artist }, signal: ctx.signal });
  if (response.status >= 400) throw new UpstreamError(`LRCLIB answered HTTP ${response.status} to /api/search`);
  const parsed = LrclibSearchAnswer.safeParse(response.json());
  if (!parsed.success) throw new UpstreamParseError("LRCLIB /api/search answered something that is not a list of tracks");
  return parsed.data.flatMap((item) => {
    const track = LrclibTrack.safeParse(item);
    return track.success ? [track.data] : [];
  });
}
