/**
 * nginx as a process of a test's own: a main config written to a temporary directory (pid,
 * logs, temporary files and the cache all inside it), loopback ports only, started with
 * `nginx -p DIR -c nginx.conf -g 'daemon off;'` and killed when the test ends. Skipped (with a
 * notice) where nginx is not installed; CI installs Debian's `nginx`.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createConnection } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./main-process.ts";

const NGINX = ["/usr/sbin/nginx", "nginx"].find((bin) => spawnSync(bin, ["-v"]).status === 0);
export const HAVE_NGINX = NGINX !== undefined;
if (!HAVE_NGINX) console.warn("[test/e2e/nginx] SKIPPED: nginx is not installed");

export interface NginxProcess {
  port: number;
  url: string;
  dir: string;
  /** what nginx wrote to stderr and its error log */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts nginx with `site` (a file of `http`-level directives, as in conf.d) after replacing,
 * in its text, each key of `replacements` (given the temporary directory) by its value; each
 * key must occur exactly once, so that a change of the file cannot silently leave a production
 * address or path in the test. `listen` is the site's listen directive, replaced by a free
 * loopback port.
 */
export async function startNginx(site: string, listen: string, replacements: (dir: string) => Record<string, string>): Promise<NginxProcess> {
  if (!NGINX) throw new Error("nginx is not installed");
  const dir = mkdtempSync(join(tmpdir(), "music-nginx-"));
  const port = await freePort();
  let text = readFileSync(site, "utf8");
  for (const [from, to] of Object.entries({ ...replacements(dir), [listen]: `listen 127.0.0.1:${port};` })) {
    const count = text.split(from).length - 1;
    if (count !== 1) throw new Error(`${site}: expected "${from}" once, found it ${count} times`);
    text = text.replace(from, to);
  }
  writeFileSync(join(dir, "site.conf"), text);
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((kind) => `  ${kind}_temp_path ${join(dir, kind)};`).join("\n");
  writeFileSync(
    join(dir, "nginx.conf"),
    [
      // As root, nginx would run its worker as nobody, who cannot write to this directory.
      process.getuid?.() === 0 ? "user root;" : "",
      "worker_processes 1;",
      `pid ${join(dir, "nginx.pid")};`,
      `error_log ${join(dir, "error.log")} warn;`,
      "events { worker_connections 512; }",
      "http {",
      `  access_log ${join(dir, "access.log")};`,
      temp,
      "  include site.conf;",
      "}",
      "",
    ].join("\n"),
  );
  const child: ChildProcess = spawn(NGINX, ["-p", dir, "-c", "nginx.conf", "-g", "daemon off;"], { stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr += d));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const output = () => {
    let log = "";
    try {
      log = readFileSync(join(dir, "error.log"), "utf8");
    } catch {
      // not written yet
    }
    return stderr + log;
  };
  await waitForPort(port, exited, output);
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    dir,
    output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // TERM: the master stops its worker too (a killed master would leave it listening).
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Resolves once something accepts connections on `port` (within 5 s); rejects if nginx exits first. */
async function waitForPort(port: number, exited: Promise<void>, output: () => string): Promise<void> {
  let gone = false;
  void exited.then(() => (gone = true));
  const until = Date.now() + 5000;
  while (Date.now() < until && !gone) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: "127.0.0.1", port }, () => (socket.destroy(), resolve(true)));
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nginx did not listen on ${port}:\n${output()}`);
}
