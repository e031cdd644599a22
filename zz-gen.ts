import "reflect-metadata";
import { writeFileSync } from "node:fs";
import { discoverPlugins } from "./core/plugins/discover.ts";
import { startDemoUpstreams } from "./server/demo/upstreams.ts";
import { startTestApp } from "./test/support/app.ts";
const up = await startDemoUpstreams();
const plugins = await discoverPlugins();
const app = await startTestApp({ config: { ...up.config, log: { access: false } }, plugins: [...plugins.sources.values(), ...plugins.lyrics.values(), ...plugins.share.values()] });
const REAL: Record<string, string> = { deezer: "https://api.deezer.com", itunes: "https://itunes.apple.com", audius: "https://api.audius.co", archive: "https://archive.org", jamendo: "https://api.jamendo.com/v3.0" };
const real = (text: string) => { for (const [k, v] of Object.entries(REAL)) text = text.split((up.urls as any)[k] + (k === "jamendo" ? "/v3.0" : "")).join(v).split((up.urls as any)[k]).join(v); return text; };
type Q = Record<string, string>;
const plan: Record<string, [string, string, Q][]> = {
  search: [["source_b", "source_b", { q: "paper", source: "source_b", size: "2" }], ["source_c", "", { q: "paper", source: "source_c", size: "2" }], ["source_d", "", { q: "paper", source: "source_d", size: "2" }], ["source_e", "", { q: "paper", source: "source_e", size: "2" }]],
  song: [["source_b", "", { source: "source_b", id: "1600000012" }], ["source_c", "", { source: "source_c", id: "aZ4kP" }], ["source_d", "", { source: "source_d", id: "mh1981-06-12.sbd.tolliver.4411.flac16/mh81-06-12d1t02.flac" }], ["source_e", "", { source: "source_e", id: "1630002" }]],
  url: [["source_b", "", { source: "source_b", id: "1600000012", quality: "standard" }], ["source_c", "", { source: "source_c", id: "aZ4kP", quality: "high" }], ["source_d", "", { source: "source_d", id: "mh1981-06-12.sbd.tolliver.4411.flac16/mh81-06-12d1t02.flac", quality: "lossless" }], ["source_e", "", { source: "source_e", id: "1630002", quality: "lossless" }]],
  lyric: [["source_b", "", { source: "source_b", id: "1600000012" }], ["source_c", "", { source: "source_c", id: "aZ4kP" }], ["source_d", "", { source: "source_d", id: "mh1981-06-12.sbd.tolliver.4411.flac16/mh81-06-12d1t02.flac" }], ["source_e", "", { source: "source_e", id: "1630002" }]],
  album: [["source_b", "", { source: "source_b", id: "1600000010" }], ["source_c", "", { source: "source_c", id: "pL7Qa" }], ["source_d", "", { source: "source_d", id: "mh1981-06-12.sbd.tolliver.4411.flac16" }], ["source_e", "", { source: "source_e", id: "201455" }]],
  artist: [["source_b", "", { source: "source_b", id: "1500000101" }], ["source_c", "", { source: "source_c", id: "Wq3nE" }], ["source_d", "", { source: "source_d", id: "Marrow Hill" }], ["source_e", "", { source: "source_e", id: "480211" }]],
  playlist: [["source_c", "", { source: "source_c", id: "mN3bV", page: "1", size: "2", with_url: "1" }], ["source_e", "", { source: "source_e", id: "500612", page: "1", size: "2", with_url: "1" }]],
  rank: [["source_b", "", { source: "source_b", id: "us" }], ["source_c", "", { source: "source_c", id: "week" }], ["source_d", "", { source: "source_d", id: "week" }], ["source_e", "", { source: "source_e", id: "popularity_week" }]],
};
const PATH: Record<string, string> = { search: "/v1/search", song: "/v1/song", url: "/v1/song/url", lyric: "/v1/lyric", album: "/v1/album", artist: "/v1/artist", playlist: "/v1/playlist", rank: "/v1/rank" };
const shorten = (d: any) => {
  if (Array.isArray(d.song)) d.song = d.song.slice(0, 2);
  if (Array.isArray(d.list)) d.list = d.list.slice(0, 2);
  if (typeof d.lyric === "string") d.lyric = d.lyric.split("\n").slice(0, 2).join("\n");
  return d;
};
const fmt = (v: any, indent = ""): string => {
  const flat = JSON.stringify(v);
  if (flat.length + indent.length <= 140 || v === null || typeof v !== "object") return flat.replace(/"([A-Za-z_$][A-Za-z0-9_$]*)":/g, "$1: ").replace(/,(?=["{\[a-zA-Z0-9-])/g, ", ");
  const inner = indent + "  ";
  if (Array.isArray(v)) return `[\n${v.map((x) => inner + fmt(x, inner)).join(",\n")},\n${indent}]`;
  return `{\n${Object.entries(v).map(([k, x]) => `${inner}${/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)}: ${fmt(x, inner)}`).join(",\n")},\n${indent}}`;
};
let out = "";
for (const [cap, list] of Object.entries(plan)) {
  out += `  ${cap}: {\n`;
  for (const [name, , query] of list) {
    const r = (await app.json(`${PATH[cap]}?${new URLSearchParams({ ...query, origin: "x" })}`)).body;
    if (r.code !== 0) { console.error("FAIL", cap, name, r.message); continue; }
    const data = JSON.parse(real(JSON.stringify(shorten(r.data))));
    out += `    ${name}: {\n      summary: "",\n      query: ${fmt(query, "      ")},\n      data: ${fmt(data, "      ")},\n    },\n`;
  }
  out += `  },\n`;
}
writeFileSync("/tmp/zz-examples.txt", out);
await app.close(); await up.close();
