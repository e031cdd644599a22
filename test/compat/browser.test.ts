/**
 * Existing players, unchanged (issue 43): the real `meting` and `aplayer` packages from npm in
 * Debian's Chromium. `npm run demo` runs with an operator's MUSIC_CONFIG that lists one site in
 * `compat.meting.origins`; that site is a second small server on another port whose page holds
 * a `<meting-js>` pointed at the service's `/meting`. From the listed origin the page loads a
 * demo playlist, shows every track with its cover, plays the first and shows its lyrics; the
 * same page from an origin not listed gets no data, and the service's log says why. `/embed`
 * renders and plays at 390 and 1280 px with every request on this machine's own host.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join } from "node:path";
import type { Page, Request, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../support/browser.ts";
import { PROJECT_ROOT, freePort, startMainProcess, type MainProcess } from "../support/main-process.ts";

const ARTIFACTS = join(PROJECT_ROOT, "test-results", "compat");
mkdirSync(ARTIFACTS, { recursive: true });
const UA = { "user-agent": "music-aggregator-tests/1.0" };
/** The site's copies of the players, as a blog serves them: the installed npm packages' files. */
const FILES: Record<string, [string, string]> = {
  "/APlayer.min.css": ["node_modules/aplayer/dist/APlayer.min.css", "text/css"],
  "/APlayer.min.js": ["node_modules/aplayer/dist/APlayer.min.js", "text/javascript"],
  "/Meting.min.js": ["node_modules/meting/dist/Meting.min.js", "text/javascript"],
};

const chromium = await launchChromium("test/compat/browser.test.ts (MetingJS and APlayer against /meting and /embed)");

