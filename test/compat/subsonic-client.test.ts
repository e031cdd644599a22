/**
 * The real `subsonic-api` client from npm, by its own methods and with its default
 * User-Agent (Node's fetch: `node`, which `/v1` refuses), runs a player's session against
 * `npm run demo` started with an operator's MUSIC_CONFIG that adds a user: with token auth
 * (a new salt each request), with OpenSubsonic API-key auth, and by POST form. Every answer
 * is `ok`; cover art and stream follow the redirect to an image and to audio; a VIP song's
 * stream is an error, never an address.
 */
import { SubsonicAPI, type StructuredLyrics } from "subsonic-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMainProcess, type MainProcess } from "../support/main-process.ts";

const USER = { username: "listener", password: "correct horse", apiKey: "opensubsonic-key-of-listener" };
let demo: MainProcess;

beforeAll(async () => {
  demo = startMainProcess({ entry: "examples/demo/main.ts", config: { compat: { subsonic: { users: [USER] } } } });
  await demo.ready;
}, 30_000);

afterAll(async () => {
  await demo?.stop();
});

describe("the subsonic-api client against npm run demo", () => {
  const clients = {
    token: () => new SubsonicAPI({ url: demo.url, auth: { username: USER.username, password: USER.password } }),
    apiKey: () => new SubsonicAPI({ url: demo.url, auth: { apiKey: USER.apiKey } }),
    "POST form": () => new SubsonicAPI({ url: demo.url, auth: { username: USER.username, password: USER.password }, post: true }),
  };

  for (const [auth, make] of Object.entries(clients)) {
    it(`runs a session with ${auth} auth`, async () => {
      const api = make();
      const ok = <T extends { status: string }>(answer: T) => {
        expect(answer, JSON.stringify(answer).slice(0, 300)).toMatchObject({ status: "ok", openSubsonic: true, type: "music-aggregator" });
        return answer;
      };
      ok(await api.ping());
      const { openSubsonicExtensions } = ok(await api.getOpenSubsonicExtensions());
      expect(openSubsonicExtensions.map((e) => e.name)).toEqual(expect.arrayContaining(["songLyrics", "apiKeyAuthentication", "formPost"]));
      const { musicFolders } = ok(await api.getMusicFolders());
      expect(musicFolders.musicFolder!.length).toBe(5);

      const { artists } = ok(await api.getArtists());
      const artistId = artists.index!.flatMap((index) => index.artist ?? []).find((a) => a.id.startsWith("ar-source_a-"))!.id;
      const { artist } = ok(await api.getArtist({ id: artistId }));
      expect(artist.album!.length).toBeGreaterThan(0);
      const { album } = ok(await api.getAlbum({ id: artist.album![0].id }));
      expect(album.song!.length).toBe(album.songCount);
      const { song } = ok(await api.getSong({ id: album.song![0].id }));
      expect(song.title).toBe(album.song![0].title);

      const { searchResult3 } = ok(await api.search3({ query: "harbor" }));
      const full = searchResult3.song!.find((s) => s.id.startsWith("so-source_c-"))!;
      const { albumList2 } = ok(await api.getAlbumList2({ type: "frequent", size: 10 }));
      expect(albumList2.album!.length).toBeGreaterThan(0);
      const { playlists } = ok(await api.getPlaylists());
      const { playlist } = ok(await api.getPlaylist({ id: playlists.playlist![0].id }));
      expect(playlist.entry!.length).toBe(playlist.songCount);

      const cover = await api.getCoverArt({ id: album.coverArt!, size: 300 });
      expect([cover.status, cover.redirected, cover.headers.get("content-type")]).toEqual([200, true, "image/svg+xml"]);
      const audio = await api.stream({ id: full.id });
      expect([audio.status, audio.redirected, audio.headers.get("content-type")]).toEqual([200, true, "audio/wav"]);
      expect(new TextDecoder().decode((await audio.arrayBuffer()).slice(0, 4))).toBe("RIFF");

      // The client types lyricsList as the array itself; OpenSubsonic (and its runtime, which returns the JSON) has it under structuredLyrics.
      const { lyricsList } = ok(await api.getLyricsBySongId({ id: "so-source_a-OTEwMDAwMQ" })) as unknown as { lyricsList: { structuredLyrics: StructuredLyrics[] } } & { status: string };
      const lyrics = lyricsList.structuredLyrics[0];
      expect(lyrics.synced).toBe(true);
      expect(lyrics.line.length).toBeGreaterThan(3);
      expect(lyrics.line.every((line, i) => typeof line.start === "number" && (i === 0 || line.start >= lyrics.line[i - 1].start!))).toBe(true);

      const vip = await api.stream({ id: "so-source_c-YlkybVE" });
      expect([vip.status, vip.redirected]).toEqual([200, false]);
      expect((await vip.json())["subsonic-response"]).toMatchObject({ status: "failed", error: { code: 70 } });
    }, 30_000);
  }

  it("is refused with the wrong password, and the demo's /v1 still refuses the client's default user-agent", async () => {
    const wrong = new SubsonicAPI({ url: demo.url, auth: { username: USER.username, password: "wrong" } });
    expect(await wrong.ping()).toMatchObject({ status: "failed", error: { code: 40 } });
    const v1 = await fetch(`${demo.url}/v1/source?origin=client-test`);
    expect((await v1.json()).code).toBe(4002);
  });
});
