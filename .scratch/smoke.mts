import "reflect-metadata";
import { startDemoApp } from "../test/support/demo-app.ts";
const demo = await startDemoApp({ config: { compat: { subsonic: { users: [{ username: "ann", password: "sesame", apiKey: "k-123" }] } } } });
const get = async (path: string) => { const r = await fetch(demo.app.url + path, { redirect: "manual" }); return `${r.status} ${r.headers.get("location") ?? ""} ${(await r.text()).slice(0, 700)}`; };
const a = "u=ann&p=sesame&f=json&v=1.16.1&c=smoke";
for (const p of ["/rest/ping", `/rest/ping.view?${a}`, `/rest/getMusicFolders?${a}`, `/rest/getArtists?${a}`, `/rest/getAlbumList2?type=frequent&${a}`, `/rest/search3?query=paper&${a}`, `/rest/getPlaylists?${a}`, `/rest/getLicense?apiKey=k-123`, `/rest/star?${a}`, `/rest/scrobble?${a}`])
  console.log(p, "\n  ", await get(p));
await demo.close();
