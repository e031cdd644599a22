/**
 * `npm run demo` and `npm run dev` as a user runs them, stopped as a terminal (SIGINT) or a
 * process manager (SIGTERM) stops npm: the service drains and says so in a last line, npm exits
 * 0, and nothing it started is left running (tsx's watcher, node, esbuild's service), nor
 * listening. With LOG_FORMAT=json every line on stdout is JSON: npm's banners go to stderr
 * (the project's .npmrc).
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT, freePort } from "../support/main-process.ts";

/** Every process below `pid`, children first found first. */
function descendants(pid: number): number[] {
  const file = `/proc/${pid}/task/${pid}/children`;
  const children = existsSync(file) ? readFileSync(file, "utf8").trim().split(/\s+/).filter(Boolean).map(Number) : [];
  return children.flatMap((child) => [child, ...descendants(child)]);
}

const alive = (pid: number) => existsSync(`/proc/${pid}`) && !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, "utf8"));
const commandOf = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim();

describe.skipIf(process.platform !== "linux")("npm run demo and npm run dev stop whole", () => {
  it.each([
    ["demo", "SIGTERM"],
    ["demo", "SIGINT"],
    ["dev", "SIGTERM"],
    ["dev", "SIGINT"],
  ] as const)("npm run %s, %s to npm: the drain's last line, exit 0, nothing left running", async (script, signal) => {
    const port = await freePort();
    const npm = spawn("npm", ["run", script], { cwd: PROJECT_ROOT, env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_FORMAT: "json" }, stdio: ["ignore", "pipe", "pipe"] });
    let [stdout, stderr] = ["", ""];
    npm.stdout!.on("data", (d) => (stdout += d));
    npm.stderr!.on("data", (d) => (stderr += d));
    const exited = new Promise<number | null>((resolve) => npm.once("exit", (code) => resolve(code)));
    let started: number[] = [];
    try {
      const deadline = Date.now() + 60_000;
      while (!stdout.includes("listening on")) {
        if (Date.now() > deadline || npm.exitCode !== null) throw new Error(`npm run ${script} did not listen:\n${stdout}\n${stderr}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      started = descendants(npm.pid!);
      expect(started.map(commandOf).some((command) => /node .*(examples\/demo\/main\.ts|server\/main\.ts)/.test(command)), started.map(commandOf).join("\n")).toBe(true);
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

      process.kill(npm.pid!, signal);
      expect(await exited, stderr).toBe(0);
      // Everything npm started is gone (a process may take a moment to be reaped).
      const until = Date.now() + 5_000;
      while (started.some(alive) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      expect(started.filter(alive).map((pid) => `${pid} ${commandOf(pid)}`)).toEqual([]);
      await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();

      // stdout: the service's JSON lines only, the last one saying the drain ended; npm's banner on stderr.
      const lines = stdout.split("\n").filter((line) => line.trim());
      for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
      expect(lines.map((line) => JSON.parse(line).msg)).toContain(`${signal}: closing, waiting for in-flight requests`);
      expect(JSON.parse(lines.at(-1)!).msg).toMatch(/^stopped: drained and closed in \d+\.\d s; exit 0$/);
      expect(stderr).toContain(`> music-aggregator@0.1.0 ${script}`);
    } finally {
      if (npm.exitCode === null) npm.kill("SIGKILL");
      for (const pid of started) if (alive(pid)) process.kill(pid, "SIGKILL");
    }
  }, 90_000);
});
