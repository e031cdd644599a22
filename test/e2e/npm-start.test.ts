/**
 * `npm start` as a user runs it: npm, then one node process on the compiled JavaScript (no
 * loader, no second process). SIGTERM to npm, or to the process npm runs, drains the request
 * in flight and exits 0, and nothing is left running. Its log lines, on a pipe, are JSON.
 * Plugins are found from the compiled output, and a TypeScript plugin file named in config
 * still loads.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TEST_UA } from "../support/app.ts";
import { PROJECT_ROOT, freePort } from "../support/main-process.ts";

interface NpmStart {
  npm: ChildProcess;
  port: number;
  /** stdout and stderr */
  output(): string;
  stdout(): string;
  exited: Promise<number | null>;
  /** the pid of the process npm runs, once it listens */
  service(): Promise<number>;
}

async function npmStart(): Promise<NpmStart> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "music-npm-start-"));
  const config = join(dir, "music.config.json");
  writeFileSync(
    config,
    JSON.stringify({
      plugins: [join(PROJECT_ROOT, "test/fixtures/third-party/source-slow.ts")],
      sources: { source_a: { plugin: "slow", options: { delayMs: 700 } } },
      lyrics: false,
      share: { qrSecret: "npm-start-secret" },
    }),
  );
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: "127.0.0.1", MUSIC_CONFIG: config };
  delete env.LOG_FORMAT; // the default rule: not a terminal, so JSON
  const npm = spawn("npm", ["start"], { cwd: PROJECT_ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let stdout = "";
  npm.stdout!.on("data", (d) => ((out += d), (stdout += d)));
  npm.stderr!.on("data", (d) => (out += d));
  const exited = new Promise<number | null>((r) => npm.once("exit", (code) => r(code)));
  const service = async () => {
    const deadline = Date.now() + 60_000;
    while (!out.includes("listening on")) {
      if (Date.now() > deadline || npm.exitCode !== null) throw new Error(`npm start did not listen:\n${out}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return childrenOf(npm.pid!)[0];
  };
  return { npm, port, output: () => out, stdout: () => stdout, exited, service };
}

function childrenOf(pid: number): number[] {
  const file = `/proc/${pid}/task/${pid}/children`;
  return existsSync(file) ? readFileSync(file, "utf8").trim().split(/\s+/).filter(Boolean).map(Number) : [];
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function slowRequestThenSignal(started: NpmStart, target: number): Promise<void> {
  const inFlight = fetch(`http://127.0.0.1:${started.port}/v1/song?origin=t&source=source_a&id=9`, { headers: { "user-agent": TEST_UA } });
  await new Promise((r) => setTimeout(r, 200));
  process.kill(target, "SIGTERM");
  const answer = await inFlight;
  expect(answer.status).toBe(200);
  expect(await answer.json()).toMatchObject({ code: 0, data: { name: "slow 9" } });
}

describe.skipIf(process.platform !== "linux")("npm start", () => {
  it("runs one node process on dist/; SIGTERM to npm drains, exits 0 and leaves nothing running", async () => {
    const started = await npmStart();
    try {
      const node = await started.service();
      // npm's only child is the service itself: node on the compiled entry, no shell, no loader, no second process.
      expect(childrenOf(started.npm.pid!)).toEqual([node]);
      expect(readFileSync(`/proc/${node}/cmdline`, "utf8").split("\0").filter(Boolean)).toEqual(["node", "dist/server/main.js"]);
      expect(childrenOf(node)).toEqual([]);
      // plugins found in dist/plugins, and the TypeScript file named in config
      expect((await (await fetch(`http://127.0.0.1:${started.port}/v1/source?origin=t`, { headers: { "user-agent": TEST_UA } })).json()).data.capability).toMatchObject({
        source_a: { song: true, search: false },
        source_b: { search: true },
      });
      await slowRequestThenSignal(started, started.npm.pid!);
      expect(await started.exited).toBe(0);
      expect(alive(node)).toBe(false);
      // every line on stdout is the service's, in JSON (stdout is a pipe): npm's banners go to stderr (.npmrc)
      const lines = started.stdout().split("\n").filter((line) => line.trim());
      expect(lines.length).toBeGreaterThan(4);
      for (const line of lines) expect(JSON.parse(line)).toMatchObject({ level: expect.any(String), time: expect.any(String), scope: expect.any(String) });
      expect(started.stdout()).toContain("SIGTERM: closing");
      expect(JSON.parse(lines.at(-1)!).msg).toMatch(/^stopped: drained and closed in \d+\.\d s; exit 0$/);
      expect(started.output()).toContain("> music-aggregator@0.1.0 start");
    } finally {
      if (started.npm.exitCode === null) started.npm.kill("SIGKILL");
    }
  }, 90_000);

  it("SIGTERM to the process npm runs: the same drain, and npm exits 0 with it", async () => {
    const started = await npmStart();
    try {
      const node = await started.service();
      await slowRequestThenSignal(started, node);
      expect(await started.exited).toBe(0);
      expect(alive(node)).toBe(false);
    } finally {
      if (started.npm.exitCode === null) started.npm.kill("SIGKILL");
    }
  }, 90_000);
});
