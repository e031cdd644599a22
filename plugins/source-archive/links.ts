/**
 * The Internet Archive's web links: `archive.org/details/{identifier}` is an item (an album),
 * `archive.org/details/{identifier}/{file}` one file of it (a song, whose id is
 * `{identifier}/{file}`: `ids.ts`), the file's path read segment by segment as the archive
 * encodes it; `embed/{identifier}` (the player) and `download/{identifier}/{file}` (a file's
 * address) name the same. Nothing is asked of the archive to read them.
 */
import type { SourceLinks } from "@music-aggregator/core";
import { songId } from "./ids.ts";

/** An item identifier (`ids.ts`' rule). */
const IDENTIFIER = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,99}$/;

/** An item's pages: its details, its player, its files. */
const PAGES = new Set(["details", "embed", "download"]);

export const archiveLinks: SourceLinks = {
  hosts: ["archive.org", "www.archive.org"],
  link(url) {
    const [page, identifier, ...file] = url.pathname.split("/").slice(1);
    if (!PAGES.has(page) || !IDENTIFIER.test(identifier ?? "")) return undefined;
    // `details/{identifier}/` is the item too.
    if (file.length === 0 || (file.length === 1 && file[0] === "")) return { kind: "album", id: identifier };
    const segments = file.map(decoded);
    if (segments.some((s) => s === undefined || s === "" || s === "." || s === "..")) return undefined;
    return { kind: "song", id: songId(identifier, segments.join("/")) };
  },
  page(kind, id) {
    if (kind === "album") return `https://archive.org/details/${encodeURIComponent(id)}`;
    if (kind !== "song") return undefined;
    const slash = id.indexOf("/");
    return `https://archive.org/details/${encodeURIComponent(id.slice(0, slash))}/${id.slice(slash + 1).split("/").map(encodeURIComponent).join("/")}`;
  },
};

// --- internal ---

/** A path segment as the archive means it (`%20` a space), or undefined when it is no valid encoding. */
function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
