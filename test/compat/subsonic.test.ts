/**
 * `/rest`, the Subsonic API, against every bundled source's simulator (the real service wired
 * as demo mode, with a user configured): each way of signing in and each refusal with its
 * code; every call's XML within the XSD's rules and carrying what its JSON carries; JSONP;
 * each item as `/v1` tells it; the library of folders; `stream` redirecting to the legal
 * address, a VIP song an error, a preview only when the operator allows previews; lyrics as
 * synced lines; writes read-only. With no user configured, nothing is served.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { squareAt } from "../../core/mapping/images.ts";
import audius from "../../plugins/source-audius/index.ts";
import deezer from "../../plugins/source-deezer/index.ts";
import itunes from "../../plugins/source-itunes/index.ts";
import { parseConfig } from "../../server/engine/config.ts";
import { indexOf } from "../../server/request/compat/subsonic/browse.ts";
import { okAnswer } from "../../server/request/compat/subsonic/envelope.ts";
import { decodeId, encodeId } from "../../server/request/compat/subsonic/ids.ts";
import { useDemoApp } from "../support/demo-app.ts";
import { jsonView, xmlView, xsdProblems } from "./subsonic-xsd.ts";

const USER = { username: "ann", password: "s3same & <open>", apiKey: "key-of-ann-0123456789" };
const AUTH = `u=ann&p=${encodeURIComponent(USER.password)}&v=1.16.1&c=test`;
const id = (kind: Parameters<typeof encodeId>[0], source: string, native: string) => encodeId(kind, source, native);

/** The calls of a session and what they are asked with. */
const CALLS: [string, Record<string, string>][] = [
  ["ping", {}],
  ["getLicense", {}],
  ["getOpenSubsonicExtensions", {}],
  ["getMusicFolders", {}],
  ["getArtists", {}],
  ["getIndexes", {}],
  ["getArtist", { id: id("ar", "source_a", "4002") }],
  ["getAlbum", { id: id("al", "source_a", "7002") }],
  ["getSong", { id: id("so", "source_c", "aZ4kP") }],
  ["getMusicDirectory", { id: id("al", "source_e", "201455") }],
  ["search3", { query: "paper" }],
  ["getAlbumList2", { type: "frequent", size: "5" }],
  ["getAlbumList", { type: "alphabeticalByName", size: "5" }],
  ["getPlaylists", {}],
  ["getPlaylist", { id: id("pl", "source_c", "mN3bV") }],
  ["getLyricsBySongId", { id: id("so", "source_a", "9100001") }],
  ["getLyrics", { artist: "Marlow Vane", title: "Paper Lanterns" }],
  ["getTopSongs", { artist: "The Quiet Harbour" }],
  ["getSimilarSongs2", { id: id("ar", "source_a", "4002") }],
  ["getUser", { username: "ann" }],
  ["tokenInfo", {}],
  ["getScanStatus", {}],
  ["getGenres", {}],
  ["getAlbum", { id: "al-source_a-bm90LWtub3du" }],
  ["getAlbum", {}],
];

