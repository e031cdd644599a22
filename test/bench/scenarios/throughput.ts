/**
 * Requests per second of cached answers, side by side with the stacks users would pick
 * instead: raw node:http writing the same bytes (the service's answer, headers included: the
 * limit of Node for it; and, for reference, the body with type and length only), Hono with an
 * LRU of parsed answers, Express with apicache. Three loads, each served by every server with the
 * same answers for the same requests: one cached `/v1/song` (JSON, and JSONP for the service);
 * 10,000 distinct cached songs requested with a Zipf(1.0) popularity (a blog player's
 * traffic); and a mix of endpoints, each with its own Zipf popularity. Servers take turns for
 * 4 rounds and each keeps its median, which a burst of other work on the machine moves least
 * (on a shared 2-core VM one round of the same server can read anywhere from 0.5× to 1.5× another,
 * so more, shorter rounds give a steadier median than a few long ones). Raw node, Hono and the
 * service run as three processes each, and each side's figure is the median of its three: on
 * this VM a process can run 15 % slower than another of the same program for its whole life,
 * raw node as much as the service (docs/performance.md). Beside req/s, the CPU
 * time the server process spent per answer over all rounds (Linux `/proc`): a round the host
 * slows down lowers req/s but costs little extra CPU per answer, so that figure moves less.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runWithConcurrency } from "../../../core/concurrency.ts";
import { startChild, type ChildHandle } from "../lib/child.ts";
import { keepAliveAgent, timedGet } from "../lib/http.ts";
import { CONNECTIONS, loadTool } from "../lib/load.ts";
import { bySide, fillAndRead, measureRounds, type Measured } from "../lib/rounds.ts";
import { startService, type Service, type Upstream } from "../lib/setup.ts";
import { fmt, type Row } from "../lib/table.ts";
import { zipfSample } from "../lib/zipf.ts";

const SONG = "/v1/song?origin=bench&source=source_a&id=3135556";
const DISTINCT_SONGS = 10_000;
/** requests of a popularity mix, taken in turn by the load generator */
const SAMPLES = 100_000;

/** fresh processes of each compared server (raw node, Hono, the service), each side's figure the median of theirs */
const PROCESSES = 3;
/** rounds of every target (each process of a side is one) */
const THROUGHPUT_ROUNDS = 4;

export async function throughput(service: Service, upstream: Upstream, roundSeconds: number): Promise<Row[]> {
  const song = (id: number | string) => `/v1/song?origin=blog-player&source=source_a&id=${id}`;
  const songs = Array.from({ length: DISTINCT_SONGS }, (_, i) => song(`z${i}`));
  const mixSets = endpointMix(song);
  const jsonp = `${SONG}&callback=cb`;
  // The run's service and fresh ones started alike; every answer is filled, then asked again so each has its rendered form.
  const services = [service];
  for (let i = 1; i < PROCESSES; i++) services.push(await startService(upstream));
  let answers = new Map<string, string>();
  for (const one of services) {
    answers = await fillAndRead(one.ready, [SONG, ...songs, ...mixSets.flatMap((set) => set.paths)]);
    await fillAndRead(one.ready, [jsonp]);
  }

  const dir = mkdtempSync(join(tmpdir(), "bench-answers-"));
  writeFileSync(join(dir, "answers.json"), JSON.stringify(Object.fromEntries(answers)));
  const env = { BENCH_ANSWERS: join(dir, "answers.json") };
  // Targets are named by side and process (`raw0`, …): `bySide` folds them.
  const peers: Record<string, ChildHandle<string>> = {};
  for (let i = 0; i < PROCESSES; i++) {
    peers[`raw${i}`] = await startChild<string>("raw-node", { ...env, BENCH_RAW_HEADERS: "same" });
    peers[`hono${i}`] = await startChild<string>("hono", env);
    peers[`honowork${i}`] = await startChild<string>("hono-production", env);
  }
  peers.bare = await startChild<string>("raw-node", env);
  peers.express = await startChild<string>("express", env);
  try {
    // apicache keeps an answer from its second request on: every path is asked twice first.
    const agent = keepAliveAgent(CONNECTIONS);
    for (let pass = 0; pass < 2; pass++) await runWithConcurrency(answers.size, CONNECTIONS, (i) => timedGet(peers.express.ready + [...answers.keys()][i], agent));
    agent.destroy();

    const zipfSongs = zipfSample(songs, SAMPLES, 1);
    const mix = mixSample(mixSets);
    // Every target of a load is one of these processes; JSONP is the service's.
    const processes: Record<string, ChildHandle<string>> = { ...peers };
    services.forEach((one, i) => Object.assign(processes, { [`service${i}`]: one, [`jsonp${i}`]: one }));
    const servers = Object.fromEntries(Object.entries(processes).filter(([name]) => !name.startsWith("jsonp")).map(([name, child]) => [name, child.ready]));
    const single = Object.fromEntries(Object.entries(servers).map(([name, base]) => [name, base + SONG]));
    services.forEach((one, i) => (single[`jsonp${i}`] = one.ready + jsonp));
    // A load of several paths gives each server its base URL; the load generator adds the paths.
    const loads: Record<string, { paths?: string[]; urls: Record<string, string> }> = {
      single: { urls: single },
      zipf: { urls: servers, paths: zipfSongs },
      mix: { urls: servers, paths: mix },
    };
    const results: Record<string, Measured> = {};
    const pids = Object.fromEntries(Object.entries(processes).map(([name, child]) => [name, child.pid]));
    for (const [name, { urls, paths }] of Object.entries(loads)) results[name] = bySide(await measureRounds(urls, pids, roundSeconds, paths, 0, THROUGHPUT_ROUNDS));
    return [
      ...rows("one cached /v1/song", answers.get(SONG)!.length, results.single, [["service", "JSON"], ["jsonp", "JSONP"]]),
      ...rows(`${DISTINCT_SONGS.toLocaleString("en-US")} cached songs, Zipf(1.0)`, undefined, results.zipf, [["service", "JSON"]]),
      ...rows(`cached mix of endpoints (${mixSets.map((s) => `${s.name} ${Math.round(s.share * 100)} %`).join(", ")})`, undefined, results.mix, [["service", "JSON"]]),
    ];
  } finally {
    await Promise.all([...Object.values(peers), ...services.slice(1)].map((p) => p.stop()));
  }
}

