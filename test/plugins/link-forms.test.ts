/**
 * The bundled plugins' link readers on real link shapes (as the upstreams' pages and share
 * buttons write them) and on near misses: a page that is no item, a kind the reader does not
 * know, an id of the wrong shape. Pure: `link` does no I/O, so nothing is started here.
 */
import { describe, expect, it } from "vitest";
import type { SourcePluginDefinition } from "@music-aggregator/core";
import archive from "../../plugins/source-archive/index.ts";
import audius from "../../plugins/source-audius/index.ts";
import deezer from "../../plugins/source-deezer/index.ts";
import itunes from "../../plugins/source-itunes/index.ts";
import jamendo from "../../plugins/source-jamendo/index.ts";

const read = (plugin: SourcePluginDefinition, url: string) => plugin.links!.link(new URL(url));

const CASES: [SourcePluginDefinition, string, object | undefined][] = [
  [deezer, "https://www.deezer.com/track/3135556", { kind: "song", id: "3135556" }],
  [deezer, "https://www.deezer.com/us/track/3135556?autoplay=true", { kind: "song", id: "3135556" }],
  [deezer, "https://www.deezer.com/fr/album/302127", { kind: "album", id: "302127" }],
  [deezer, "https://www.deezer.com/en/artist/27", { kind: "artist", id: "27" }],
  [deezer, "https://www.deezer.com/playlist/908622995", { kind: "playlist", id: "908622995" }],
  [deezer, "https://www.deezer.com/en/show/1234", undefined],
  [deezer, "https://www.deezer.com/en/profile/1234", undefined],
  [deezer, "https://www.deezer.com/track/3135556/lyrics", undefined],
  [deezer, "https://www.deezer.com/track/abc", undefined],
  [deezer, "https://www.deezer.com/constructor/1", undefined],
  [itunes, "https://music.apple.com/us/album/harder-better-faster-stronger/697194953?i=697195787", { kind: "song", id: "697195787" }],
  [itunes, "https://music.apple.com/us/album/discovery/697194953", { kind: "album", id: "697194953" }],
  [itunes, "https://itunes.apple.com/us/album/discovery/id697194953?uo=4", { kind: "album", id: "697194953" }],
  [itunes, "https://itunes.apple.com/album/id697194953?i=697195787", { kind: "song", id: "697195787" }],
  [itunes, "https://music.apple.com/fr/song/one-more-time/697194970", { kind: "song", id: "697194970" }],
  [itunes, "https://music.apple.com/us/artist/daft-punk/5468295", { kind: "artist", id: "5468295" }],
  [itunes, "https://music.apple.com/us/playlist/todays-hits/pl.f4d106fed2bd41149aaacabb233eb5eb", { kind: "playlist", id: "pl.f4d106fed2bd41149aaacabb233eb5eb" }],
  [itunes, "https://music.apple.com/us/music-video/one-more-time/1445717745", undefined],
  [itunes, "https://music.apple.com/us/browse", undefined],
  [itunes, "https://music.apple.com/us/album/discovery/abc", undefined],
  [itunes, "https://music.apple.com/us/album/a/b/697194953", undefined],
  [audius, "https://audius.co/skrillex/sliced-51232", { kind: "song", resolve: true }],
  [audius, "https://audius.co/skrillex/album/quest-for-fire", { kind: "album", resolve: true }],
  [audius, "https://audius.co/skrillex/playlist/best-of", { kind: "playlist", resolve: true }],
  [audius, "https://audius.co/skrillex", { kind: "artist", resolve: true }],
  [audius, "https://audius.co/embed/track/D7KyD?flavor=card", { kind: "song", id: "D7KyD" }],
  [audius, "https://audius.co/trending", undefined],
  [audius, "https://audius.co/search/skrillex", undefined],
  [audius, "https://audius.co/embed/toString/D7KyD", undefined],
  [audius, "https://audius.co/skrillex/reposts/x", undefined],
  [archive, "https://archive.org/details/gd1977-05-08.shure57.stevenson.29303.flac16", { kind: "album", id: "gd1977-05-08.shure57.stevenson.29303.flac16" }],
  [archive, "https://archive.org/details/78_x/01%20-%20Side%20A.flac", { kind: "song", id: "78_x/01 - Side A.flac" }],
  [archive, "https://archive.org/search?query=dead", undefined],
  [archive, "https://archive.org/details/.hidden", undefined],
  // The parser resolves dot segments before any reader sees the path: this is the item's b.flac.
  [archive, "https://archive.org/details/x/a/../b.flac", { kind: "song", id: "x/b.flac" }],
  [jamendo, "https://www.jamendo.com/track/1886257/sunrise", { kind: "song", id: "1886257" }],
  [jamendo, "https://www.jamendo.com/fr/album/145567/lumiere", { kind: "album", id: "145567" }],
  [jamendo, "https://www.jamendo.com/artist/338065", { kind: "artist", id: "338065" }],
  [jamendo, "https://www.jamendo.com/list/p500612", { kind: "playlist", id: "500612" }],
  [jamendo, "https://www.jamendo.com/start", undefined],
  [jamendo, "https://www.jamendo.com/track/x/sunrise", undefined],
];

describe("the bundled plugins' link readers", () => {
  it.each(CASES.map(([plugin, url, expected]) => [plugin.id, url, expected, plugin] as const))("%s: %s reads %j", (_id, url, expected, plugin) => {
    expect(read(plugin, url)).toEqual(expected);
  });

  it("make each item's page from its id, where an id alone can", () => {
    expect(deezer.links!.page!("song", "3135556")).toBe("https://www.deezer.com/track/3135556");
    expect(itunes.links!.page!("album", "697194953")).toBe("https://music.apple.com/us/album/697194953");
    expect(itunes.links!.page!("playlist", "pl.x")).toBeUndefined();
    expect(archive.links!.page!("song", "78_x/01 - Side A.flac")).toBe("https://archive.org/details/78_x/01%20-%20Side%20A.flac");
    expect(jamendo.links!.page!("album", "145567")).toBe("https://www.jamendo.com/album/145567");
    expect(audius.links!.page).toBeUndefined();
  });
});
