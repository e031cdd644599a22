/**
 * The extension fields (docs/decisions.md (/v1)): `link`, `artistId`, `isrc`, `explicit`,
 * `popularity`, `preview`, `matchedFrom`, `urlFrom` and `alternatives` are additions that a plugin may leave out, checked
 * when given (one id per artist), marked `x-extension` in the OpenAPI components, and built from
 * upstream text only when it is a web address.
 */
import { describe, expect, it } from "vitest";
import { AlbumDetail, ArtistDetail, Song, SongDetail } from "../../core/domain.ts";
import { pageLink } from "../../core/mapping/links.ts";
import { answerComponents } from "../../server/request/docs/openapi/json-schema.ts";

const song = {
  source: "source_a", id: "1", name: "Salt Air", artist: ["Marlow Vane", "Ines Okafor"], album: "Tidal Lines", albumId: "7001",
  duration: 198, cover: null, available: true, vip: false,
};

describe("artistId", () => {
  it("is optional, and when given has one id per artist, '' standing for none", () => {
    expect(Song.safeParse(song).success).toBe(true);
    expect(Song.safeParse({ ...song, artistId: ["4001", ""] }).success).toBe(true);
    const short = Song.safeParse({ ...song, artistId: ["4001"] });
    expect(short.success).toBe(false);
    expect(short.error?.issues[0]).toMatchObject({ path: ["artistId"], message: "expected one id per artist (2), got 1" });
  });

  it("is checked on SongDetail and on the songs of albums and artists too", () => {
    const detail = { ...song, quality: [], publishAt: null, artistId: ["4001", "4003", "4004"] };
    expect(SongDetail.safeParse(detail).success).toBe(false);
    const album = { source: "source_a", id: "7001", name: "Tidal Lines", artist: [], cover: null, publishAt: null, song: [{ ...song, artistId: [] }] };
    expect(AlbumDetail.safeParse(album).error?.issues[0].path).toEqual(["song", 0, "artistId"]);
  });
});

describe("link", () => {
  it("is an optional, nullable string on SongDetail, AlbumDetail and ArtistDetail", () => {
    const artist = { source: "source_a", id: "4001", name: "Marlow Vane", avatar: null, song: [] };
    for (const link of [undefined, null, "https://www.deezer.com/artist/4001"]) expect(ArtistDetail.safeParse({ ...artist, link }).success).toBe(true);
    expect(ArtistDetail.safeParse({ ...artist, link: 42 }).success).toBe(false);
  });

  it("is made only of absolute http(s) addresses", () => {
    expect(pageLink("https://music.apple.com/us/album/x/1?i=2&uo=4")).toBe("https://music.apple.com/us/album/x/1?i=2&uo=4");
    expect(pageLink("/marlow/salt-air", "https://audius.co")).toBe("https://audius.co/marlow/salt-air");
    for (const bad of ["javascript:alert(1)", "data:text/html,x", "", "   ", "relative/path", null, 7, undefined]) expect(pageLink(bad)).toBeNull();
  });
});

describe("OpenAPI", () => {
  it("marks every extension field as one, and leaves the spec's fields unmarked", () => {
    const components = answerComponents() as Record<string, { properties: Record<string, Record<string, unknown>>; required?: string[] }>;
    const marked = (type: string) => Object.keys(components[type].properties).filter((field) => components[type].properties[field]["x-extension"] === true);
    expect(marked("Song")).toEqual(["artistId", "isrc", "explicit", "popularity", "mbid"]);
    expect(marked("SongDetail")).toEqual(["artistId", "isrc", "explicit", "popularity", "mbid", "link"]);
    expect(marked("AlbumDetail")).toEqual(["link", "upc", "mbid"]);
    expect(marked("ArtistDetail")).toEqual(["link", "mbid"]);
    expect(marked("SongUrl")).toEqual(["preview", "matchedFrom"]);
    expect(marked("PlaylistSong")).toEqual(["artistId", "isrc", "explicit", "popularity", "mbid", "preview", "urlFrom"]);
    expect(marked("SearchSong")).toEqual(["artistId", "isrc", "explicit", "popularity", "mbid", "alternatives"]);
    expect(components.SongDetail.required).not.toContain("link");
  });
});