describe("/rest against every bundled source's simulator", () => {
  const demo = useDemoApp(undefined, async () => ({ config: { compat: { subsonic: { users: [USER] } } } }));
  const rest = (call: string, params: string, init?: RequestInit) => fetch(`${demo.app.url}/rest/${call}?${params}`, { redirect: "manual", ...init });
  const json = async (call: string, params: Record<string, string> = {}, auth = AUTH) => {
    const response = await rest(call, `${auth}&f=json&${new URLSearchParams(params)}`);
    expect(response.status).toBe(200);
    return (await response.json())["subsonic-response"];
  };
  const v1 = async (path: string) => (await demo.app.json(`${path}&origin=subsonic-test`)).body.data;

  it("signs in by password (plain and enc:), by token and salt, and by API key; each wrong one is refused with its code", async () => {
    const hex = Buffer.from(USER.password).toString("hex");
    const salt = "c19b2d";
    const token = createHash("md5").update(USER.password + salt).digest("hex");
    for (const auth of [AUTH, `u=ann&p=enc:${hex}`, `u=ann&t=${token}&s=${salt}`, `u=ann&t=${token.toUpperCase()}&s=${salt}`, `apiKey=${USER.apiKey}`]) {
      expect((await json("ping", {}, auth)).status, auth).toBe("ok");
    }
    const refused = async (auth: string) => (await json("ping", {}, auth)).error;
    expect(await refused("u=ann&p=wrong")).toEqual({ code: 40, message: "Wrong username or password" });
    expect(await refused("u=bob&p=" + encodeURIComponent(USER.password))).toEqual({ code: 40, message: "Wrong username or password" });
    expect(await refused(`u=ann&t=${token}&s=other`)).toEqual({ code: 40, message: "Wrong username or password" });
    expect(await refused("u=ann&p=enc:zz")).toEqual({ code: 40, message: "Wrong username or password" });
    expect(await refused("apiKey=nope")).toEqual({ code: 44, message: "Invalid API key" });
    expect(await refused(`apiKey=${USER.apiKey}&u=ann`)).toMatchObject({ code: 43 });
    // OpenSubsonic: "If multiple conflicting authentication parameters are passed in, the server must return an error 43".
    expect(await refused(`apiKey=${USER.apiKey}&p=${encodeURIComponent(USER.password)}`)).toEqual({ code: 43, message: "Multiple conflicting authentication mechanisms provided: apiKey goes without p" });
    expect(await refused(`apiKey=${USER.apiKey}&t=${token}&s=${salt}`)).toEqual({ code: 43, message: "Multiple conflicting authentication mechanisms provided: apiKey goes without t, s" });
    expect(await refused("p=x")).toEqual({ code: 10, message: "parameter u is required (or apiKey)" });
    expect(await refused("u=ann&t=abc")).toEqual({ code: 10, message: "parameter p is required, or t and s" });
  });

  it("has a rate limit of its own that counts refusals, and no user-agent rule (clients name themselves with c)", async () => {
    const before = Number((await demo.app.get("/v1/source?origin=subsonic-test")).headers.get("ratelimit-remaining"));
    const first = await rest("ping", "u=ann&p=wrong", { headers: {} });
    const second = await rest("ping", "u=ann&p=wrong", { headers: { "user-agent": "curl/8.5.0" } });
    expect(Number(second.headers.get("ratelimit-remaining"))).toBe(Number(first.headers.get("ratelimit-remaining")) - 1);
    expect(await second.text()).toContain('<error code="40"');
    // `/v1` spent one point in between, not the refusals.
    expect(Number((await demo.app.get("/v1/source?origin=subsonic-test")).headers.get("ratelimit-remaining"))).toBe(before - 1);
  });

  it("answers every call in XML within the XSD's rules, carrying what its JSON carries, and JSONP with its callback", async () => {
    for (const [call, params] of CALLS) {
      const query = `${AUTH}&${new URLSearchParams(params)}`;
      const xml = await (await rest(`${call}.view`, query)).text();
      expect(xsdProblems(xml), `${call} ${xml.slice(0, 300)}`).toEqual([]);
      const answer = await (await rest(call, `${query}&f=json`)).json();
      expect(xmlView(xml), call).toEqual(jsonView(answer));
      const jsonp = await rest(call, `${query}&f=jsonp&callback=window.player.take`);
      expect(jsonp.headers.get("content-type")).toBe("application/javascript; charset=utf-8");
      expect(await jsonp.text()).toBe(`window.player.take(${JSON.stringify(answer)});`);
    }
    const bad = await (await rest("ping", `${AUTH}&f=jsonp&callback=alert(1)`)).json();
    expect(bad["subsonic-response"].error).toEqual({ code: 0, message: "parameter callback must be one to four dot-separated JavaScript identifiers" });
    expect((await (await rest("ping", `${AUTH}&f=jsonp`)).json())["subsonic-response"].error.code).toBe(10);
  });

  it("tells each item as /v1 does, under opaque ids that carry its source", async () => {
    const album = (await json("getAlbum", { id: id("al", "source_a", "7002") })).album;
    const v1Album = await v1("/v1/album?source=source_a&id=7002");
    expect(album).toMatchObject({ id: "al-source_a-NzAwMg", name: v1Album.name, songCount: v1Album.song.length, year: 2021, created: "2021-10-01T00:00:00.000Z", coverArt: "al-source_a-NzAwMg" });
    expect(album.song.map((s: { title: string }) => s.title)).toEqual(v1Album.song.map((s: { name: string }) => s.name));
    expect(album.song[0]).toMatchObject({ id: id("so", "source_a", v1Album.song[0].id), isDir: false, albumId: album.id, artistId: id("ar", "source_a", "4002"), duration: v1Album.song[0].duration, type: "music" });
    const song = (await json("getSong", { id: id("so", "source_d", "marrowhill1981-06-12.sbd/mh81-06-12d1t01.flac") })).error;
    expect(song.code).toBe(70);
    const artist = (await json("getArtist", { id: id("ar", "source_a", "4002") })).artist;
    expect(artist).toMatchObject({ name: (await v1("/v1/artist?source=source_a&id=4002")).name, albumCount: artist.album.length });
    expect((await json("getAlbum", { id: "7002" })).error).toEqual({ code: 70, message: 'no album has the id "7002"' });
    expect((await json("getAlbum", { id: id("so", "source_a", "7002") })).error.code).toBe(70);
    expect((await json("getAlbum", { id: id("al", "source_z", "7002") })).error.code).toBe(70);
  });

  it("searches every source through the merged search; with no words, lists the library", async () => {
    const found = (await json("search3", { query: "paper", songCount: "50" })).searchResult3;
    const merged = await v1("/v1/search?source=all&q=paper&size=50");
    expect(found.song.map((s: { id: string }) => s.id)).toEqual(merged.list.map((s: { source: string; id: string }) => id("so", s.source, s.id)));
    // Every source the merged list draws from (copies of one recording are one entry), four or more.
    const sources = new Set(merged.list.map((s: { source: string }) => s.source));
    expect(new Set(found.song.map((s: { id: string }) => s.id.split("-")[1]))).toEqual(sources);
    expect(sources.size).toBeGreaterThanOrEqual(4);
    const library = (await json("search3", { query: '""', songCount: "500" })).searchResult3;
    const random = (await json("getRandomSongs", { size: "500" })).randomSongs.song;
    expect(new Set(random.map((s: { id: string }) => s.id))).toEqual(new Set(library.song.map((s: { id: string }) => s.id)));
    expect((await json("search3", { query: "x".repeat(81) })).error).toEqual({ code: 0, message: "parameter query must be at most 80 characters" });
  });

  it("makes the library of one folder per source with charts, its first chart: artists, album lists, playlists", async () => {
    const folders = (await json("getMusicFolders")).musicFolders.musicFolder;
    expect(folders).toEqual(["Deezer", "Apple iTunes", "Audius", "Internet Archive", "Jamendo"].map((name, i) => ({ id: i + 1, name })));
    const audiusChart = await v1("/v1/rank?source=source_c&id=week");
    const playlists = (await json("getPlaylists")).playlists.playlist;
    expect(playlists[2]).toMatchObject({ id: id("ch", "source_c", "week"), name: audiusChart.name, songCount: audiusChart.song.length, owner: "ann" });
    const entries = (await json("getPlaylist", { id: playlists[2].id })).playlist.entry;
    expect(entries.map((e: { id: string }) => e.id)).toEqual(audiusChart.song.map((s: { id: string }) => id("so", "source_c", s.id)));
    const artists = (await json("getArtists", { musicFolderId: "3" })).artists.index.flatMap((i: { artist: { id: string }[] }) => i.artist.map((a) => a.id));
    const chartArtists = audiusChart.song.flatMap((s: { artistId: string[] }) => s.artistId.map((a) => id("ar", "source_c", a)));
    expect(new Set(artists)).toEqual(new Set(chartArtists));
    const albums = (type: string) => json("getAlbumList2", { type, size: "500", musicFolderId: "3" }).then((r) => r.albumList2.album.map((a: { name: string }) => a.name));
    const frequent = await albums("frequent");
    expect(frequent.length).toBeGreaterThan(0);
    expect(await albums("alphabeticalByName")).toEqual([...frequent].sort((a, b) => a.localeCompare(b)));
    expect(new Set(await albums("random"))).toEqual(new Set(frequent));
    // Nothing has a year or a genre, but their parameters are required as the API has them.
    const list = (params: Record<string, string>) => json("getAlbumList2", { size: "500", musicFolderId: "3", ...params });
    expect((await list({ type: "byYear", fromYear: "1990", toYear: "2000" })).albumList2.album).toEqual([]);
    expect((await list({ type: "byYear", toYear: "2000" })).error).toEqual({ code: 10, message: "parameter fromYear is required" });
    expect((await list({ type: "byYear", fromYear: "1990", toYear: "later" })).error).toEqual({ code: 0, message: "parameter toYear must be a whole number" });
    expect((await list({ type: "byGenre", genre: "Rock" })).albumList2.album).toEqual([]);
    expect((await list({ type: "byGenre" })).error).toEqual({ code: 10, message: "parameter genre is required" });
    expect((await json("getAlbumList2", { type: "mostLoved" })).error.code).toBe(0);
    expect((await json("getAlbumList2")).error).toEqual({ code: 10, message: "parameter type is required" });
  });

  it("gives at most what it has when a count or an offset asks for more (Java's Integer.MAX_VALUE too); refuses what is no whole number", async () => {
    const all = (await json("getAlbumList2", { type: "alphabeticalByName", size: "500" })).albumList2.album;
    expect(all.length).toBeGreaterThan(0);
    for (const size of ["2147483647", "9".repeat(40)]) {
      expect((await json("getAlbumList2", { type: "alphabeticalByName", size })).albumList2?.album, size).toEqual(all);
      expect((await json("getAlbumList2", { type: "alphabeticalByName", size: "5", offset: size })).albumList2?.album, size).toEqual([]);
    }
    expect((await json("search3", { query: "", songCount: "2147483647", albumCount: "0", artistCount: "0" })).searchResult3?.song?.length).toBeGreaterThan(0);
    for (const size of ["-1", "1e3", "ten", "12 "]) {
      expect((await json("getRandomSongs", { size })).error, size).toEqual({ code: 0, message: "parameter size must be a whole number" });
    }
  });

  it("redirects stream and download to the song's legal address; a VIP song is an error, never an address; a preview only when allowed", async () => {
    const address = (await v1("/v1/song/url?source=source_c&id=aZ4kP&fallback=1")).url;
    for (const call of ["stream", "download", "stream.view"]) {
      const response = await rest(call, `${AUTH}&id=${id("so", "source_c", "aZ4kP")}`);
      expect([response.status, response.headers.get("location")]).toEqual([302, address]);
    }
    const audio = await fetch(address);
    expect(audio.headers.get("content-type")).toBe("audio/wav");
    const vip = await rest("stream", `${AUTH}&f=json&id=${id("so", "source_c", "bY2mQ")}`);
    expect([vip.status, vip.headers.get("location")]).toEqual([200, null]);
    expect((await vip.json())["subsonic-response"].error).toEqual({ code: 70, message: "this song is VIP/paid content; no public address is given" });
    // Salt Air has no full-length copy on another source: its preview clip is all there is.
    const preview = (await json("stream", { id: id("so", "source_a", "9100002") })).error;
    expect(preview.code).toBe(70);
    expect(preview.message).toContain("config compat.subsonic.previews");
  });

  it("redirects getCoverArt to the item's picture", async () => {
    const cover = (await v1("/v1/album?source=source_a&id=7002")).cover;
    for (const coverId of [id("al", "source_a", "7002"), id("so", "source_a", "9200001")]) {
      const response = await rest("getCoverArt", `${AUTH}&id=${coverId}&size=300`);
      expect([response.status, response.headers.get("location")]).toEqual([302, cover]);
    }
    expect((await json("getCoverArt", { id: id("ch", "source_c", "week") })).error).toEqual({ code: 70, message: "this item has no cover art" });
  });

  it("answers lyrics as OpenSubsonic's synced lines read from the LRC text, and Subsonic's plain text", async () => {
    const lrc = (await v1("/v1/lyric?source=source_a&id=9100001")).lyric as string;
    const list = (await json("getLyricsBySongId", { id: id("so", "source_a", "9100001") })).lyricsList.structuredLyrics;
    expect(list[0]).toMatchObject({ lang: "und", offset: 0, synced: true });
    expect(list[0].line.slice(0, 2)).toEqual([
      { start: 0, value: lrc.split("\n")[0].replace(/^\[00:00.00\] /, "") },
      { start: 3000, value: lrc.split("\n")[1].replace(/^\[00:03.00\] /, "") },
    ]);
    expect((await json("getLyricsBySongId", { id: id("so", "source_c", "bY2mQ") })).lyricsList).toBeDefined();
    const plain = (await json("getLyrics", { artist: "Marlow Vane", title: "Paper Lanterns" })).lyrics;
    expect(plain.value.split("\n")[0]).toBe("Paper Lanterns (demo lyrics)");
  });

  it("is read-only: writes are error 50, scrobble and savePlayQueue succeed and change nothing; unknown calls are errors", async () => {
    expect((await json("star", { id: id("so", "source_c", "aZ4kP") })).error).toEqual({ code: 50, message: "this server is read-only: star changes nothing here" });
    expect((await json("createPlaylist", { name: "mine" })).error.code).toBe(50);
    for (const call of ["scrobble", "savePlayQueue"]) expect((await json(call, { id: id("so", "source_c", "aZ4kP") })).status).toBe("ok");
    expect((await json("getStarred2")).starred2).toEqual({});
    expect((await json("frobnicate")).error).toEqual({ code: 0, message: 'unknown call "frobnicate"' });
  });

  it("keeps an item's answer for its request target (served before h3 next time), never for a POST, whose form may say otherwise", async () => {
    const target = `${AUTH}&id=${id("al", "source_a", "7002")}`;
    await rest("getAlbum", target);
    const again = await rest("getAlbum", target);
    expect([again.headers.get("x-cache"), again.headers.get("content-type")]).toEqual(["HIT", "application/xml; charset=utf-8"]);
    expect(demo.app.service.front.keptRest!.has(`/rest/getAlbum?${target}`)).toBe(true);
    const posted = await fetch(`${demo.app.url}/rest/getAlbum?${target}`, { method: "POST", body: "f=json", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect((await posted.json())["subsonic-response"].album.id).toBe(id("al", "source_a", "7002"));
    const wrong = await rest("getAlbum", target.replace("u=ann", "u=bob"));
    expect(await wrong.text()).toContain('<error code="40"');
  });

  it("takes its parameters from a POST form too (OpenSubsonic formPost)", async () => {
    const body = `${AUTH}&f=json&id=${id("al", "source_a", "7002")}`;
    const response = await fetch(`${demo.app.url}/rest/getAlbum.view`, { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect((await response.json())["subsonic-response"].album.name).toBe((await v1("/v1/album?source=source_a&id=7002")).name);
  });
});

describe("/rest with previews allowed", () => {
  const demo = useDemoApp(undefined, async () => ({ config: { compat: { subsonic: { users: [USER], previews: true, folders: [{ name: "Picks", lists: [{ source: "source_a", playlist: "5550001" }, { source: "source_e" }] }] } } } }));

  it("redirects to a preview clip, and makes the library of the folders the config lists", async () => {
    const address = (await demo.app.json("/v1/song/url?source=source_a&id=9100002&fallback=1&origin=t")).body.data;
    expect(address.preview).toBe(true);
    const response = await fetch(`${demo.app.url}/rest/stream?${AUTH}&id=${id("so", "source_a", "9100002")}`, { redirect: "manual" });
    expect(response.headers.get("location")).toBe(address.url);
    const folders = await (await fetch(`${demo.app.url}/rest/getMusicFolders?${AUTH}&f=json`)).json();
    expect(folders["subsonic-response"].musicFolders.musicFolder).toEqual([{ id: 1, name: "Picks" }]);
    const lists = await (await fetch(`${demo.app.url}/rest/getPlaylists?${AUTH}&f=json`)).json();
    expect(lists["subsonic-response"].playlists.playlist.map((p: { id: string }) => p.id)).toEqual([id("pl", "source_a", "5550001"), id("ch", "source_e", "popularity_week")]);
  });
});

describe("/rest with no user configured", () => {
  const demo = useDemoApp();

  it("answers error 40 to every call, whatever is sent, and serves nothing", async () => {
    for (const call of ["ping", "ping.view", "getMusicFolders", "getAlbum", "stream", "getCoverArt", "scrobble"]) {
      const response = await fetch(`${demo.app.url}/rest/${call}?u=admin&p=admin&f=json&id=${id("so", "source_c", "aZ4kP")}`, { redirect: "manual" });
      expect([response.status, response.headers.get("location")]).toEqual([200, null]);
      const answer = (await response.json())["subsonic-response"];
      expect([answer.status, answer.error.code]).toEqual(["failed", 40]);
      expect(Object.keys(answer)).toEqual(["status", "version", "type", "serverVersion", "openSubsonic", "error"]);
    }
    expect(await (await fetch(`${demo.app.url}/rest/ping`)).text()).toContain('<error code="40" message="Wrong username or password: no Subsonic user is configured');
  });
});

describe("the subsonic-response envelope", () => {
  it("escapes text into XML and leaves out what XML 1.0 cannot hold, so XML and JSON say the same", () => {
    const title = 'a <b> & "c"\ttab\nline\r\u0000\u0007\ud800 \u{1f3b5} ]]>';
    const payload = { song: { id: "so-source_a-MQ", isDir: false, title }, };
    const xml = okAnswer({ f: "xml" }, payload).body as string;
    expect(xsdProblems(xml)).toEqual([]);
    const json = JSON.parse(okAnswer({ f: "json" }, payload).body as string);
    expect(xmlView(xml)).toEqual(jsonView({ "subsonic-response": { ...json["subsonic-response"], song: { ...payload.song, title: 'a <b> & "c"\ttab\nline\r \u{1f3b5} ]]>' } } }));
  });

  it("is checked by rules that find what the XSD forbids", () => {
    const head = '<?xml version="1.0" encoding="UTF-8"?>\n<subsonic-response xmlns="http://subsonic.org/restapi" status="ok" version="1.16.1">';
    expect(xsdProblems(`${head}<album id="1" name="x" songCount="1" duration="2"/></subsonic-response>`)).toEqual(["<album> lacks required attribute created"]);
    expect(xsdProblems(`${head}<song id="1" isDir="no" title="t"/></subsonic-response>`)).toEqual(['<song> isDir="no" is not an boolean']);
    expect(xsdProblems(`${head}<searchResult3><song id="1" isDir="false" title="t"/><artist id="2" name="a" albumCount="0"/></searchResult3></subsonic-response>`)).toEqual([
      "<searchResult3>: <artist> comes after what follows it in the XSD's sequence",
    ]);
    expect(xsdProblems(`${head}<license valid="true"/><ping/></subsonic-response>`)).toContain("subsonic-response holds license, ping: the XSD allows one");
  });
});

describe("the artists' index", () => {
  it("files an artist under the whole first letter of its name, one outside the BMP too (Audius names are often in styled alphabets)", () => {
    const index = indexOf([{ name: "𝓛una Vale" }, { name: "beta" }, { name: "9 Lives" }, { name: "Alpha" }, { name: "𝓛ow Tide" }]);
    // encodeURIComponent throws on a lone surrogate: every name is well-formed text.
    expect(() => index.map(({ name }) => encodeURIComponent(name)), JSON.stringify(index)).not.toThrow();
    expect(new Map(index.map(({ name, artist }) => [name, artist.map((a) => a.name)]))).toEqual(
      new Map([["#", ["9 Lives"]], ["A", ["Alpha"]], ["B", ["beta"]], ["𝓛", ["𝓛ow Tide", "𝓛una Vale"]]]),
    );
  });
});

describe("Subsonic ids", () => {
  it("carry any native id the service takes (512 characters, of any script) and nothing else", () => {
    for (const native of ["7002", "marrowhill1981/mh81 06-12 d1t01.flac", "𝄞".repeat(256), "é".repeat(512)]) {
      expect(decodeId(encodeId("so", "source_d", native), "so")).toEqual({ kind: "so", source: "source_d", id: native });
    }
    for (const bad of ["so-source_d-", "so-Source-MQ", "xx-source_d-MQ", "so-source_d-MQ==", `so-source_d-${Buffer.from("a\u0000b").toString("base64url")}`]) {
      expect(() => decodeId(bad, "so"), bad).toThrow(/^no song has the id/);
    }
  });
});

describe("config compat.subsonic", () => {
  it("has no user by default; reads a secret from the environment variable it names, and stops the start when it is unset", () => {
    expect(parseConfig({}, {}).compat.subsonic).toEqual({ users: [], previews: false });
    const users = [{ username: "ann", password: { env: "ANN_PASSWORD" }, apiKey: { env: "ANN_KEY" } }];
    expect(parseConfig({ compat: { subsonic: { users } } }, { ANN_PASSWORD: "pw", ANN_KEY: "k" }).compat.subsonic.users).toEqual([{ username: "ann", password: "pw", apiKey: "k" }]);
    expect(() => parseConfig({ compat: { subsonic: { users } } }, { ANN_PASSWORD: "pw" })).toThrow("config compat.subsonic.users.0.apiKey: environment variable ANN_KEY is not set");
    expect(() => parseConfig({ compat: { subsonic: { folders: [{ name: "x", lists: [{ source: "source_a", chart: "0", playlist: "1" }] }] } } }, {})).toThrow("a list is a chart or a playlist, not both");
  });
});

describe("cover sizes", () => {
  it("are asked of the image servers that render the size their addresses name", () => {
    expect(deezer.coverAt!("https://cdns-images.dzcdn.net/images/cover/e7afc8bc62237bb54018e1f35f42a0b1/500x500-000000-80-0-0.jpg", 120)).toBe(
      "https://cdns-images.dzcdn.net/images/cover/e7afc8bc62237bb54018e1f35f42a0b1/120x120-000000-80-0-0.jpg",
    );
    expect(itunes.coverAt!("https://is1-ssl.mzstatic.com/image/thumb/Music/v4/aa/bb/cc/source/600x600bb.jpg", 300)).toBe("https://is1-ssl.mzstatic.com/image/thumb/Music/v4/aa/bb/cc/source/300x300bb.jpg");
    expect(audius.coverAt!("https://creatornode.audius.co/content/01J6AW48FMDRQ5JEWWZQV4MHJX/480x480.jpg", 200)).toBe("https://creatornode.audius.co/content/01J6AW48FMDRQ5JEWWZQV4MHJX/480x480.jpg");
    expect(audius.coverAt!("https://creatornode.audius.co/content/01J6AW48FMDRQ5JEWWZQV4MHJX/480x480.jpg", 100)).toBe("https://creatornode.audius.co/content/01J6AW48FMDRQ5JEWWZQV4MHJX/150x150.jpg");
    expect(squareAt("https://archive.org/services/img/marrowhill1981", 300)).toBeUndefined();
  });
});
