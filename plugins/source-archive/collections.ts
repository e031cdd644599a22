/**
 * Albums and artists. An album is an item with its original audio files in track order. The
 * archive has no artist objects: an artist's id is the creator's name as items credit it, and
 * their popular songs are the first tracks of their most downloaded audio items.
 */
import { NotFoundError, type SourceMethods } from "@music-aggregator/core";
import type { ArchiveApi } from "./api.ts";
import { itemId } from "./ids.ts";
import { type Site, toAlbum, toSong } from "./mapping.ts";
import { creatorQuery } from "./query.ts";

/** Creator names are at most this long (the core's id limit). */
const MAX_NAME = 512;

export function collectionMethods(api: ArchiveApi, site: Site, artistSize: number): Pick<SourceMethods, "album" | "artist"> {
  return {
    async album(id, { signal }) {
      const item = await api.item(itemId(id), signal);
      // An item without audio (a book, a collection, a scan) is no album.
      if (item.tracks.length === 0) throw new NotFoundError(`Internet Archive item ${item.identifier} has no audio files`);
      return toAlbum(site, item);
    },

    async artist(id, { signal }) {
      const name = creatorName(id);
      const hits = await api.search({ q: creatorQuery(name), rows: artistSize, page: 1, sort: "downloads" }, signal);
      if (hits.total === 0) throw new NotFoundError(`Internet Archive has no audio items by ${name}`);
      const items = await api.items(hits.identifiers.slice(0, artistSize), signal);
      return {
        source: site.sourceId,
        id,
        name,
        // The archive keeps no pictures of people.
        avatar: null,
        song: items.flatMap((item) => (item.tracks.length ? [toSong(site, item, item.tracks[0])] : [])),
        // The archive has no page of a creator, only searches.
        link: null,
      };
    },
  };
}

// --- internal ---

/** A creator's name as a search phrase: trimmed, not empty, no control characters; anything else is 3001. */
function creatorName(id: string): string {
  const name = id.trim();
  if (name === "" || name.length > MAX_NAME || /[\u0000-\u001f\u007f]/.test(name)) {
    throw new NotFoundError("Internet Archive has no such creator: an artist id is a creator's name");
  }
  return name;
}
