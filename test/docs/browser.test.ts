/**
 * The docs and the playground in a real browser (Debian's Chromium through playwright-core),
 * against the real service wired as demo mode. The playground page comes from the service at
 * 127.0.0.1 and is told by `?api=` to use the API at localhost (another origin): it works by
 * JSONP alone, plays real audio with the lyrics following, and nothing leaves this machine.
 */
import type { Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, type LaunchedBrowser } from "../support/browser.ts";
import { startDemoApp, type DemoApp } from "../support/demo-app.ts";

const chromium = await launchChromium("test/docs/browser.test.ts (the playground and /docs in a browser)");

describe.skipIf(!chromium)("in Chromium", () => {
  let demo: DemoApp;
  let browser: LaunchedBrowser;
  beforeAll(async () => {
    browser = chromium!;
    demo = await startDemoApp();
  }, 30_000);
  afterAll(async () => {
    await browser?.close();
    await demo?.close();
  });

  /** A page whose requests are recorded; any request off this machine is refused and recorded too. */
  async function openPage(path: string) {
    const page = await browser.context.newPage();
    const requests: Request[] = [];
    const offMachine: string[] = [];
    const problems: string[] = [];
    page.on("request", (request) => void requests.push(request));
    page.on("pageerror", (error) => void problems.push(`page error: ${error.message}`));
    page.on("console", (message) => {
      if (/Content.Security.Policy|CSP violation/i.test(message.text())) problems.push(`CSP: ${message.text()}`);
    });
    // Every violation of the page's policy, whether or not the browser logs it.
    await page.addInitScript(() =>
      document.addEventListener("securitypolicyviolation", (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`)),
    );
    await page.route("**/*", (route) => {
      const { hostname } = new URL(route.request().url());
      if (hostname === "127.0.0.1" || hostname === "localhost" || route.request().url().startsWith("data:")) return route.continue();
      offMachine.push(route.request().url());
      return route.abort();
    });
    await page.goto(demo.app.url + path);
    return { page, requests, offMachine, problems };
  }

  const audioState = (page: Page) => page.evaluate(() => {
    const audio = document.querySelector("audio")!;
    return { src: audio.currentSrc, paused: audio.paused, time: audio.currentTime };
  });

  it("the playground: search, play with lyrics following, open album, artist, playlist and chart, all by JSONP", async () => {
    const api = demo.app.url.replace("127.0.0.1", "localhost");
    const { page, requests, offMachine, problems } = await openPage(`/playground?api=${encodeURIComponent(api)}`);
    await expect.poll(() => page.locator("#api-state").textContent()).toContain("running");
    for (const id of ["source_a", "source_b", "source_c", "source_d", "source_e"]) await expect.poll(() => page.getByRole("rowheader", { name: id }).count()).toBe(1);

    // Search across every source.
    await page.getByRole("searchbox", { name: "Search" }).fill("paper");
    await page.getByRole("searchbox", { name: "Search" }).press("Enter");
    await expect.poll(() => page.locator("#search-state").textContent()).toMatch(/^\d+ of \d+ songs/);
    const rows = page.locator("#results > li");
    const count = await rows.count();
    expect(count).toBeGreaterThan(5);
    for (let i = 0; i < count; i++) expect(await rows.nth(i).getByRole("button", { name: /^Play/ }).count(), `row ${i}`).toBe(1);
    const listed = await page.locator("#results .song-meta").allTextContents();
    for (const id of ["source_a", "source_b", "source_c", "source_d", "source_e"]) expect(listed.some((text) => text.endsWith(id)), id).toBe(true);

    // Play: a real address on the demo CDN, playing; the lyrics' marked line moves with it.
    await page.getByRole("button", { name: "Play Paper Lanterns by Marlow Vane" }).click();
    await expect.poll(() => audioState(page).then((a) => a.time), { timeout: 10_000 }).toBeGreaterThan(1);
    const playing = await audioState(page);
    expect(playing.paused).toBe(false);
    expect(playing.src).toBe(`${demo.upstreams.urls.cdn}/audio/source_a/9100001.wav`);
    await expect.poll(() => page.locator("#player-state").textContent()).toContain("Preview clip");
    const current = page.locator('#lyrics li[aria-current="true"]');
    await expect.poll(() => current.textContent(), { timeout: 10_000 }).toMatch(/Paper Lanterns/);
    const first = await current.textContent();
    await expect.poll(() => current.textContent(), { timeout: 10_000 }).not.toBe(first);
    // Beside the preview, the song's page on its source.
    const onSource = page.locator("#now-playing").getByRole("link", { name: "on Deezer" });
    await expect.poll(() => onSource.getAttribute("href")).toBe("https://www.deezer.com/track/9100001");
    expect(await onSource.getAttribute("rel")).toBe("noopener noreferrer");

    // A result's artist, by the artistId its source gives.
    await page.locator("#results").getByRole("button", { name: "Artist Marlow Vane" }).first().click();
    await expect.poll(() => page.locator("#detail-title").textContent()).toBe("Artist: Marlow Vane");
    expect(await page.locator("#detail").getByRole("link", { name: "on Deezer" }).getAttribute("href")).toBe("https://www.deezer.com/artist/4001");

    // Open an album from a result, an artist, a playlist and a chart.
    await page.getByRole("button", { name: "Album Tidal Lines" }).first().click();
    await expect.poll(() => page.locator("#detail-title").textContent()).toBe("Album: Tidal Lines");
    const openById = async (kind: string, source: string, id: string) => {
      await page.getByLabel("Open", { exact: true }).selectOption(kind);
      await page.getByLabel("of", { exact: true }).selectOption(source);
      await page.getByLabel("id", { exact: true }).fill(id);
      await page.getByRole("button", { name: "Open", exact: true }).click();
    };
    await openById("artist", "source_a", "4003");
    await expect.poll(() => page.locator("#detail-title").textContent()).toBe("Artist: Ines Okafor");
    await openById("song", "source_a", "9100002");
    await expect.poll(() => page.locator("#detail-title").textContent()).toBe("Song: Salt Air (feat. Ines Okafor)");
    expect(await page.locator("#detail").getByRole("link", { name: "on Deezer" }).getAttribute("href")).toBe("https://www.deezer.com/track/9100002");
    // Two credited artists: a button each, by name.
    await page.locator("#detail").getByRole("button", { name: "Artist Ines Okafor" }).click();
    await expect.poll(() => page.locator("#detail-title").textContent()).toBe("Artist: Ines Okafor");
    await openById("playlist", "source_a", "5550001");
    await expect.poll(() => page.locator("#detail-title").textContent()).toBe("Playlist: Harbour Lights");
    await page.locator("#detail").getByRole("button", { name: /^Play Salt Air/ }).click();
    await expect.poll(() => page.locator("#player-state").textContent()).toContain("from the playlist answer");
    await expect.poll(() => audioState(page).then((a) => a.src)).toBe(`${demo.upstreams.urls.cdn}/audio/source_a/9100002.wav`);
    await page.getByRole("button", { name: "Charts of source_a" }).click();
    await page.getByRole("button", { name: "Open chart All" }).click();
    await expect.poll(() => page.locator("#detail-title").textContent()).toBe("Chart: All");

    // A VIP song has no public address: the API's 3002, said as it is.
    await page.getByRole("button", { name: /^Play Paper Satellites/ }).click();
    await expect.poll(() => page.locator("#player-state").textContent()).toContain("code 3002");

    // Every API call was a script from the ?api= origin: no fetch, no XHR, nothing to the page's own /v1.
    const calls = requests.filter((r) => new URL(r.url()).pathname.startsWith("/v1/"));
    expect(calls.length).toBeGreaterThan(10);
    for (const call of calls) expect([new URL(call.url()).origin, call.resourceType()], call.url()).toEqual([api, "script"]);
    expect(requests.filter((r) => ["fetch", "xhr", "eventsource", "websocket"].includes(r.resourceType())).map((r) => r.url())).toEqual([]);
    // Covers live on the upstreams' CDNs: the only requests that would leave the machine.
    expect(offMachine.filter((url) => !/\.(jpe?g|png|webp)(\?|$)|usercontent\.jamendo\.com|tidewater-content/.test(url))).toEqual([]);
    expect(problems).toEqual([]);
  }, 60_000);

  it("/docs works offline: every operation shown, Try it out answers, nothing from a CDN", async () => {
    const { page, offMachine, problems } = await openPage("/docs");
    const doc = await (await demo.app.get("/openapi.json")).json();
    const operations = Object.values<Record<string, unknown>>(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0);
    await expect.poll(() => page.locator(".opblock").count()).toBe(operations);
    const status = page.locator("#operations-service-status");
    await status.locator(".opblock-summary").first().click();
    await status.getByRole("button", { name: "Try it out" }).click();
    await status.getByRole("button", { name: "Execute" }).click();
    await expect.poll(() => status.locator(".live-responses-table tbody .response-col_status").first().textContent()).toBe("200");
    expect(await status.locator(".live-responses-table tbody .response-col_description").first().textContent()).toContain('"version": "0.1.0"');
    expect(offMachine).toEqual([]);
    expect(problems).toEqual([]);
  }, 30_000);
});
