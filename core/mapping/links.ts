/**
 * The extension field `link` (docs/decisions.md (/v1)): an item's public page on its source.
 * Upstream text becomes a link only when it is an absolute http(s) address, so that a page
 * showing it can use it as an `href` without fear of `javascript:` and the like.
 */

/** `value` as a web page address (absolute http or https), resolved against `base` when given; else null. */
export function pageLink(value: unknown, base?: string): string | null {
  if (typeof value !== "string" || value.trim() === "") return null;
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}
