/**
 * `/meting` answers what MetingJS 2 and APlayer read, for each type, against every bundled
 * source's simulator (the real service wired as demo mode): each list matches what `/v1`
 * answers for the same item, a VIP or unplayable song's `url` is empty (never an address),
 * `url`, `pic` and `lrc` answer the song's address (with `fallback`), cover and LRC text.
 */
import { describe, expect, it } from "vitest";
import { LIVE } from "../../plugins/source-archive/test/fixtures/catalog.ts";
import { entry } from "../../server/request/compat/meting.ts";
import { useDemoApp } from "../support/demo-app.ts";
import { exchange } from "../support/raw-clients.ts";

/** Per source: its upstream's name and an id of each kind its simulator knows; none where it has no such kind. */
const SOURCES = {
  source_a: { name: "deezer", search: "harbour", song: "9100001", album: "7002", artist: "4002", playlist: "5550001" },
  source_b: { name: "itunes", search: "glasshouse", song: "1600000011", album: "1600000010", artist: "1500000101", playlist: undefined },
  source_c: { name: "audius", search: "harbor", song: "aZ4kP", album: "pL7Qa", artist: "Wq3nE", playlist: "mN3bV" },
  source_d: { name: "archive", search: "cedar smoke", song: `${LIVE}/mh81-06-12d1t01.flac`, album: LIVE, artist: "Marrow Hill", playlist: undefined },
  source_e: { name: "jamendo", search: "drift", song: "1630001", album: "201455", artist: "480211", playlist: "500612" },
};
const V1 = { song: "/v1/song", album: "/v1/album", artist: "/v1/artist", playlist: "/v1/playlist", search: "/v1/search" } as const;
type Kind = keyof typeof V1;
const KINDS = Object.keys(V1) as Kind[];

interface V1Song {
  source: string;
  id: string;
  name: string;
  artist: string[];
  cover: string | null;
  vip: boolean;
  available: boolean;
}

