/**
 * Throughput load on loopback: wrk (Debian's `wrk`, a C load generator that leaves the second
 * core to the server under test) when it is installed, else autocannon in this process. A load
 * is one URL, or a list of paths taken in turn (a popularity mix); with `clients`, each request
 * says it is from one of that many clients (`X-Forwarded-For` 10.x.y.z, taken in turn), for a
 * service that trusts its loopback proxy.
 */
import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { offServerCore } from "./cpu.ts";
import { BENCH_UA } from "./http.ts";

export const CONNECTIONS = 50;

let wrk: boolean | undefined;

/** Which load generator this run uses. */
export function loadTool(): "wrk" | "autocannon" {
  if (wrk === undefined) {
    try {
      execFileSync("wrk", ["--version"], { stdio: "ignore" });
      wrk = true;
    } catch (error) {
      // wrk prints its version and exits 1; only a missing binary throws ENOENT.
      wrk = (error as NodeJS.ErrnoException).code !== "ENOENT";
    }
  }
  return wrk ? "wrk" : "autocannon";
}

export interface LoadOptions {
  /** sent as Accept-Encoding (none by default) */
  acceptEncoding?: string;
  /** requests say they come from this many clients in turn (none by default) */
  clients?: number;
}

/** Requests per second for `seconds`; `paths` (taken in turn) replace the URL's own path. A non-2xx answer aborts. */
export async function load(url: string, seconds: number, paths?: string[], options: LoadOptions = {}): Promise<number> {
  return loadTool() === "wrk" ? withWrk(url, seconds, paths, options) : withAutocannon(url, seconds, paths, options);
}

/** The `X-Forwarded-For` of client number `n` (1-based), as the wrk script writes it. */
export function clientAddress(n: number): string {
  return `10.${Math.floor(n / 65536)}.${Math.floor(n / 256) % 256}.${n % 256}`;
}

// --- internal ---

const WRK_SCRIPT = `
local paths = {}
local file = os.getenv("BENCH_PATHS")
if file then for line in io.lines(file) do paths[#paths + 1] = line end end
local clients = tonumber(os.getenv("BENCH_CLIENTS") or "0")
local i = 0
local c = 0
local bad = 0
wrk.headers["User-Agent"] = os.getenv("BENCH_UA")
local encoding = os.getenv("BENCH_ACCEPT_ENCODING")
if encoding then wrk.headers["Accept-Encoding"] = encoding end
request = function()
  if clients > 0 then
    c = c % clients + 1
    wrk.headers["X-Forwarded-For"] = "10." .. math.floor(c / 65536) .. "." .. (math.floor(c / 256) % 256) .. "." .. (c % 256)
  end
  if #paths == 0 then return wrk.format() end
  i = i % #paths + 1
  return wrk.format(nil, paths[i])
end
response = function(status) if status < 200 or status > 299 then bad = bad + 1 end end
done = function() io.write("non2xx " .. bad .. "\\n") end
`;

let scriptFile: string | undefined;

function withWrk(url: string, seconds: number, paths: string[] | undefined, { acceptEncoding, clients = 0 }: LoadOptions): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), "bench-wrk-"));
  scriptFile ??= join(dir, "load.lua");
  writeFileSync(scriptFile, WRK_SCRIPT);
  const env: NodeJS.ProcessEnv = { ...process.env, BENCH_UA, BENCH_CLIENTS: String(clients) };
  if (acceptEncoding) env.BENCH_ACCEPT_ENCODING = acceptEncoding;
  if (paths) {
    env.BENCH_PATHS = join(dir, "paths.txt");
    writeFileSync(env.BENCH_PATHS, `${paths.join("\n")}\n`);
  }
  const args = ["-t", "1", "-c", String(CONNECTIONS), "-d", `${seconds}s`, "-s", scriptFile, url];
  return new Promise((resolve, reject) => {
    const [command, argv] = offServerCore("wrk", args);
    execFile(command, argv, { env, timeout: (seconds + 30) * 1000 }, (error, stdout) => {
      if (error) return reject(new Error(`wrk ${url}: ${error.message}`));
      const rps = /Requests\/sec:\s+([\d.]+)/.exec(stdout);
      const bad = Number(/non2xx (\d+)/.exec(stdout)?.[1] ?? 0) + Number(/Socket errors: .*?(\d+) timeout/.exec(stdout)?.[1] ?? 0);
      if (!rps || bad > 0) return reject(new Error(`wrk ${url}: ${bad} bad answers\n${stdout}`));
      resolve(Number(rps[1]));
    });
  });
}

async function withAutocannon(url: string, seconds: number, paths: string[] | undefined, { acceptEncoding, clients = 0 }: LoadOptions): Promise<number> {
  const targets = paths ?? [new URL(url).pathname + new URL(url).search];
  const count = clients ? Math.max(targets.length, clients) : paths ? targets.length : 0;
  const forwarded = (i: number) => (clients ? { "x-forwarded-for": clientAddress((i % clients) + 1) } : {});
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { "user-agent": BENCH_UA, ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}) },
    ...(count ? { requests: Array.from({ length: count }, (_, i) => ({ method: "GET" as const, path: targets[i % targets.length], headers: forwarded(i) })) } : {}),
  });
  if (result.non2xx || result.errors || result.timeouts) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  return result.requests.total / result.duration;
}
