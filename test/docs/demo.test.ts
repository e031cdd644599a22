/**
 * Demo mode as `npm run demo` starts it (its entry, in a child process of its own so its exit
 * code is its own, not npm's) on a free port, with no network. A search across every source
 * answers from all five simulators with no failure, a song's address is playable audio from
 * the demo CDN, and SIGTERM stops everything with exit 0.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT, freePort } from "../support/main-process.ts";

const UA = { "user-agent": "music-aggregator-demo-test/1.0" };
let child: ReturnType<typeof spawn>;
let output = "";
let base = "";
let exited: Promise<number | null>;

beforeAll(async () => {
  const port = await freePort();
  child = spawn(process.execPath, ["--import", "tsx", "server/demo.ts"], { cwd: PROJECT_ROOT, env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_FORMAT: "pretty" }, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  exited = new Promise((resolve) => child.once("exit", (code) => resolve(code)));
  const deadline = Date.now() + 15_000;
  while (!output.includes("playground:")) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the demo did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  base = `http://127.0.0.1:${port}`;
}, 20_000);

afterAll(async () => {
  if (child?.exitCode === null) child.kill("SIGKILL");
});

describe("npm run demo", () => {
  it("is the script that runs server/demo.ts", () => {
    expect(JSON.parse(readFileSync(`${PROJECT_ROOT}/package.json`, "utf8")).scripts.demo).toBe("tsx server/demo.ts");
  });

  it("prints the addresses of the status page, the docs and the playground on PORT", () => {
    expect(output).toContain(`listening on ${base}/`);
    for (const page of ["/", "/docs", "/playground"]) expect(output).toContain(`${base}${page}\n`);
  });

  it("answers a search across all sources from every source, none failed", async () => {
    const answer = await (await fetch(`${base}/v1/search?origin=demo-test&source=all&q=paper&size=50`, { headers: UA })).json();
    expect(answer).toMatchObject({ code: 0, source: "all", data: { failed: [] } });
    const sources = new Set(answer.data.list.map((song: { source: string }) => song.source));
    expect([...sources].sort()).toEqual(["source_a", "source_b", "source_c", "source_d", "source_e"]);
  });

  it("gives addresses on the demo CDN that serve audio", async () => {
    const answer = await (await fetch(`${base}/v1/song/url?origin=demo-test&source=source_a&id=9100001`, { headers: UA })).json();
    expect(answer.code).toBe(0);
    const audio = await fetch(answer.data.url);
    expect(audio.headers.get("content-type")).toBe("audio/wav");
    expect(new TextDecoder().decode((await audio.arrayBuffer()).slice(0, 4))).toBe("RIFF");
  });

  it("stops on SIGTERM with exit 0", async () => {
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(output).toContain("SIGTERM: closing");
  });
});
