/**
 * The docs and the playground in a real browser (Debian's Chromium through playwright-core),
 * against the real service wired as demo mode. The playground page comes from the service at
 * 127.0.0.1 and is told by `?api=` to use the API at localhost (another origin): it works by
 * JSONP alone, shows covers and plays real audio (the lyrics following) from the demo's own
 * server, and nothing leaves this machine.
 */
import type { Page, Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { launchChromium } from "../support/browser.ts";
import { useDemoApp } from "../support/demo-app.ts";
import { freePort } from "../support/main-process.ts";

const chromium = await launchChromium("test/docs/browser.test.ts (the playground and /docs in a browser)");

/** Matching a playlist searches every target for every track: seconds on a loaded host, not one. */
const MATCHING_MS = 20_000;

describe.skipIf(!chromium)("in Chromium", () => {
  const browser = chromium!;
  // The playground is pointed at this instance under another name (localhost), allowed by the config.
  const demo = useDemoApp(browser, async () => {
    const port = await freePort();
    return { port, config: { playground: { apis: [`http://localhost:${port}`] } } };
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
    return { src: audio.currentSrc, paused: audio.paused, time: audio.currentTime, loaded: audio.getAttribute("src"), readyState: audio.readyState };
  });


  it("the playground: search, play with lyrics following, open album, artist, playlist and chart, all by JSONP", async () => {
    const api = demo.app.url.replace("127.0.0.1", "localhost");
    const { page, requests, offMachine, problems } = await openPage(`/playground?api=${encodeURIComponent(api)}`);
    await expect.poll(() => page.locator("#api-state").textContent()).toContain("running");
    for (const id of ["source_a", "source_b", "source_c", "source_d", "source_e"]) await expect.poll(() => page.getByRole("rowheader", { name: id }).count()).toBe(1);
    // Each source named from /v1/source's sources, linked to its upstream, with what it plays and the credit it asks for.
    const deezer = page.getByRole("rowheader", { name: "source_a" });
    expect(await deezer.textContent()).toBe("source_aDeezer · previews");
    expect(await deezer.getByRole("link", { name: "Deezer" }).getAttribute("href")).toBe("https://www.deezer.com");
    expect(await page.getByRole("rowheader", { name: "source_c" }).textContent()).toBe("source_cAudius · full songs");
    expect(await page.locator("#capabilities .attributions").textContent()).toContain("source_b: Provided courtesy of iTunes");
    expect(await page.locator("#search-source option").allTextContents()).toContain("source_e (Jamendo)");

    // Search across every source, for what the box suggests: it finds songs on each.
    const suggested = (await page.getByRole("searchbox", { name: "Search" }).getAttribute("placeholder"))!;
    expect(suggested).toMatch(/^try: \S/);
    await page.getByRole("searchbox", { name: "Search" }).fill(suggested.replace(/^try: /, ""));
    await page.getByRole("searchbox", { name: "Search" }).press("Enter");
    await expect.poll(() => page.locator("#search-state").textContent()).toMatch(/^Songs 1–\d+ of \d+ /);
    const rows = page.locator("#results > li");
    const count = await rows.count();
    expect(count).toBeGreaterThan(5);
    for (let i = 0; i < count; i++) expect(await rows.nth(i).getByRole("button", { name: /^Play/ }).count(), `row ${i}`).toBe(1);
    // Every source has a song there, in an entry of its own or as another copy of one ("also on").
    const listed = [...(await page.locator("#results .song-meta").allTextContents()), ...(await page.locator("#results .also-on").allTextContents())];
    for (const id of ["source_a", "source_b", "source_c", "source_d", "source_e"]) expect(listed.some((text) => text.includes(id)), id).toBe(true);

    // Deezer's copy of a recording, opened from its entry; played: a real address on the demo
    // CDN, playing; the lyrics' marked line moves with it.
    await page.locator("#results").getByRole("button", { name: "Paper Lanterns on source_a" }).click();
    await expect.poll(() => page.locator("#detail-title").textContent()).toBe("Song: Paper Lanterns");
    await page.locator("#detail").getByRole("button", { name: "Play Paper Lanterns by Marlow Vane" }).click();
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

    // A song's artist, by the artistId its source gives.
    await page.locator("#detail").getByRole("button", { name: "Artist Marlow Vane" }).first().click();
    await expect.poll(() => page.locator("#detail-title").textContent()).toBe("Artist: Marlow Vane");
    expect(await page.locator("#detail").getByRole("link", { name: "on Deezer" }).getAttribute("href")).toBe("https://www.deezer.com/artist/4001");

    // Open an album from a result, an artist, a playlist and a chart.
    await page.getByRole("button", { name: "Album Tidal Lines" }).first().click();
    await expect.poll(() => page.locator("#detail-title").textContent()).toBe("Album: Tidal Lines");
    // Its cover: a picture from the demo CDN, drawn.
    const cover = page.locator("#detail img.cover");
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(300);
    expect(await cover.getAttribute("src")).toMatch(new RegExp(`^${demo.upstreams.urls.cdn}/cover/source_a/[0-9a-f]+\\.svg$`));
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

    // A VIP song plays through fallback=1: the same recording from another source, said so.
    await openById("song", "source_c", "dW5pS");
    await expect.poll(() => page.locator("#detail-title").textContent()).toBe("Song: Paper Satellites");
    await page.locator("#detail").getByRole("button", { name: /^Play Paper Satellites/ }).click();
    // (a match asks every source: this client's share of Deezer's budget may make it wait a few seconds)
    await expect.poll(() => page.locator("#player-state").textContent(), { timeout: 15_000 }).toContain("Full song from source_e, the same recording (match confidence 95 %)");
    await expect.poll(() => audioState(page).then((a) => a.src)).toBe(`${demo.upstreams.urls.cdn}/audio/source_e/1714410.wav`);
    // A VIP song no other source has: why it cannot play, and the song before it is gone from the player.
    await openById("song", "source_c", "bY2mQ");
    await expect.poll(() => page.locator("#detail-title").textContent()).toBe("Song: Glass Harbor");
    await page.locator("#detail").getByRole("button", { name: /^Play Glass Harbor/ }).click();
    await expect.poll(() => page.locator("#player-state").textContent(), { timeout: 15_000 }).toContain("Cannot play: code 3002");
    expect(await page.locator("#player-state").textContent()).toContain("no other source has a copy that plays");
    // Unloaded, not only paused: nothing to play (HAVE_NOTHING).
    expect(await audioState(page)).toMatchObject({ loaded: null, readyState: 0, paused: true });
    // The player's own play button then plays nothing (not the song before under this one's title).
    // (with nothing to play, play() settles only once there is: not awaited)
    await page.evaluate(() => void document.querySelector("audio")!.play().catch(() => undefined));
    await new Promise((r) => setTimeout(r, 500));
    expect(await audioState(page)).toMatchObject({ readyState: 0, time: 0 });

    // Every API call was a script from the ?api= origin: no fetch, no XHR, nothing to the page's own /v1.
    const calls = requests.filter((r) => new URL(r.url()).pathname.startsWith("/v1/"));
    expect(calls.length).toBeGreaterThan(10);
    for (const call of calls) expect([new URL(call.url()).origin, call.resourceType()], call.url()).toEqual([api, "script"]);
    expect(requests.filter((r) => ["fetch", "xhr", "eventsource", "websocket"].includes(r.resourceType())).map((r) => r.url())).toEqual([]);
    // Nothing left this machine: every request went to 127.0.0.1 (as localhost for the API's origin),
    // pages, scripts, covers and audio alike; none was refused for going elsewhere.
    expect(offMachine).toEqual([]);
    const hosts = (type: string) => [...new Set(requests.filter((r) => r.resourceType() === type).map((r) => new URL(r.url()).hostname))];
    expect(Object.fromEntries(["document", "script", "stylesheet", "image", "media"].map((type) => [type, hosts(type)]))).toEqual({
      document: ["127.0.0.1"], script: ["127.0.0.1", "localhost"], stylesheet: ["127.0.0.1"], image: ["127.0.0.1"], media: ["127.0.0.1"],
    });
    expect(new Set(requests.map((r) => new URL(r.url()).hostname))).toEqual(new Set(["127.0.0.1", "localhost"]));
    expect(problems).toEqual([]);
  }, 60_000);

  it("the playground's Transfer card: a source's playlist by JSONP with its files' links, a pasted one by POST with its copies and a download", async () => {
    const api = demo.app.url.replace("127.0.0.1", "localhost");
    const onto = async (page: Page, targets: string[]) => {
      for (const box of await page.locator("#transfer-targets input").all()) await box.setChecked(targets.includes((await box.getAttribute("value"))!));
    };
    // A source's playlist, from a page using another instance: JSONP only.
    const other = await openPage(`/playground?api=${encodeURIComponent(api)}`);
    await expect.poll(() => other.page.locator("#transfer-targets input").count()).toBe(5);
    await other.page.getByLabel("Playlist of").selectOption("source_a");
    await other.page.getByLabel("playlist id").fill("5550001");
    await onto(other.page, ["source_c"]);
    await other.page.getByRole("button", { name: "Match" }).click();
    await expect.poll(() => other.page.locator("#transfer-state").textContent(), { timeout: MATCHING_MS }).toMatch(/^Harbour Lights: tracks 1–7 of 7; 1 with a copy on every target, 6 without one/);
    expect(await other.page.locator("#transfer-rows > li").count()).toBe(7);
    expect(await other.page.locator("#transfer-rows .copy").allTextContents()).toEqual(["source_c: Paper Lanterns · Marlow Vane · 4:02 · confidence 0.90 (metadata)", ...Array(6).fill("source_c: no copy")]);
    const m3u = other.page.getByRole("link", { name: "Download M3U8" });
    const href = new URL((await m3u.getAttribute("href"))!);
    expect([href.origin, href.pathname, href.searchParams.get("to"), href.searchParams.get("format")]).toEqual([api, "/v1/playlist/match", "source_c", "m3u8"]);
    const file = await demo.app.get(href.pathname + href.search);
    expect([file.status, (await file.text()).split("\n")[0]]).toEqual([200, "#EXTM3U"]);
    expect(other.requests.filter((r) => ["fetch", "xhr"].includes(r.resourceType()))).toEqual([]);
    expect(other.problems).toEqual([]);

    // A pasted playlist, on the instance's own playground: a POST, the copy with its confidence, a file downloaded.
    const own = await openPage("/playground");
    await expect.poll(() => own.page.locator("#transfer-targets input").count()).toBe(5);
    await own.page.getByLabel(/^or paste one/).fill("Juniper Lane - Paper Kites (3:08)\nNobody Known - Nothing Here (1:00)");
    await onto(own.page, ["source_b"]);
    await own.page.getByRole("button", { name: "Match" }).click();
    await expect.poll(() => own.page.locator("#transfer-state").textContent(), { timeout: MATCHING_MS }).toMatch(/^Imported playlist: tracks 1–2 of 2; 1 with a copy on every target, 1 without one/);
    expect(await own.page.locator("#transfer-rows .copy").allTextContents()).toEqual(["source_b: Paper Kites · Juniper Lane · 3:08 · confidence 0.95 (metadata)", "source_b: no copy"]);
    const [download] = await Promise.all([own.page.waitForEvent("download"), own.page.getByRole("button", { name: "Download JSPF" }).click()]);
    const { readFile } = await import("node:fs/promises");
    const jspf = JSON.parse(await readFile((await download.path())!, "utf8"));
    expect(jspf.playlist.track.map((t: { title: string; location?: string[] }) => [t.title, Boolean(t.location)])).toEqual([["Paper Kites", true], ["Nothing Here", false]]);
    const posts = own.requests.filter((r) => r.method() === "POST");
    expect(posts.map((r) => [new URL(r.url()).pathname, r.resourceType()])).toEqual([["/v1/playlist/match", "fetch"], ["/v1/playlist/match", "fetch"]]);
    expect(own.offMachine).toEqual([]);
    expect(own.problems).toEqual([]);
  }, 60_000);

  it("the playground's Paste a link card: the item a link names and its copies by JSONP, a copy opened, a hostile link refused; no link is fetched", async () => {
    const api = demo.app.url.replace("127.0.0.1", "localhost");
    const { page, requests, offMachine, problems } = await openPage(`/playground?api=${encodeURIComponent(api)}`);
    await expect.poll(() => page.locator("#api-state").textContent()).toContain("running");
    const box = page.getByLabel("Link", { exact: true });
    const suggested = (await box.getAttribute("placeholder"))!.replace(/^try: /, "");
    expect(suggested).toBe("https://www.deezer.com/track/9100001");
    await box.fill(suggested);
    await page.getByRole("button", { name: "Resolve" }).click();
    await expect.poll(() => page.locator("#paste-state").textContent(), { timeout: MATCHING_MS }).toMatch(/^2 copies elsewhere \(\d+ ms upstream\)\.$/);
    expect(await page.locator("#paste-item-title").textContent()).toBe("song: Paper Lanterns");
    expect(await page.locator("#paste-copies .song-meta").allTextContents()).toEqual(["confidence 0.99 (isrc)", "confidence 0.98 (metadata)"]);
    expect(await page.locator("#paste-copies .song-title").allTextContents()).toEqual(["source_c: pL4nT", "source_b: 1600000031"]);
    expect(await page.locator("#paste-copies").getByRole("link", { name: "on Apple Music" }).getAttribute("href")).toBe("https://music.apple.com/us/song/1600000031");
    // A copy opens in the details card.
    await page.locator("#paste-copies li").nth(1).getByRole("button", { name: "Open" }).click();
    await expect.poll(() => page.locator("#detail-title").textContent()).toBe("Song: Paper Lanterns (2024 Remaster)");
    // An album link: the same release elsewhere, found by its title, artist and songs.
    await box.fill("https://music.apple.com/us/album/long-way-round/1600000040");
    await page.getByRole("button", { name: "Resolve" }).click();
    await expect.poll(() => page.locator("#paste-item-title").textContent(), { timeout: MATCHING_MS }).toBe("album: Long Way Round");
    expect(await page.locator("#paste-copies .song-title").allTextContents()).toEqual(["source_a: 7002"]);
    // A link that names another host behind a user name: refused, its reason shown.
    await box.fill("https://www.deezer.com@evil.example/track/9100001");
    await page.getByRole("button", { name: "Resolve" }).click();
    await expect.poll(() => page.locator("#paste-state").textContent()).toMatch(/^Could not resolve it: code 1001: parameter url must not name a user or a password; links to www\.deezer\.com, /);
    expect(await page.locator("#paste-copies li").count()).toBe(0);
    const resolves = requests.filter((r) => new URL(r.url()).pathname === "/v1/resolve");
    expect(resolves.map((r) => r.resourceType())).toEqual(["script", "script", "script"]);
    expect(offMachine).toEqual([]);
    expect(problems).toEqual([]);
  }, 60_000);

  it("the playground pages through results, and accepts ?api= naming this very instance", async () => {
    const { page, offMachine, problems } = await openPage(`/playground?api=${encodeURIComponent(demo.app.url)}`);
    await expect.poll(() => page.locator("#api-state").textContent()).toContain("running");
    await page.getByRole("searchbox", { name: "Search" }).fill("e");
    await page.getByRole("searchbox", { name: "Search" }).press("Enter");
    await expect.poll(() => page.locator("#search-state").textContent()).toMatch(/^Songs 1–20 of \d+ /);
    const total = Number(/of (\d+)/.exec((await page.locator("#search-state").textContent())!)![1]);
    expect(total).toBeGreaterThan(40);
    const firstPage = await page.locator("#results .song-title").allTextContents();
    expect(await page.getByRole("button", { name: "← Previous page" }).count()).toBe(0);
    await page.getByRole("button", { name: "Next page →" }).click();
    await expect.poll(() => page.locator("#search-state").textContent()).toMatch(/^Songs 21–40 of \d+ /);
    const secondPage = await page.locator("#results .song-title").allTextContents();
    expect(secondPage).toHaveLength(20);
    expect(secondPage.filter((title) => firstPage.includes(title)).length).toBeLessThan(20);
    await page.getByRole("button", { name: "← Previous page" }).click();
    await expect.poll(() => page.locator("#search-state").textContent()).toMatch(/^Songs 1–20 of /);
    expect(await page.locator("#results .song-title").allTextContents()).toEqual(firstPage);
    expect(offMachine).toEqual([]);
    expect(problems).toEqual([]);
  }, 60_000);

  it("/docs is the one reference, made from the OpenAPI document by Redoc, offline: every operation, field meanings, example answers", async () => {
    const { page, requests, offMachine, problems } = await openPage("/docs");
    const doc = await (await demo.app.get("/openapi.json")).json();
    const operations = Object.values<Record<string, { operationId?: string }>>(doc.paths).flatMap((item) => Object.values(item));
    await expect.poll(() => page.locator("[data-section-id^='tag/'][data-section-id*='/operation/']").count(), { timeout: 20_000 }).toBe(operations.length);
    // A field's meaning and an example answer, as the document gives them.
    const search = page.locator("[data-section-id='tag/music/operation/search']");
    await expect.poll(() => search.textContent()).toContain("every source at once: one entry per recording, its copies as alternatives");
    const text = (await page.locator("#reference").textContent())!;
    expect(text).toContain("a chart id, as the list of charts gives it; without it, that list");
    expect(text).toContain("upstream milliseconds; 0 when answered from the cache");
    // Extensions are said to be (OpenAPI marks them x-extension: test/docs/openapi.test.ts).
    expect(text).toContain("extension, with with_url=1");
    // Everything came from this machine, Redoc's bundle from the service itself.
    expect(offMachine).toEqual([]);
    expect(requests.map((r) => new URL(r.url()).pathname)).toEqual(expect.arrayContaining(["/docs", "/assets/redoc.standalone.js", "/assets/docs.js", "/openapi.json"]));
    expect(problems).toEqual([]);
  }, 60_000);

  it("/docs has no Authorize button; where /metrics takes a token, the reference says which and that nothing else does", async () => {
    const { page, problems } = await openPage("/docs");
    await expect.poll(() => page.locator("[data-section-id^='tag/'][data-section-id*='/operation/']").count(), { timeout: 20_000 }).toBeGreaterThan(10);
    expect(await page.getByRole("button", { name: /authori[sz]e/i }).count()).toBe(0);
    expect(problems).toEqual([]);
  }, 60_000);
});
