/**
 * The listing flood: one client lists big share directories, each under a new name or a new
 * spelling of an old one, against the real entry point on a small heap. Before the cache was
 * bounded in bytes this ended the process ("Reached heap limit"): every listing was kept, for
 * ever, however large. Now the process stays up, its resident set levels off, the spellings of
 * one directory share one listing, and another client is answered in time throughout.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startShareHost, type ShareHostSimulator } from "../../plugins/share-baidu/test/simulator.ts";
import { startMainProcess, type MainProcess } from "../support/main-process.ts";

/** the service's heap: small, so that keeping every listing would end it within the flood */
const HEAP_MB = 160;
/** files per upstream page, as the host sends them; the long names make a page about 0.5 MB */
const FILES_PER_PAGE = 1000;
const LISTINGS = 360;
const CONCURRENCY = 3;

let host: ShareHostSimulator;
let service: MainProcess;

/** One page of the host's answer, built once: the same bytes serve every directory. */
function page(hasMore: boolean): Response {
  const list = Array.from({ length: FILES_PER_PAGE }, (_, i) => {
    const name = `${"a very long file name of a recording kept in a shared folder ".repeat(3)}${i}.flac`;
    return { fs_id: 700000000000000 + i, server_filename: name, path: `/big/${name}`, isdir: 0, size: 1000 + i, md5: "0123456789abcdef0123456789abcdef", category: 2, server_ctime: 1700000000, server_mtime: 1700000100 };
  });
  const body = JSON.stringify({ errno: 0, request_id: 1, data: { uk: 1, shareid: 2, seckey: "", title: "t", list, has_more: hasMore ? 1 : 0 } });
  return new Response(body, { headers: { "content-type": "application/json" } });
}

beforeAll(async () => {
  host = await startShareHost();
  const last = await page(false).text();
  const more = await page(true).text();
  // Directories named `/huge…` run to the plugin's 20 pages (about 10 MB): over any entry's share, never cached.
  host.answers.wxlist = (form) => {
    const huge = (form.get("dir") ?? "").startsWith("/huge") && Number(form.get("page")) < 20;
    return new Response(huge ? more : last, { headers: { "content-type": "application/json" } });
  };
}, 30_000);

afterAll(async () => {
  await service?.stop();
  await host?.close();
});

function start(env: NodeJS.ProcessEnv): Promise<void> {
  service = startMainProcess({
    config: { sources: {}, rateLimit: { points: 100_000, duration: 60 }, share: { options: { baseURL: host.url } } },
    env: { NODE_OPTIONS: `--max-old-space-size=${HEAP_MB}`, ...env },
  });
  return service.ready;
}

/** The resident set of the service's process and its workers, MB. */
function residentMb(pid = service.child.pid!): number {
  const own = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  return own + children.reduce((sum, child) => sum + residentMb(child), 0);
}

async function list(dir: string): Promise<number> {
  const response = await fetch(`${service.url}/api/v0/list`, {
    method: "POST",
    headers: { "content-type": "application/json", "user-agent": "flood-test/1.0" },
    body: JSON.stringify({ surl: "1OpenShare", dir }),
  });
  await response.arrayBuffer();
  return response.status;
}

/** Another client's request, timed. */
async function otherClient(): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${service.url}/v1/source?origin=other`, { headers: { "user-agent": "other-app/1.0" } });
  await response.arrayBuffer();
  expect(response.status).toBe(200);
  return performance.now() - started;
}

describe("a flood of big share listings", () => {
  it.each([
    ["one process", {}],
    ["WORKERS=2", { WORKERS: "2" }],
  ])("%s: stays up with its memory levelled off, and other clients answered", async (_name, env: NodeJS.ProcessEnv) => {
    await service?.stop();
    host.received.wxlist.length = 0;
    await start(env);
    const statuses: number[] = [];
    const rss: number[] = [];
    const others: number[] = [];
    // Each directory under three spellings in a row; every twentieth a 20-page one.
    const dirs = Array.from({ length: LISTINGS }, (_, i) => {
      const n = Math.floor(i / 3);
      const base = n % 20 === 19 ? `/huge${n}` : `/big${n}`;
      return [base, `${base}/.`, `/${base}/./.`][i % 3];
    });
    let next = 0;
    const worker = async () => {
      while (next < dirs.length) {
        const i = next++;
        statuses.push(await list(dirs[i]));
        if (i % 40 === 39) {
          rss.push(residentMb());
          others.push(await otherClient());
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    console.info(`[flood] ${_name}, ${LISTINGS} listings: RSS MB ${rss.map((v) => Math.round(v)).join(", ")}; other client ms ${others.map((v) => Math.round(v)).join(", ")}`);

    expect(service.child.exitCode).toBeNull();
    expect(service.output()).not.toMatch(/heap limit|out of memory|worker \d+ (died|exited)/i);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    // Levelled off: the second half of the flood adds little to what the first half reached.
    const half = Math.max(...rss.slice(0, rss.length / 2));
    expect(Math.max(...rss.slice(rss.length / 2))).toBeLessThan(half * 1.25 + 32);
    expect(Math.max(...others)).toBeLessThan(500);
    // The three spellings of a small directory are one listing (one upstream page each).
    const bigDirs = new Set(dirs.map((d) => /\/(big\d+)/.exec(d)?.[1]).filter(Boolean));
    const smallCalls = host.received.wxlist.filter((call) => (call.form.get("dir") ?? "").startsWith("/big")).length;
    // (Each worker of a group keeps its own memory cache: at most one listing per worker.)
    const workers = env.WORKERS ? Number(env.WORKERS) : 1;
    expect(smallCalls).toBeGreaterThanOrEqual(bigDirs.size);
    expect(smallCalls).toBeLessThanOrEqual(bigDirs.size * workers);
    expect(await otherClient()).toBeLessThan(500);
  }, 120_000);
});
