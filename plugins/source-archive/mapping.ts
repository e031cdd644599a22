/**
 * Archive items as domain objects. An item is an album and each of its original audio files a
 * song; the song's artists are the file's own tags, else the item's creators; the cover is the
 * item's picture from the archive's image service, its link the item's details page. `vip` is
 * always false: the archive sells nothing. A song is `available` when the archive hands out at least one playable file of it
 * (never for dark or stream-only items), and its `quality` lists exactly those files.
 */
import { type AlbumDetail, type Quality, type Song, type SongDetail, type SongUrl } from "@music-aggregator/core";
import { coverUrl, detailsUrl, downloadUrl, songId } from "./ids.ts";
import type { ArchiveItem, Offer, Track } from "./item.ts";

const QUALITY_ORDER: readonly Quality[] = ["standard", "high", "lossless"];

/** Where the answers point to, and which public source they are stamped with. */
export interface Site {
  sourceId: string;
  baseURL: string;
}

export function toSong(site: Site, item: ArchiveItem, track: Track): Song {
  const artist = track.artists.length ? track.artists : item.creators;
  return {
    source: site.sourceId,
    id: songId(item.identifier, track.file),
    name: track.title,
    artist,
    album: item.title,
    albumId: item.identifier,
    duration: track.seconds,
    cover: coverUrl(site.baseURL, item.identifier),
    available: track.offers.length > 0,
    vip: false,
    // An artist's id is a creator's name as items credit it: a name tagged on a file alone may credit no item.
    artistId: artist.map((name) => (item.creators.includes(name) ? name : "")),
    // The archive keeps no explicit flag.
    explicit: null,
  };
}

export function toSongDetail(site: Site, item: ArchiveItem, track: Track): SongDetail {
  return {
    ...toSong(site, item, track),
    quality: QUALITY_ORDER.filter((q) => track.offers.some((o) => o.quality === q)),
    publishAt: item.publishAt,
    link: detailsUrl(site.baseURL, item.identifier),
  };
}

/** The full-length file's own address: it does not expire, and it is no preview. */
export function toSongUrl(site: Site, item: ArchiveItem, track: Track, offer: Offer): SongUrl {
  return {
    source: site.sourceId,
    id: songId(item.identifier, track.file),
    url: downloadUrl(site.baseURL, item.identifier, offer.file),
    quality: offer.quality,
    bitrate: offer.bitrate,
    size: offer.size,
    expireAt: null,
    preview: false,
  };
}

export function toAlbum(site: Site, item: ArchiveItem): AlbumDetail {
  return {
    source: site.sourceId,
    id: item.identifier,
    name: item.title,
    artist: item.creators,
    cover: coverUrl(site.baseURL, item.identifier),
    publishAt: item.publishAt,
    song: item.tracks.map((track) => toSong(site, item, track)),
    link: detailsUrl(site.baseURL, item.identifier),
  };
}
