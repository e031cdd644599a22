/**
 * Demo mode as `npm run demo` starts it (its entry, in a child process of its own so its exit
 * code is its own, not npm's) on a free port, with no network. It names the config it runs; a
 * search across every source answers from all five simulators with no failure; covers and
 * songs' addresses are images and playable audio from the demo CDN; and SIGTERM stops
 * everything with exit 0.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT, freePort } from "../support/main-process.ts";

const UA = { "user-agent": "music-aggregator-demo-test/1.0" };
let child: ReturnType<typeof spawn>;
let output = "";
let base = "";
let exited: Promise<number | null>;

beforeAll(async () => {
  const port = await freePort();
  child = spawn(process.execPath, ["--import", "tsx", "examples/demo/main.ts"], { cwd: PROJECT_ROOT, env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_FORMAT: "pretty" }, stdio: ["ignore", "pipe", "pipe"] });
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
  it("is the script that runs examples/demo/main.ts", () => {
    expect(JSON.parse(readFileSync(`${PROJECT_ROOT}/package.json`, "utf8")).scripts.demo).toBe("exec node --import tsx examples/demo/main.ts");
  });

  it("prints the config it runs and the addresses of the landing page, the reference and the playground on PORT", () => {
    expect(output).toContain(
      `listening on ${base}/ (demo config: source_a deezer, source_b itunes, source_c audius, source_d archive, source_e jamendo, lyrics lrclib, share baidu, each on a local simulator)\n`,
    );
    expect(output).not.toContain("embedded defaults");
    for (const page of ["/", "/docs", "/playground"]) expect(output).toContain(`${base}${page}\n`);
  });

  it("answers a search across all sources from every source, none failed", async () => {
    const answer = await (await fetch(`${base}/v1/search?origin=demo-test&source=all&q=paper&size=50`, { headers: UA })).json();
    expect(answer).toMatchObject({ code: 0, source: "all", data: { failed: [] } });
    // Each source's songs are entries, or another source's entry's copies.
    type Entry = { source: string; alternatives: { source: string }[] };
    const sources = new Set(answer.data.list.flatMap((song: Entry) => [song.source, ...song.alternatives.map((alt) => alt.source)]));
    expect([...sources].sort()).toEqual(["source_a", "source_b", "source_c", "source_d", "source_e"]);
  });

  it("gives addresses on the demo CDN that serve audio", async () => {
    const answer = await (await fetch(`${base}/v1/song/url?origin=demo-test&source=source_a&id=9100001`, { headers: UA })).json();
    expect(answer.code).toBe(0);
    const audio = await fetch(answer.data.url);
    expect(audio.headers.get("content-type")).toBe("audio/wav");
    expect(new TextDecoder().decode((await audio.arrayBuffer()).slice(0, 4))).toBe("RIFF");
  });

  it("gives every cover, avatar and address on the demo's own server, covers that are images", async () => {
    const get = async (path: string) => {
      const answer = await (await fetch(`${base}${path}${path.includes("?") ? "&" : "?"}origin=demo-test`, { headers: UA })).json();
      expect(answer.code, `${path}: ${answer.message}`).toBe(0);
      return answer.data;
    };
    const answers = [
      await get("/v1/search?source=all&q=paper&size=50"),
      await get("/v1/album?source=source_a&id=7002"),
      await get("/v1/artist?source=source_a&id=4003"),
      await get("/v1/playlist?source=source_c&id=mN3bV&with_url=1"),
      await get("/v1/rank?source=source_e"),
      await get("/v1/song?source=source_e&id=1630002"),
    ];
    // every http(s) address anywhere in the answers, by field
    const addresses: [string, string][] = [];
    const walk = (value: unknown, key = ""): void => {
      if (typeof value === "string" && /^https?:/.test(value)) addresses.push([key, value]);
      else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(v, Array.isArray(value) ? key : k);
    };
    walk(answers);
    // Pictures and audio; other addresses (Jamendo's licence, say) are links to pages, which nothing loads.
    const media = addresses.filter(([key]) => ["avatar", "cover", "url"].includes(key));
    expect(new Set(media.map(([key]) => key))).toEqual(new Set(["avatar", "cover", "url"]));
    expect(media.length).toBeGreaterThan(30);
    const cdn = /^http:\/\/127\.0\.0\.1:\d+\/(cover\/source_[a-e]\/[0-9a-f]+\.svg|audio\/source_[a-e]\/[^/]+\.wav)$/;
    expect(media.filter(([, url]) => !cdn.test(url))).toEqual([]);
    expect(new Set(media.filter(([key]) => key === "cover").map(([, url]) => url.split("/")[4]))).toEqual(new Set(["source_a", "source_b", "source_c", "source_d", "source_e"]));
    const cover = await fetch(media.find(([key]) => key === "cover")![1]);
    expect([cover.status, cover.headers.get("content-type")]).toEqual([200, "image/svg+xml"]);
    expect(await cover.text()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="300" height="300"/);
  });

  it("stops on SIGTERM with exit 0", async () => {
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(output).toContain("SIGTERM: closing");
  });
});

describe("npm run demo with an operator's MUSIC_CONFIG", () => {
  it("lays that config over the demo's own: the demo sources stay, the operator's keys take effect, and the start line names both", async () => {
    const dir = mkdtempSync(join(tmpdir(), "demo-config-"));
    const file = join(dir, "music.config.json");
    writeFileSync(file, JSON.stringify({ disable: ["source_b"], notice: "an operator's own notice" }));
    const port = await freePort();
    const demo = spawn(process.execPath, ["--import", "tsx", "examples/demo/main.ts"], { cwd: PROJECT_ROOT, env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", LOG_FORMAT: "pretty", MUSIC_CONFIG: file }, stdio: ["ignore", "pipe", "pipe"] });
    let said = "";
    demo.stdout!.on("data", (d) => (said += d));
    demo.stderr!.on("data", (d) => (said += d));
    try {
      const until = Date.now() + 15_000;
      while (!said.includes("playground:")) {
        if (demo.exitCode !== null || Date.now() > until) throw new Error(`the demo did not start:\n${said}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(said).toContain(`, with ${file} over it)`);
      const get = async (path: string) => (await fetch(`http://127.0.0.1:${port}${path}`, { headers: UA })).json();
      expect((await get("/v1/source?origin=demo-test")).data).toMatchObject({ disable: ["source_b"], capability: { source_a: { search: true }, source_e: { search: true } } });
      expect((await get("/v1/status?origin=demo-test")).data.notice).toBe("an operator's own notice");
    } finally {
      demo.kill("SIGTERM");
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
