/**
 * Child processes of the bench: each server under test runs in its own node process, so its
 * resident memory is its own and the load generator does not share its event loop. A child runs
 * as `npm start` runs the service: compiled JavaScript on plain node (`npm run bench` builds the
 * children into dist/ first, `build.mjs --bench`); without that build, through tsx. Under tsx
 * about one service process in three ran its whole life some 15 % slower than the others
 * (docs/performance.md), which compiled processes do not.
 * Parent and child talk over the IPC channel: the child announces `ready`, then answers
 * commands. A child exits by itself when the parent goes away.
 */
import { execFileSync, fork, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { pinHelper, pinServer } from "./cpu.ts";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

export interface ChildHandle<Ready> {
  ready: Ready;
  pid: number;
  call<T = unknown>(cmd: string, args?: unknown): Promise<T>;
  stop(): Promise<void>;
}

interface Reply {
  id?: number;
  ready?: unknown;
  result?: unknown;
  error?: string;
}

export interface ChildOptions {
  /** extra node flags, e.g. `--cpu-prof` */
  nodeFlags?: string[];
  /** a server under test gets the server core to itself; a helper (the simulators) stays off it */
  role?: "server" | "helper";
}

/** Compiles the children and what they import into dist/ (`build.mjs --bench`), as `npm start` compiles the service. */
export function buildChildren(): void {
  execFileSync(process.execPath, [fileURLToPath(new URL("../../../server/process/build.mjs", import.meta.url)), "--bench"], { stdio: "inherit" });
}

/** Forks `children/<name>.ts` with `env` and waits for its ready message. */
export function startChild<Ready>(name: string, env: Record<string, string> = {}, { nodeFlags = [], role = "server" }: ChildOptions = {}): Promise<ChildHandle<Ready>> {
  const compiled = `${ROOT}dist/test/bench/children/${name}.js`;
  const script = existsSync(compiled) ? compiled : fileURLToPath(new URL(`../children/${name}.ts`, import.meta.url));
  const child: ChildProcess = fork(script, [], {
    cwd: ROOT,
    execArgv: [...(script === compiled ? [] : ["--import", "tsx"]), "--expose-gc", ...nodeFlags],
    env: { ...process.env, ...env },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  let nextId = 0;
  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      for (const p of pending.values()) p.reject(new Error(`${name}: ${why}`));
      pending.clear();
      reject(new Error(`${name}: ${why}`));
    };
    child.on("exit", (code, signal) => fail(`exited (${signal ?? code})`));
    child.on("error", (error) => fail(error.message));
    child.on("message", (message: Reply) => {
      if (message.ready !== undefined) {
        if (role === "server") pinServer(child.pid!);
        else pinHelper(child.pid!);
        resolve({
          ready: message.ready as Ready,
          pid: child.pid!,
          call<T>(cmd: string, args?: unknown) {
            const id = ++nextId;
            child.send({ id, cmd, args });
            return new Promise<T>((res, rej) => pending.set(id, { resolve: res as (v: unknown) => void, reject: rej }));
          },
          stop: () =>
            new Promise<void>((res) => {
              if (child.exitCode !== null || child.signalCode !== null) return res();
              child.once("exit", () => res());
              child.kill("SIGTERM");
            }),
        });
        return;
      }
      const waiting = message.id === undefined ? undefined : pending.get(message.id);
      if (!waiting) return;
      pending.delete(message.id!);
      if (message.error) waiting.reject(new Error(`${name}: ${message.error}`));
      else waiting.resolve(message.result);
    });
  });
}

/** In a child: announce `ready` and answer the parent's commands with `handlers`. */
export function serveCommands(ready: unknown, handlers: Record<string, (args: any) => unknown>): void {
  // Exiting through process.exit lets --cpu-prof and friends write their files.
  process.on("disconnect", () => process.exit(0));
  process.on("SIGTERM", () => process.exit(0));
  process.on("message", async (message: { id: number; cmd: string; args?: unknown }) => {
    try {
      const handler = handlers[message.cmd];
      if (!handler) throw new Error(`unknown command ${message.cmd}`);
      process.send!({ id: message.id, result: await handler(message.args) });
    } catch (error) {
      process.send!({ id: message.id, error: error instanceof Error ? error.message : String(error) });
    }
  });
  process.send!({ ready });
}

/** Memory of this process after two full collections (the child runs with --expose-gc). */
export function memoryAfterGc(): NodeJS.MemoryUsage {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
  return process.memoryUsage();
}