describe("/meting against every bundled source's simulator", () => {
  const demo = useDemoApp();
  const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
  const address = (source: string, type: string, id: string) => `${demo.app.url}/meting?server=${source}&type=${type}&id=${encodeURIComponent(id).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;

  /** The songs `/v1` answers for the same item. */
  async function v1Songs(kind: Kind, source: string, id: string): Promise<V1Song[]> {
    const params: Record<string, string> = kind === "search" ? { q: id, source, size: "30" } : kind === "playlist" ? { source, id, size: "100" } : { source, id };
    const { body } = await demo.app.json(`${V1[kind]}?${q({ origin: "compat-test", ...params })}`);
    expect(body.code, `${kind} ${source} ${id}`).toBe(0);
    return kind === "song" ? [body.data] : (body.data.list ?? body.data.song);
  }

  let vipSeen = 0;
  for (const [source, ids] of Object.entries(SOURCES)) {
    for (const kind of KINDS) {
      const id = ids[kind];
      if (id === undefined) {
        it(`${ids.name} ${kind}: the source has none, 1003`, async () => {
          const { status, body } = await demo.app.json(`/meting?${q({ server: ids.name, type: kind, id: "1" })}`);
          expect([status, body.code, body.message]).toEqual([400, 1003, `source ${source} does not support ${kind}`]);
        });
        continue;
      }
      it(`${ids.name} ${kind}: every song as /v1 tells it, in Meting's shape`, async () => {
        const { status, body, headers } = await demo.app.json(`/meting?${q({ server: ids.name, type: kind, id, auth: "ignored", r: "0.123" })}`);
        expect([status, headers.get("content-type")]).toEqual([200, "application/json; charset=utf-8"]);
        const songs = await v1Songs(kind, source, id);
        expect(songs.length).toBeGreaterThan(0);
        expect(body).toEqual(
          songs.map((song) => {
            const [title, author] = [song.name, song.artist.join(" / ")].map((text) => text.replace(/</g, "‹"));
            const playable = !song.vip && song.available;
            vipSeen += song.vip ? 1 : 0;
            return { title, author, name: title, artist: author, url: playable ? address(song.source, "url", song.id) : "", pic: song.cover ? address(song.source, "pic", song.id) : "", lrc: address(song.source, "lrc", song.id) };
          }),
        );
      });
    }
    it(`${ids.name}: url, pic and lrc answer the song's address, cover and lyrics`, async () => {
      const song = (await v1Songs("song", source, ids.song))[0];
      const url = await demo.app.get(`/meting?${q({ server: source, type: "url", id: ids.song })}`, { redirect: "manual" });
      const v1Url = (await demo.app.json(`/v1/song/url?${q({ origin: "compat-test", source, id: ids.song, fallback: "1" })}`)).body.data.url;
      expect([url.status, url.headers.get("location")]).toEqual([302, v1Url]);
      const pic = await demo.app.get(`/meting?${q({ server: source, type: "pic", id: ids.song })}`, { redirect: "manual" });
      expect([pic.status, pic.headers.get("location")]).toEqual([302, song.cover]);
      const lrc = await demo.app.get(`/meting?${q({ server: source, type: "lrc", id: ids.song })}`);
      const v1Lyric = (await demo.app.json(`/v1/lyric?${q({ origin: "compat-test", source, id: ids.song })}`)).body.data.lyric;
      expect([lrc.status, lrc.headers.get("content-type"), await lrc.text()]).toEqual([200, "text/plain; charset=utf-8", v1Lyric]);
    });
  }

  it("the lists above held VIP songs (their url empty)", () => expect(vipSeen).toBeGreaterThan(0));

  it("a VIP song: an empty url in its list, and type=url answers no address (403, empty, code 3002 in the log)", async () => {
    const { body } = await demo.app.json(`/meting?${q({ server: "audius", type: "song", id: "bY2mQ" })}`);
    expect(body).toEqual([expect.objectContaining({ title: "Glass Harbor", url: "" })]);
    const url = await demo.app.get(`/meting?${q({ server: "audius", type: "url", id: "bY2mQ" })}`, { redirect: "manual" });
    expect([url.status, url.headers.get("location"), await url.text()]).toEqual([403, null, ""]);
  });

  it("server: source ids and upstream names; the Chinese services' names and others are refused, naming what is served", async () => {
    for (const server of ["source_a", "Deezer"]) expect((await demo.app.json(`/meting?${q({ server, type: "song", id: "9100001" })}`)).status).toBe(200);
    const served = "it serves deezer (source_a), itunes (source_b), audius (source_c), archive (source_d), jamendo (source_e)";
    for (const server of ["netease", "tencent", "kugou", "baidu", "xiami", "kuwo"]) {
      const { status, body } = await demo.app.json(`/meting?${q({ server, type: "playlist", id: "60198" })}`);
      expect([status, body.code, body.message]).toEqual([400, 1002, `server ${server} is not served: this service reads only sources that publish their catalogue openly, none of the Chinese streaming services; ${served}`]);
    }
    expect((await demo.app.json(`/meting?${q({ server: "spotify", type: "song", id: "1" })}`)).body.message).toBe(`unknown server spotify; ${served}`);
    // server=all: a search of every source, each song's addresses on its own source.
    const all = (await demo.app.json(`/meting?${q({ server: "all", type: "search", id: "paper" })}`)).body as { url: string }[];
    expect(new Set(all.map((song) => /server=(source_\w)/.exec(song.url)?.[1]).filter(Boolean)).size).toBeGreaterThan(2);
  });

  it("parameters: each failure names what was wrong", async () => {
    const failure = async (params: Record<string, string>) => (await demo.app.json(`/meting?${q(params)}`)).body.message;
    expect(await failure({ type: "song", id: "1" })).toBe("parameter server is required");
    expect(await failure({ server: "deezer", type: "mv", id: "1" })).toBe("parameter type must be one of song, album, artist, playlist, search, url, pic, lrc");
    expect(await failure({ server: "deezer", type: "song" })).toBe("parameter id is required");
    expect(await failure({ server: "deezer", type: "song", id: "x".repeat(513) })).toBe("parameter id must be at most 512 characters");
    expect(await failure({ server: "deezer", type: "search", id: "x".repeat(81) })).toBe("parameter id must be at most 80 characters");
  });

  it("addresses on the origin the request names: https when the proxy in front says so", async () => {
    const path = `/meting?${q({ server: "deezer", type: "song", id: "9100001" })}`;
    const behindTls = (await demo.app.json(path, { headers: { "x-forwarded-proto": "https" } })).body[0];
    expect(behindTls.url).toBe(`${demo.app.url.replace("http:", "https:")}/meting?server=source_a&type=url&id=9100001`);
    expect((await demo.app.json(path, { headers: { "x-forwarded-proto": "http" } })).body[0].url).toBe(`${demo.app.url}/meting?server=source_a&type=url&id=9100001`);
  });

  it("a Host no URL can hold (a port past 65535) is the caller's error, 1001 naming it, never a 500", async () => {
    const port = Number(new URL(demo.app.url).port);
    const head = (path: string) => `GET ${path} HTTP/1.1\r\nHost: music.example:99999\r\nUser-Agent: Mozilla/5.0 (X11; Linux x86_64)\r\nConnection: close\r\n\r\n`;
    for (const type of ["song", "url"]) {
      const [answer] = await exchange(port, [head(`/meting?${q({ server: "deezer", type, id: "9100001" })}`)]);
      expect([answer.status, JSON.parse(answer.body)], type).toEqual([400, { code: 1001, message: "the request's Host header is no host name and port", data: null, source: null, cost: 0 }]);
    }
    const [playground] = await exchange(port, [head("/playground")]);
    expect([playground.status, JSON.parse(playground.body).code]).toEqual([400, 1001]);
  });

  it("the user-agent rule and the rate limit as on /v1: a browser passes, curl does not", async () => {
    const path = `/meting?${q({ server: "deezer", type: "song", id: "9100001" })}`;
    const browser = await demo.app.get(path, { headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36" } });
    expect([browser.status, browser.headers.get("ratelimit-limit")]).toEqual([200, "1200"]);
    const curl = await demo.app.json(path, { headers: { "user-agent": "curl/8.5.0" } });
    expect([curl.status, curl.body.code]).toEqual([403, 4002]);
  });
});

