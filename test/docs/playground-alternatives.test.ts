/**
 * The playground's all-search in a real browser (Debian's Chromium through playwright-core),
 * against the service bound to the cross-source catalogue: one row per recording, with "also
 * on …" links that open the other sources' copies; a VIP song offers its full-length copy.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, type LaunchedBrowser } from "../support/browser.ts";
import { startCrossApp, type CrossApp } from "../support/cross-upstreams.ts";

const chromium = await launchChromium("test/docs/playground-alternatives.test.ts (the playground's merged search in a browser)");

describe.skipIf(!chromium)("the playground's search across sources, in Chromium", () => {
  let t: CrossApp;
  let browser: LaunchedBrowser;
  beforeAll(async () => {
    browser = chromium!;
    t = await startCrossApp();
  }, 30_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** The playground, talking to the service; its page errors collected. */
  async function openPlayground() {
    const page = await browser.context.newPage();
    const problems: string[] = [];
    page.on("pageerror", (error) => void problems.push(error.message));
    // Covers and clips point at invented hosts: nothing leaves this machine.
    await page.route("**/*", (route) => (new URL(route.request().url()).hostname === "127.0.0.1" ? route.continue() : route.abort()));
    await page.goto(`${t.url}/playground`);
    await expect.poll(() => page.locator("#api-state").textContent()).toContain("running");
    return { page, problems };
  }

  it("shows one row per recording with also-on links, and a link opens that source's copy", async () => {
    const { page, problems } = await openPlayground();
    await page.getByRole("searchbox", { name: "Search" }).fill("night ferry");
    await page.getByRole("searchbox", { name: "Search" }).press("Enter");
    await expect.poll(() => page.locator("#search-state").textContent()).toMatch(/^Songs \d+–\d+ of \d+/);

    // The studio recording is on all four sources: one row, naming the three others, the most playable first (the archive's whole song, then the previews).
    const row = page.locator("#results > li").filter({ hasText: "The Quiet Harbour - Night Ferry" });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.locator(".also-on").textContent()).toBe("also on source_dsource_asource_b");
    // The live take, the concert recording, the cover and the remix have rows of their own.
    const titles = await page.locator("#results .song-title").allTextContents();
    expect(titles.filter((title) => /night ferry/i.test(title))).toHaveLength(5);

    await row.getByRole("button", { name: "The Quiet Harbour - Night Ferry on source_b" }).click();
    await expect.poll(() => page.locator("#detail-title").textContent()).toBe("Song: Night Ferry");
    expect(await page.locator("#detail .song-meta").first().textContent()).toContain("source_b");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("offers a VIP song's full-length copy from another source, with the match's confidence, and plays it", async () => {
    const { page, problems } = await openPlayground();
    const id = [...t.truth].find(([song, key]) => key === "night-bloom" && song.startsWith("source_c:"))![0].slice("source_c:".length);
    await page.locator("#open-source").selectOption("source_c");
    await page.locator("#open-id").fill(id);
    await page.getByRole("button", { name: "Open" }).click();
    await expect.poll(() => page.locator("#detail-title").textContent()).toBe("Song: Night Bloom");
    const offer = page.locator("#detail .full-length");
    await expect.poll(() => offer.textContent()).toBe("Play full length from source_d (match confidence 95 %)");
    await offer.getByRole("button", { name: "Play full length from source_d" }).click();
    await expect.poll(() => page.locator("#player-state").textContent()).toContain("full length from source_d: the same recording (match confidence 95 %)");
    expect(await page.locator("audio").getAttribute("src")).toBe(`${t.sims.archive.url}/download/xc-night-bloom/night-bloom.mp3`);
    expect(await page.locator("#now-playing").textContent()).toContain("(source_d, id xc-night-bloom/night-bloom.mp3)");
    expect(problems).toEqual([]);
    await page.close();
  });
});
