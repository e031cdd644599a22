/**
 * The address of a song's preview (a 30 s clip, all some catalogues give away): one quality,
 * `standard`, whatever was asked for (the quality fallback's answer when there is no other),
 * flagged `preview`, with the expiry its signed URL states.
 */
import type { SongUrl } from "../domain.ts";
import { expiryFromUrl } from "./expiry.ts";

export function previewAddress(source: string, id: SongUrl["id"], url: string, bitrate: number): SongUrl {
  return { source, id, url, quality: "standard", bitrate, size: null, expireAt: expiryFromUrl(url), preview: true };
}
