import "reflect-metadata";
import { discoverPlugins } from "./core/plugins/discover.ts";
import { startDemoUpstreams } from "./server/demo/upstreams.ts";
import { startTestApp } from "./test/support/app.ts";
const up = await startDemoUpstreams();
const plugins = await discoverPlugins();
const app = await startTestApp({ config: { ...up.config, log: { access: false } }, plugins: [...plugins.sources.values(), ...plugins.lyrics.values(), ...plugins.share.values()] });
const get = async (p: string) => (await app.json(p + "&origin=x")).body;
console.log(JSON.stringify((await get("/v1/source?")).data.capability));
const tries: string[] = process.argv.slice(2);
for (const t of tries) { const r = await get(t); console.log(t, r.code, r.message, JSON.stringify(r.data)?.slice(0, 600)); }
await app.close(); await up.close();
