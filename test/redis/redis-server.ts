/**
 * A private `redis-server` for one test file, on a free port, so that tests can kill, stop
 * and restart it without touching the machine's Redis. Skipped (with a notice) when
 * `redis-server` is not installed; CI installs it.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createConnection } from "node:net";
import { freePort } from "../support/main-process.ts";

export const HAVE_REDIS_SERVER = spawnSync("redis-server", ["--version"]).status === 0;
if (!HAVE_REDIS_SERVER) console.warn("[test/redis] SKIPPED: redis-server is not installed");

export interface PrivateRedis {
  port: number;
  url: string;
  /** kills the server (SIGKILL): connections drop at once */
  kill(): Promise<void>;
  /** starts it again on the same port, empty */
  restart(): Promise<void>;
  /** freezes it (SIGSTOP): connections stay open and nothing answers */
  pause(): void;
  resume(): void;
  /** always call in afterAll */
  stop(): Promise<void>;
}

/** `args`: more redis-server options, e.g. `["--requirepass", "secret"]`. */
export async function startPrivateRedis(args: string[] = []): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--daemonize", "no", ...args], { stdio: "ignore" });
    await waitForPing(port);
  };
  const kill = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGCONT");
    running.kill("SIGKILL");
    await exited;
  };
  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    kill,
    restart: start,
    pause: () => void child?.kill("SIGSTOP"),
    resume: () => void child?.kill("SIGCONT"),
    stop: kill,
  };
}

/** Resolves once the server answers PING (within 5 s). */
async function waitForPing(port: number): Promise<void> {
  const until = Date.now() + 5000;
  while (Date.now() < until) {
    const pong = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: "127.0.0.1", port }, () => socket.write("PING\r\n"));
      socket.once("data", (data) => (socket.destroy(), resolve(/^(\+PONG|-NOAUTH)/.test(data.toString()))));
      socket.once("error", () => resolve(false));
      socket.setTimeout(300, () => (socket.destroy(), resolve(false)));
    });
    if (pong) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`redis-server on port ${port} did not answer within 5 s`);
}
