/**
 * The LRCLIB lookup: `/api/get` by title, first artist, album and duration; when LRCLIB has
 * no such track (404 `TrackNotFound`) or its answer is not the same song, `/api/search` by
 * title and artist, keeping only a result that is the same song (see `match.ts`).
 */
import { type CallContext, type LyricsLookup, type LyricsProvider, NotFoundError, type UpstreamClient, UpstreamError, UpstreamParseError } from "@music-aggregator/core";
import { lrcOf } from "./lrc.ts";
import { isSameSong, pickTrack } from "./match.ts";
import { LrclibSearchAnswer, LrclibTrack } from "./wire.ts";

export function createLrclibProvider(http: UpstreamClient, toleranceSeconds: number): LyricsProvider {
  return {
    async find(song, ctx) {
      const artist = song.artist.find((a) => a.trim());
      if (!song.name.trim() || !artist) throw new NotFoundError("no lyrics: the song has no title or artist to look them up by");
      const hit = await getTrack(http, song, artist, ctx);
      const track =
        hit && isSameSong(song, hit, toleranceSeconds) && (lrcOf(hit) !== undefined || hit.instrumental)
          ? hit
          : pickTrack(song, await searchTracks(http, song.name, artist, ctx), toleranceSeconds);
      const lyric = track && lrcOf(track);
      if (lyric !== undefined) return { lyric, translation: null };
      const label = `"${song.name}" by ${artist}`;
      if (track?.instrumental) throw new NotFoundError(`no lyrics: ${label} is an instrumental track`);
      throw new NotFoundError(`no lyrics found for ${label}`);
    },
  };
}

// --- internal ---

/** The track `/api/get` finds, or undefined on LRCLIB's 404 `TrackNotFound`. */
async function getTrack(http: UpstreamClient, song: LyricsLookup, artist: string, ctx: CallContext): Promise<LrclibTrack | undefined> {
  const response = await http.request("/api/get", {
    query: {
      track_name: song.name,
      artist_name: artist,
      // LRCLIB takes both as optional; an unknown album or length is better left out than sent empty.
      album_name: song.album.trim() || undefined,
      duration: song.duration > 0 ? song.duration : undefined,
    },
    signal: ctx.signal,
  });
  if (response.status === 404 && isTrackNotFound(response.text)) return undefined;
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

/**
 * LRCLIB's miss: `{"name":"TrackNotFound",...}` with HTTP 404 (older answers carry
 * `statusCode`, newer ones `code`). Any other 404 means a wrong `baseURL`, not a miss,
 * and must not be cached as "no lyrics".
 */
function isTrackNotFound(body: string): boolean {
  try {
    return (JSON.parse(body) as { name?: unknown } | null)?.name === "TrackNotFound";
  } catch {
    return false;
  }
}
