/**
 * The HTTP side of playlist files (docs/decisions.md, "Transfer a playlist"): the playlist
 * `POST /v1/playlist/match` imports (the one body `/v1` takes: bounded, read within
 * `server.bodyTimeoutMs`, parsed with no entity expansion), and the files `format=` writes of
 * `/v1/playlist` and `/v1/playlist/match`. A file's entries are this service's own
 * `/v1/song/url?…&redirect=1`, so no upstream address that expires is written into it.
 */
import type { H3Event } from "h3";
import { InputError, type PlaylistDetail, type Song } from "@music-aggregator/core";
import type { TransferPage } from "../../engine/domain.ts";
import type { MusicService } from "../../engine/music/music-service.ts";
import { IMPORT_LIMITS, type PlaylistFile } from "../../engine/playlist-files/playlist-file.ts";
import { readPlaylistFile } from "../../engine/playlist-files/read.ts";
import { FILE_TYPES, writePlaylist, type ExportFormat, type ExportPlaylist, type ExportTrack } from "../../engine/playlist-files/write.ts";
import { textAnswer, type Answer } from "../answer.ts";
import { readBodyBytes } from "../body.ts";
import type { Exchange } from "../exchange.ts";
import { NEVER } from "../http-caching.ts";
import type { HttpFront } from "../http-front.ts";

/** The playlist a POST holds (1001 for every fault, each named). */
export async function importedPlaylist(event: H3Event, front: HttpFront): Promise<PlaylistFile> {
  // Bytes, not text: a classic M3U is in its system's code page, and decoding it as UTF-8 would turn its accents into U+FFFD.
  const bytes = await readBodyBytes(event, front.config.server.bodyTimeoutMs, IMPORT_LIMITS.bytes);
  return readPlaylistFile(bytes, event.req.headers.get("content-type") ?? undefined);
}

/** What a file of a `/v1/playlist` page, or of a transfer page's copies on its one target, says. */
export interface FileRequest {
  format: ExportFormat;
  /** for `/v1/playlist`: the quality its entries ask for */
  quality?: string;
}

/** The answer in `request.format`: a playlist page (`/v1/playlist`) or a transfer page (`/v1/playlist/match`). */
export function fileAnswer(ex: Exchange, front: HttpFront, dataJson: string, request: FileRequest): Answer {
  // A transfer page has its tracks and its one target; a playlist page, its songs.
  const data = JSON.parse(dataJson) as Pick<TransferPage, "name" | "creator"> & Partial<Pick<TransferPage, "tracks" | "to"> & Pick<PlaylistDetail, "song">>;
  const address = addressOf(ex, front, request.quality);
  const music = front.music;
  const tracks = data.tracks ? data.tracks.map((t) => copyTrack(t, data.to![0], address, music)) : data.song!.map((song) => songTrack(song, address, music));
  const playlist: ExportPlaylist = { title: data.name, creator: data.creator, tracks };
  const name = data.name.replace(/[^A-Za-z0-9 _.-]/g, "").trim().slice(0, 60) || "playlist";
  const answer = textAnswer(200, writePlaylist(request.format, playlist), FILE_TYPES[request.format], NEVER, {
    "content-disposition": `attachment; filename="${name}.${request.format}"`,
  });
  return { ...answer, code: 0 };
}

// --- internal ---

type Address = (song: Song) => string;

/** A song's entry: this service's address of it, and whether that is a clip; none for a VIP or unplayable song. */
function songTrack(song: Song, address: Address, music: MusicService, why?: string): ExportTrack {
  const track = { title: song.name, artist: song.artist, album: song.album, duration: song.duration, preview: false };
  if (why) return { ...track, location: null, why };
  if (song.vip || !song.available) return { ...track, location: null, why: song.vip ? "VIP" : "not playable" };
  return { ...track, location: address(song), preview: music.previewOnly(song.source) };
}

/** A transfer track's entry: its copy on `target`, or the track itself without an address, saying why. */
function copyTrack(track: TransferPage["tracks"][number], target: string, address: Address, music: MusicService): ExportTrack {
  const copy = track.copies[target];
  if (copy) return songTrack(copy.song, address, music);
  const why = track.new === false ? "before after: not matched again" : copy === null ? `no copy on ${target}` : `${target} did not answer: ask again`;
  return songTrack(track.song, address, music, why);
}

/**
 * This service's `/v1/song/url` of a song, redirecting to its address, at the public address
 * the config names (`server.publicUrl`), else at the Host the request was sent to.
 */
function addressOf(ex: Exchange, front: HttpFront, quality: string | undefined): Address {
  const host = ex.header("host") ?? "";
  const base = front.config.server.publicUrl ?? (HOST.test(host) ? `http://${host}` : undefined);
  if (!base) throw new InputError("the request's Host is no address to write into a playlist file: config server.publicUrl names one");
  return (song) => {
    const query = new URLSearchParams({ origin: ex.origin!, source: song.source, id: song.id, ...(quality && quality !== "standard" ? { quality } : {}), redirect: "1" });
    return `${base}/v1/song/url?${query}`;
  };
}

/** A host name or an IPv4 or IPv6 address, and a port. */
const HOST = /^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;