// --- internal ---

/**
 * The peers' rows, then the service's against Hono + LRU doing the same per-answer work (the
 * target: > 1.00), against bare Hono + LRU and raw node (reported), and its CPU per answer.
 */
function rows(load: string, bytes: number | undefined, { rps, cpuUs }: Measured, mine: [string, string][]): Row[] {
  const size = bytes ? `, the same ${bytes}-byte answer` : ", the same answers";
  const out: Row[] = [
    { metric: `${load}: raw node:http${size}, headers included (${loadTool()}, ${CONNECTIONS} connections; each of raw, Hono and the service the median of ${PROCESSES} processes)`, measured: fmt.rps(rps.raw), target: "(the limit of Node)", ratio: 1 },
    { metric: `${load}: raw node:http, type and length headers only`, measured: fmt.rps(rps.bare), target: "(reference)", ratio: rps.bare / rps.raw },
    { metric: `${load}: Hono + LRU of parsed answers`, measured: fmt.rps(rps.hono), target: "(peer)", ratio: rps.hono / rps.raw },
    { metric: `${load}: Hono + LRU with request id, rate limit, Cache-Control, ETag and a JSON access line`, measured: fmt.rps(rps.honowork), target: "(peer)", ratio: rps.honowork / rps.raw },
    { metric: `${load}: Express + apicache`, measured: fmt.rps(rps.express), target: "(peer)", ratio: rps.express / rps.raw },
  ];
  for (const [key, mode] of mine) {
    out.push(
      { metric: `${load}: this service, ${mode}, vs Hono + LRU with the same per-answer work`, measured: fmt.rps(rps[key]), target: `> 1.00 × ${fmt.rps(rps.honowork)}`, ratio: rps[key] / rps.honowork, pass: rps[key] > rps.honowork },
      { metric: `${load}: this service, ${mode}, vs bare Hono + LRU`, measured: fmt.rps(rps[key]), target: "(reported)", ratio: rps[key] / rps.hono },
      { metric: `${load}: this service, ${mode}, vs raw node`, measured: fmt.rps(rps[key]), target: "(reported)", ratio: rps[key] / rps.raw },
    );
    // Informs only: raw's answers per CPU second over the service's, the req/s ratio with the host's noise mostly taken out.
    if (cpuUs[key] && cpuUs.raw) {
      const us = (target: string) => `${cpuUs[target].toFixed(1)} µs`;
      out.push({ metric: `${load}: this service, ${mode}, CPU per answer vs raw node`, measured: us(key), target: `(raw: ${us("raw")}${cpuUs.hono ? `, Hono: ${us("hono")}` : ""})`, ratio: cpuUs.raw / cpuUs[key] });
    }
  }
  return out;
}

interface MixSet {
  name: string;
  share: number;
  paths: string[];
}

/** Endpoints in the proportions a player page asks them, each over its own set of distinct requests. */
function endpointMix(song: (id: string) => string): MixSet[] {
  const many = (n: number, make: (i: number) => string) => Array.from({ length: n }, (_, i) => make(i));
  return [
    { name: "song", share: 0.5, paths: many(DISTINCT_SONGS, (i) => song(`z${i}`)) },
    { name: "url", share: 0.15, paths: many(2000, (i) => `/v1/song/url?origin=blog-player&source=source_a&id=z${i}&quality=high`) },
    { name: "search", share: 0.15, paths: many(1000, (i) => `/v1/search?origin=blog-player&source=source_b&q=word${i}&size=10`) },
    { name: "album", share: 0.1, paths: many(500, (i) => `/v1/album?origin=blog-player&source=source_c&id=al${i}`) },
    { name: "lyric", share: 0.05, paths: many(1000, (i) => `/v1/lyric?origin=blog-player&source=source_a&id=z${i}`) },
    { name: "rank", share: 0.05, paths: ["/v1/rank?origin=blog-player&source=source_d", "/v1/rank?origin=blog-player&source=source_d&id=0"] },
  ];
}

/** A sample of the mix: each endpoint in its share, its requests by Zipf(1.0) popularity, interleaved. */
function mixSample(sets: MixSet[]): string[] {
  const parts = sets.map((set) => zipfSample(set.paths, Math.round(SAMPLES * set.share), 1 + sets.indexOf(set)));
  const out: string[] = [];
  for (let i = 0; out.length < SAMPLES; i++) for (const part of parts) if (i < part.length) out.push(part[i]);
  // A fixed shuffle, so endpoints are not served in lock-step.
  return zipfShuffle(out);
}

function zipfShuffle<T>(items: T[]): T[] {
  let seed = 42;
  for (let i = items.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const j = seed % (i + 1);
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}
