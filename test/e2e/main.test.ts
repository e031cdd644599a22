/** The real entry point: starts on a config file, serves, and drains in-flight requests on SIGTERM. */
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { TEST_UA } from "../support/app.ts";

const root = resolve(import.meta.dirname, "../..");

describe("server/main.ts", () => {
  it("listens on PORT, and on SIGTERM finishes the request in flight, then exits 0", async () => {
    const dir = mkdtempSync(join(tmpdir(), "music-main-"));
    const configFile = join(dir, "music.config.json");
    writeFileSync(
      configFile,
      JSON.stringify({
        plugins: [join(root, "test/fixtures/third-party/source-slow.ts")],
        sources: { source_a: { plugin: "slow", options: { delayMs: 700 } } },
        lyrics: false,
        share: { qrSecret: "main-test-secret" },
      }),
    );
    const port = 20000 + Math.floor(Math.random() * 20000);
    const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
      cwd: root,
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", MUSIC_CONFIG: configFile },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
    try {
      await waitFor(() => output.includes("listening on"), 15_000, () => output);
      expect(output).toContain(`config ${configFile}`);
      const inFlight = fetch(`http://127.0.0.1:${port}/v1/song?origin=t&source=source_a&id=7`, { headers: { "user-agent": TEST_UA } });
      await new Promise((r) => setTimeout(r, 150));
      child.kill("SIGTERM");
      const response = await inFlight;
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ code: 0, data: { name: "slow 7" } });
      expect(await exited).toBe(0);
      expect(output).toContain("SIGTERM: closing");
    } finally {
      child.kill("SIGKILL");
    }
  }, 30_000);

  it("refuses a bad config with a message naming the key, exit 1", async () => {
    const dir = mkdtempSync(join(tmpdir(), "music-main-"));
    writeFileSync(join(dir, "bad.json"), JSON.stringify({ rateLimit: { points: "many" } }));
    const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
      cwd: root,
      env: { ...process.env, PORT: "0", MUSIC_CONFIG: join(dir, "bad.json") },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const code = await new Promise<number | null>((r) => child.once("exit", r));
    expect(code).toBe(1);
    expect(output).toContain("rateLimit.points");
  }, 30_000);
});

async function waitFor(check: () => boolean, ms: number, describe: () => string) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out; output:\n${describe()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
