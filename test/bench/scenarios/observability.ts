/**
 * What the production features cost on the hot path of cached answers:
 * - counting for `/metrics`: the service as configured (metrics on) against services that
 *   differ only by `metrics.enabled: false`, on the same cached `/v1/song`, in alternating
 *   rounds; five fresh processes of each, each its median over the rounds, and each side the
 *   median of its five (`bySide`: one process can run a few per cent apart from another of the
 *   same code for its whole life); target: counting costs at most 3 % of throughput;
 * - a client that accepts gzip, on a cached answer over 1 KB (an album): its compressed form
 *   is made once and sent from then on; beside the same answer to a client that takes none.
 */
import { request } from "node:http";
import { BENCH_UA } from "../lib/http.ts";
import { CONNECTIONS, loadTool } from "../lib/load.ts";
import { bySide, measureRounds, type Target } from "../lib/rounds.ts";
import { startService, type Service, type Upstream } from "../lib/setup.ts";
import { fmt, type Row } from "../lib/table.ts";

/** fresh service processes of each side of the counting comparison */
const PROCESSES = 5;
const SONG = "/v1/song?origin=bench&source=source_a&id=3135556";
const ALBUM = "/v1/album?origin=bench&source=source_a&id=302127";

export async function observability(service: Service, upstream: Upstream, roundSeconds: number): Promise<Row[]> {
  // Services started alike, differing only by metrics.enabled: the run's main service has
  // served the throughput loads before (a larger heap), which would be no fair comparison.
  const counted: Service[] = [];
  const uncounted: Service[] = [];
  for (let i = 0; i < PROCESSES; i++) {
    counted.push(await startService(upstream, {}));
    uncounted.push(await startService(upstream, { metrics: { enabled: false } }));
  }
  try {
    for (const { ready } of [...counted, ...uncounted]) for (let i = 0; i < 3; i++) await get(ready + SONG); // miss, hit (kept), kept
    for (let i = 0; i < 3; i++) await get(service.ready + ALBUM);
    const plain = await get(service.ready + ALBUM);
    const gzipped = await get(service.ready + ALBUM, "gzip");
    if (gzipped.encoding !== "gzip" || plain.encoding !== undefined) throw new Error(`the album is not answered as expected: ${plain.encoding}, ${gzipped.encoding}`);

    const targets: Record<string, Target> = {
      ...Object.fromEntries(counted.map((s, i) => [`counted${i}`, { url: s.ready + SONG }])),
      ...Object.fromEntries(uncounted.map((s, i) => [`uncounted${i}`, { url: s.ready + SONG }])),
      identity: { url: service.ready + ALBUM },
      gzip: { url: service.ready + ALBUM, acceptEncoding: "gzip" },
    };
    const pids = {
      ...Object.fromEntries(counted.map((s, i) => [`counted${i}`, s.pid])),
      ...Object.fromEntries(uncounted.map((s, i) => [`uncounted${i}`, s.pid])),
      identity: service.pid,
      gzip: service.pid,
    };
    // One figure a side: the median of its processes' medians, and of their CPU per answer.
    const { rps, cpuUs } = bySide(await measureRounds(targets, pids, roundSeconds));
    const us = (side: string) => (cpuUs[side] !== undefined ? `${cpuUs[side].toFixed(1)} µs` : "n/a");
    const [on, off, identity, gzip] = [rps.counted, rps.uncounted, rps.identity, rps.gzip];
    return [
      {
        metric: `one cached /v1/song: counting for /metrics on vs off (${loadTool()}, ${CONNECTIONS} connections, median of ${PROCESSES} processes a side)`,
        measured: `${fmt.rps(on)} vs ${fmt.rps(off)} (CPU per answer ${us("counted")} vs ${us("uncounted")})`,
        target: "≥ 0.97 × off (at most 3 % of throughput)",
        ratio: on / off,
        pass: on / off >= 0.97,
      },
      {
        metric: `one cached /v1/album (${plain.bytes} bytes, ${gzipped.bytes} gzipped): a client accepting gzip vs one taking none`,
        measured: `${fmt.rps(gzip)} vs ${fmt.rps(identity)} (CPU per answer ${us("gzip")} vs ${us("identity")})`,
        target: "(reference: compressed once, sent from its kept form)",
        ratio: gzip / identity,
      },
    ];
  } finally {
    await Promise.all([...counted, ...uncounted].map((s) => s.stop()));
  }
}

// --- internal ---

function get(url: string, acceptEncoding?: string): Promise<{ status: number; encoding?: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { "user-agent": BENCH_UA };
    if (acceptEncoding) headers["accept-encoding"] = acceptEncoding;
    const req = request(url, { headers }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => (bytes += chunk.length));
      res.on("end", () => {
        if (res.statusCode !== 200) return reject(new Error(`${url}: ${res.statusCode}`));
        resolve({ status: res.statusCode, encoding: res.headers["content-encoding"], bytes });
      });
    });
    req.on("error", reject);
    req.end();
  });
}
