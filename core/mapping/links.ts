/**
 * The extension fields that point outside the service (docs/decisions.md (/v1)): an item's
 * public page on its source (`link`) and the ids of a song's artists (`artistId`). Upstream
 * text becomes a link only when it is an absolute http(s) address, so a page showing it can
 * use it as an `href` without fear of `javascript:` and the like.
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

/** The names of credited artists, each once in first-credited order, with the id of each ("" when it has none). */
export function creditedArtists(credits: readonly { name: string; id?: string | null }[]): { artist: string[]; artistId: string[] } {
  const artist: string[] = [];
  const artistId: string[] = [];
  for (const credit of credits) {
    if (credit.name === "" || artist.includes(credit.name)) continue;
    artist.push(credit.name);
    artistId.push(credit.id ?? "");
  }
  return { artist, artistId };
}
