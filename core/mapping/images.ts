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

/**
 * `url` asked at about `px` pixels square, for an image server that renders the size its last
 * path segment names (`/250x250-000000-80-0-0.jpg`, `/100x100bb.jpg`, `/480x480.jpg`): at `px`,
 * or at the smallest of `sizes` that is at least `px` where it renders only those. Undefined
 * when the address names no size.
 */
export function squareAt(url: string, px: number, sizes?: readonly number[]): string | undefined {
  const size = sizes ? (sizes.find((s) => s >= px) ?? sizes[sizes.length - 1]) : px;
  return SIZED.test(url) ? url.replace(SIZED, `/${size}x${size}$1.$2`) : undefined;
}

// What follows the size starts with no digit (`bb`, `-000000`): the size's digits are never read twice.
const SIZED = /\/\d{1,4}x\d{1,4}((?:[^/.\d][^/.]*)?)\.([a-z]+)$/i;
