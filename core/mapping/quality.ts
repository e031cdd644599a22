/**
 * The quality fallback of docs/decisions.md (Sources): a requested quality that a song lacks falls back to the
 * best lower quality it has, or, when it has none lower, to the lowest one it has. The
 * SongUrl then says which quality was really given.
 */
import type { Quality } from "../domain.ts";

const ORDER: readonly Quality[] = ["standard", "high", "lossless"];

/** The offer to serve for `wanted`, or undefined when there is no offer at all. */
export function pickQuality<T extends { quality: Quality }>(offers: readonly T[], wanted: Quality): T | undefined {
  const rank = (offer: T) => ORDER.indexOf(offer.quality);
  const limit = ORDER.indexOf(wanted);
  const sorted = [...offers].sort((a, b) => rank(a) - rank(b));
  const notAbove = sorted.filter((offer) => rank(offer) <= limit);
  return notAbove.at(-1) ?? sorted[0];
}
