/**
 * Jamendo's full-length addresses by quality. The `audio` stream comes in the format the
 * request names with `audioformat`: `mp31` (MP3 96 kbps) is standard, `mp32` (MP3 VBR) is
 * high. Lossless is the FLAC download (`audiodownload` with `audiodlformat=flac`), offered only
 * where the artist allows downloads (`audiodownload_allowed`). A quality a track lacks falls
 * back as docs/decisions.md (Sources) says (`pickQuality`): lossless to high.
 */
import { expiryFromUrl, NotFoundError, pickQuality, type Quality, type SongUrl } from "@music-aggregator/core";
import type { JamendoTrackCore } from "./wire.ts";

/** Jamendo's mp31 is a constant 96 kbps. */
const MP31_KBPS = 96;
/** mp32 is VBR: the nominal rate of its quality setting. */
const MP32_KBPS = 192;
/** FLAC of CD audio: the nominal rate of the decoded stream. */
const FLAC_KBPS = 1411;

/** One address of a track, at one quality. */
export interface Offer {
  quality: Quality;
  url: string;
  /** kbps */
  bitrate: number;
}

/** The query that makes an answer's `audio` (and, for lossless, `audiodownload`) fit `quality`. */
export function audioQuery(quality: Quality): { audioformat: string; audiodlformat?: string } {
  if (quality === "standard") return { audioformat: "mp31" };
  if (quality === "high") return { audioformat: "mp32" };
  return { audioformat: "mp32", audiodlformat: "flac" };
}

/** The qualities a track has: both streams when it has one, lossless when downloads are allowed. */
export function qualitiesOf(track: JamendoTrackCore): Quality[] {
  const streams: Quality[] = track.audio ? ["standard", "high"] : [];
  return downloadable(track) ? [...streams, "lossless"] : streams;
}

/**
 * The address to give for `wanted`, read from an answer asked for with `audioQuery(wanted)`;
 * undefined when the track has no public address at all.
 */
export function addressFor(track: JamendoTrackCore, wanted: Quality): Offer | undefined {
  const stream = audioQuery(wanted).audioformat === "mp31" ? { quality: "standard" as const, bitrate: MP31_KBPS } : { quality: "high" as const, bitrate: MP32_KBPS };
  const offers: Offer[] = track.audio ? [{ ...stream, url: track.audio }] : [];
  if (wanted === "lossless" && downloadable(track)) offers.push({ quality: "lossless", bitrate: FLAC_KBPS, url: track.audiodownload });
  return pickQuality(offers, wanted);
}

/** The SongUrl for `wanted`; 3001 when the track has no public address. */
export function toSongUrl(track: JamendoTrackCore, wanted: Quality, sourceId: string): SongUrl {
  const offer = addressFor(track, wanted);
  if (!offer) throw new NotFoundError(`Jamendo has no public address for track ${track.id}`);
  return {
    source: sourceId,
    id: track.id,
    url: offer.url,
    quality: offer.quality,
    bitrate: offer.bitrate,
    size: null,
    // Jamendo's addresses carry no expiry today; read one if they ever do.
    expireAt: expiryFromUrl(offer.url),
    // Everything on Jamendo is the whole song.
    preview: false,
  };
}

// --- internal ---

/** Since April 2022 `audiodownload` is empty where downloads are not allowed; both are checked. */
function downloadable(track: JamendoTrackCore): boolean {
  return track.audiodownload_allowed && track.audiodownload !== "";
}