describe("a Meting entry", () => {
  const song = { source: "source_c", id: "a'b(c)", name: "<img src=x onerror=alert(1)>", artist: ["A <b>", "C"], album: "", albumId: "", duration: 1, cover: "https://c.example/x.jpg", available: true, vip: false };

  it("never carries markup (APlayer writes names as HTML), nor a quote or parenthesis in an address (APlayer writes covers into CSS url(''))", () => {
    expect(entry(song, "https://music.example", false)).toEqual({
      title: "‹img src=x onerror=alert(1)>",
      author: "A ‹b> / C",
      name: "‹img src=x onerror=alert(1)>",
      artist: "A ‹b> / C",
      url: "https://music.example/meting?server=source_c&type=url&id=a%27b%28c%29",
      pic: "https://music.example/meting?server=source_c&type=pic&id=a%27b%28c%29",
      lrc: "",
    });
  });

  it("has no address for a VIP song, nor for one that is not publicly playable", () => {
    expect(entry({ ...song, vip: true }, "https://m.example", true).url).toBe("");
    expect(entry({ ...song, available: false }, "https://m.example", true).url).toBe("");
  });
});

describe("/meting behind a proxy that rewrites Host", () => {
  const demo = useDemoApp(undefined, async () => ({ config: { server: { publicUrl: "https://music.example:8443" } } }));

  it("writes its addresses at server.publicUrl, whatever Host and X-Forwarded-Proto say", async () => {
    const path = `/meting?${new URLSearchParams({ server: "deezer", type: "song", id: "9100001" })}`;
    for (const headers of [{}, { "x-forwarded-proto": "http" }, { "x-forwarded-proto": "https" }] as Record<string, string>[]) {
      const [entry] = (await demo.app.json(path, { headers })).body as Record<string, string>[];
      expect([entry.url, entry.pic], JSON.stringify(headers)).toEqual([
        "https://music.example:8443/meting?server=source_a&type=url&id=9100001",
        "https://music.example:8443/meting?server=source_a&type=pic&id=9100001",
      ]);
    }
  });
});
