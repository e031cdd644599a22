/**
 * The real entry point (`server/main.ts`, listhen included) in a child process, for tests of
 * what only the real server does: listening, shutdown, and the node:http layer listhen sets up.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const PROJECT_ROOT = resolve(import.meta.dirname, "../..");

export interface MainProcess {
  child: ChildProcess;
  port: number;
  url: string;
  /** stdout and stderr so far */
  output(): string;
  /** resolves with the exit code */
  exited: Promise<number | null>;
  /** resolves once the service says it listens; rejects with the output if it exits first */
  ready: Promise<void>;
  stop(): Promise<void>;
}

/** Whether `prlimit` (util-linux) is here to start a process with a lower open-file limit. */
export const HAVE_PRLIMIT = process.platform === "linux" && spawnSync("prlimit", ["--version"]).status === 0;

/**
 * Starts `server/main.ts` (or `entry`: `examples/demo/main.ts`, what `npm run demo` runs) with
 * `config` written to a temporary file (none when undefined); `openFiles` starts it with that
 * open-file limit (through `prlimit`, which execs it: the pid is the service's).
 */
export function startMainProcess(options: { config?: object; port?: number; env?: NodeJS.ProcessEnv; cwd?: string; openFiles?: number; entry?: string } = {}): MainProcess {
  // Readable lines, which the tests match; a test of the JSON form asks for LOG_FORMAT=json.
  const env: NodeJS.ProcessEnv = { ...process.env, HOST: "127.0.0.1", LOG_FORMAT: "pretty", ...options.env };
  if (options.config) {
    const file = join(mkdtempSync(join(tmpdir(), "music-main-")), "music.config.json");
    writeFileSync(file, JSON.stringify(options.config));
    env.MUSIC_CONFIG = file;
  }
  const port = options.port ?? 0;
  env.PORT = String(port);
  const command = [process.execPath, "--import", "tsx", join(PROJECT_ROOT, options.entry ?? "server/main.ts")];
  if (options.openFiles !== undefined) command.unshift("prlimit", `--nofile=${options.openFiles}:${options.openFiles}`);
  const child = spawn(command[0], command.slice(1), { cwd: options.cwd ?? PROJECT_ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
  const proc: MainProcess = {
    child,
    port,
    url: "",
    output: () => output,
    exited,
    ready: new Promise<void>((resolveReady, reject) => {
      const timer = setInterval(() => {
        const match = /listening on http:\/\/[^:]+:(\d+)/.exec(output);
        if (match) {
          clearInterval(timer);
          proc.port = Number(match[1]);
          proc.url = `http://127.0.0.1:${proc.port}`;
          resolveReady();
        }
      }, 25);
      void exited.then((code) => {
        clearInterval(timer);
        reject(new Error(`the service exited (${code}) before listening:\n${output}`));
      });
    }),
    async stop() {
      if (child.exitCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
  proc.ready.catch(() => undefined);
  return proc;
}

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}
