import "reflect-metadata";
import { startDemoApp } from "../test/support/demo-app.ts";
const demo = await startDemoApp({ config: { compat: { subsonic: { users: [{ username: "ann", password: "sesame" }] } } } });
const j = async (p: string) => (await demo.app.json(p)).body;
console.log(JSON.stringify((await j("/v1/lyric?origin=t&source=source_a&id=9100001"))).slice(0, 300));
for (const [s, id] of [["source_a","9100001"],["source_a","9100002"],["source_b","1600000011"],["source_c","aZ4kP"],["source_c","bY2mQ"]]) console.log(s, id, JSON.stringify(await j(`/v1/song/url?origin=t&source=${s}&id=${id}&fallback=1`)).slice(0, 400));
console.log(JSON.stringify(await j("/v1/album?origin=t&source=source_a&id=7002")).slice(0, 600));
await demo.close();