describe.skipIf(!chromium)("MetingJS and APlayer in Chromium", () => {
  const browser = chromium!;
  let demo: MainProcess;
  let site: Server;
  let sitePort: number;

  beforeAll(async () => {
    sitePort = await freePort();
    demo = startMainProcess({ entry: "examples/demo/main.ts", config: { compat: { meting: { origins: [`http://127.0.0.1:${sitePort}`] } } } });
    await demo.ready;
    // The blog: its page, and the players' files.
    site = createServer((req, res) => {
      const file = FILES[req.url ?? ""];
      if (file) return res.writeHead(200, { "content-type": file[1] }).end(readFileSync(join(PROJECT_ROOT, file[0])));
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(`<!DOCTYPE html><html><head><meta charset="utf-8"><title>A blog</title>
<link rel="stylesheet" href="/APlayer.min.css"><script src="/APlayer.min.js"></script><script src="/Meting.min.js"></script></head>
<body><h1>My favourite songs</h1>
<meting-js server="deezer" type="playlist" id="5550001" api="${demo.url}/meting?server=:server&type=:type&id=:id&r=:r"></meting-js>
</body></html>`);
    });
    await new Promise<void>((resolve) => site.listen(sitePort, "127.0.0.1", resolve));
  }, 30_000);
  afterAll(async () => {
    await browser.close();
    await new Promise((resolve) => site?.close(resolve));
    await demo?.stop();
  });

  /** A page whose requests and answers are recorded; any request off this machine's own host is refused, and recorded. */
  async function openPage(url: string, width = 1280) {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width, height: 800 });
    const requests: Request[] = [];
    const answers: Response[] = [];
    const failed: string[] = [];
    const elsewhere: string[] = [];
    page.on("request", (r) => void requests.push(r));
    page.on("response", (r) => void answers.push(r));
    page.on("requestfailed", (r) => void failed.push(r.url()));
    // Script errors, and every violation of the page's policy, whether or not the browser logs it.
    const problems: string[] = [];
    page.on("pageerror", (error) => void problems.push(`page error: ${error.message}`));
    // APlayer's bundle (webpack's) finds the global object with `Function("return this")` in a
    // try, and takes `window` when the policy refuses it, as the policy should: that one is no problem.
    page.on("console", (message) => void (/CSP violation/.test(message.text()) && message.text() !== "CSP violation: script-src eval" && problems.push(message.text())));
    await page.addInitScript(() => document.addEventListener("securitypolicyviolation", (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`)));
    await page.route("**/*", (route) => {
      const { hostname } = new URL(route.request().url());
      if (hostname === "127.0.0.1" || hostname === "localhost" || route.request().url().startsWith("data:")) return route.continue();
      elsewhere.push(route.request().url());
      return route.abort();
    });
    await page.goto(url);
    return { page, requests, answers, failed, elsewhere, problems };
  }

  const player = (page: Page) =>
    page.evaluate(() => {
      const aplayer = (document.querySelector("meting-js") as unknown as { aplayer: { audio: HTMLAudioElement; list: { audios: { name: string; cover: string; url: string }[] } } }).aplayer;
      return { src: aplayer.audio.src, time: aplayer.audio.currentTime, paused: aplayer.audio.paused, audios: aplayer.list.audios };
    });

  /** The demo playlist as `/v1` tells it. */
  const playlist = async () => (await (await fetch(`${demo.url}/v1/playlist?origin=compat-test&source=source_a&id=5550001&size=100`, { headers: UA })).json()).data;

  it("a page of a listed site: the playlist loads through /meting, every track with its cover; the first plays with its lyrics", async () => {
    const { page, answers, problems } = await openPage(`http://127.0.0.1:${sitePort}/`);
    const expected = await playlist();
    await expect.poll(() => page.locator(".aplayer-list li").count(), { timeout: 10_000 }).toBe(expected.song.length);
    expect(await page.locator(".aplayer-list-title").allTextContents()).toEqual(expected.song.map((s: { name: string }) => s.name));
    // The list came from /meting, read cross-origin with the header the config allows.
    const list = answers.find((a) => a.url().startsWith(`${demo.url}/meting?server=deezer&type=playlist`))!;
    expect([list.status(), await list.headerValue("access-control-allow-origin"), await list.headerValue("vary")]).toEqual([200, `http://127.0.0.1:${sitePort}`, "origin, accept-encoding"]);
    // Every track's cover is a picture the browser draws; the player shows the first one's.
    const { audios } = await player(page);
    const widths = await page.evaluate(
      (covers) =>
        Promise.all(
          covers.map((src) => new Promise<number>((resolve) => {
            const img = new Image();
            img.onload = () => resolve(img.naturalWidth);
            img.onerror = () => resolve(0);
            img.src = src;
          })),
        ),
      audios.map((a) => a.cover),
    );
    expect(widths).toEqual(audios.map(() => 300));
    expect(await page.locator(".aplayer-pic").evaluate((el) => (el as HTMLElement).style.backgroundImage)).toContain(audios[0].cover);

    // Play: the <audio> gets the first song's /meting address, which answers audio, and plays.
    await page.locator(".aplayer-pic").click();
    await expect.poll(() => player(page).then((p) => p.time), { timeout: 10_000 }).toBeGreaterThan(1);
    const playing = await player(page);
    expect([playing.src, playing.paused]).toEqual([`${demo.url}/meting?server=source_a&type=url&id=9100001`, false]);
    // It redirects to the song's legal address: a full-length copy elsewhere before Deezer's preview.
    const audio = await fetch(playing.src, { headers: UA });
    const legal = (await (await fetch(`${demo.url}/v1/song/url?source=source_a&id=9100001&fallback=1&origin=t`, { headers: UA })).json()).data;
    expect(legal.preview).toBe(false);
    expect([audio.status, audio.headers.get("content-type"), audio.url]).toEqual([200, "audio/wav", legal.url]);
    // Its lyrics, the marked line following the audio.
    const current = page.locator(".aplayer-lrc-current");
    await expect.poll(() => current.textContent(), { timeout: 10_000 }).toMatch(/Paper Lanterns/);
    const first = await current.textContent();
    await expect.poll(() => current.textContent(), { timeout: 10_000 }).not.toBe(first);
    await page.screenshot({ path: join(ARTIFACTS, "meting-listed-site.png") });
    expect(problems).toEqual([]);
  }, 60_000);

  it("the same page from an origin not listed: no data (CORS refuses it), and the service's log says why", async () => {
    const { page, failed } = await openPage(`http://localhost:${sitePort}/`);
    await expect.poll(() => demo.output()).toContain(`/meting: refused a cross-origin read from "http://localhost:${sitePort}": that origin is not in config compat.meting.origins`);
    // The service answered 403 without CORS headers: the browser let the page read nothing.
    expect(demo.output()).toMatch(/GET \/meting 403 code=403 /);
    await expect.poll(() => failed).toEqual([expect.stringMatching(new RegExp(`^${demo.url}/meting\\?server=deezer&type=playlist&id=5550001&r=`))]);
    await page.waitForTimeout(500);
    expect(await page.locator(".aplayer").count()).toBe(0);
  }, 30_000);

  for (const width of [390, 1280]) {
    it(`/embed at ${width} px: renders the playlist with its source named, plays, and asks nothing of another host`, async () => {
      const { page, requests, elsewhere, problems } = await openPage(`${demo.url}/embed?source=deezer&type=playlist&id=5550001`, width);
      const expected = await playlist();
      await expect.poll(() => page.locator(".aplayer-list li").count(), { timeout: 10_000 }).toBe(expected.song.length);
      expect(await page.locator(".via").textContent()).toBe("Harbour Lights · via Deezer");
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
      await page.locator(".aplayer-pic").click();
      await expect.poll(() => player(page).then((p) => p.time), { timeout: 10_000 }).toBeGreaterThan(1);
      await expect.poll(() => page.locator(".aplayer-lrc-current").textContent(), { timeout: 10_000 }).toMatch(/Paper Lanterns/);
      await page.screenshot({ path: join(ARTIFACTS, `embed-${width}.png`) });
      expect(elsewhere).toEqual([]);
      expect(problems).toEqual([]);
      expect(new Set(requests.map((r) => new URL(r.url()).hostname))).toEqual(new Set(["127.0.0.1"]));
      // APlayer and MetingJS came from this service (no CDN), and the player talked to its /meting.
      const paths = requests.map((r) => new URL(r.url()).pathname);
      expect(paths).toEqual(expect.arrayContaining(["/assets/APlayer.min.js", "/assets/Meting.min.js", "/assets/APlayer.min.css", "/meting"]));
    }, 30_000);
  }

  it("the playground links the open playlist to its /embed", async () => {
    const { page } = await openPage(`${demo.url}/playground`);
    await page.getByLabel("Open", { exact: true }).selectOption("playlist");
    await page.getByLabel("id", { exact: true }).fill("5550001");
    await page.getByRole("button", { name: "Open", exact: true }).click();
    const link = page.getByRole("link", { name: "Embed this playlist" });
    await expect.poll(() => link.getAttribute("href")).toBe(`${demo.url}/embed?source=source_a&type=playlist&id=5550001`);
  }, 30_000);
});
