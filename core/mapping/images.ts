/**
 * Picking one image address out of an upstream's size variants (Deezer's `cover_xl`,
 * `cover_big`..., iTunes' `artworkUrl100`...): the first non-empty one in the plugin's order
 * of preference, which is usually largest first.
 */

/** The first non-empty string among `keys` of `record`, or null. */
export function firstImage(record: Record<string, unknown> | null | undefined, keys: readonly string[]): string | null {
  if (!record) return null;
  for (const key of keys) {
    const value = record[key];
    if (typeof value === "string" && value.trim() !== "") return value;
  }
  return null;
}
