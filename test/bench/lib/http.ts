/**
 * The bench's own HTTP client for latency measurements (autocannon is used for throughput):
 * node:http with keep-alive, timed with performance.now() to a fraction of a millisecond.
 */
import http from "node:http";

export const BENCH_UA = "music-aggregator-bench/1.0 (loopback benchmark)";

export interface Timed {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  ms: number;
}

export function keepAliveAgent(maxSockets: number): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
}

/** GET `url` through `agent`; `ms` runs from sending to the last byte of the answer. */
export function timedGet(url: string, agent: http.Agent): Promise<Timed> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(url, { agent, headers: { "user-agent": BENCH_UA } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8"), ms: performance.now() - started }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout: ${url}`)));
  });
}


/** The `p`-th percentile (0..100) of `values`, nearest rank. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
