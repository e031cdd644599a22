/**
 * The pages' layout in a real browser (Debian's Chromium through playwright-core) at a phone's,
 * a tablet's and a laptop's width: 390, 768 and 1280 px. The page never scrolls sideways
 * (`scrollWidth` against `clientWidth`), nothing in a playground card sticks out of it, and the
 * capability matrix fits its card whole (its last column, "charts", included). Screenshots of
 * every page at every width, and of each playground card, are saved in `test-results/layout/`
 * (git-ignored) for a person to look at.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { launchChromium } from "../support/browser.ts";
import { useDemoApp } from "../support/demo-app.ts";
import { PROJECT_ROOT } from "../support/main-process.ts";

const WIDTHS = [390, 768, 1280];
const ARTIFACTS = join(PROJECT_ROOT, "test-results", "layout");
mkdirSync(ARTIFACTS, { recursive: true });

const chromium = await launchChromium("test/docs/layout.test.ts (the pages at 390, 768 and 1280 px)");

describe.skipIf(!chromium)("layout in Chromium", () => {
  const browser = chromium!;
  const demo = useDemoApp(browser);

  /** How far the page scrolls sideways (0 when it fits). */
  const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  it("the playground, filled (results, a playlist, the player, a transfer, the matrix, the log), fits at every width", async () => {
    const page = await browser.context.newPage();
    await page.goto(`${demo.app.url}/playground`);
    await expect.poll(() => page.locator("#capabilities table").count()).toBe(1);
    const box = page.getByRole("searchbox", { name: "Search" });
    await box.fill((await box.getAttribute("placeholder"))!.replace(/^try: /, ""));
    await box.press("Enter");
    await expect.poll(() => page.locator("#results > li").count()).toBeGreaterThan(5);
    // A word longer than any card is wide (an unknown id, echoed by the failure) wraps at a phone's width.
    await page.setViewportSize({ width: WIDTHS[0], height: 900 });
    await page.getByLabel("id", { exact: true }).fill("x".repeat(300));
    await page.getByRole("button", { name: "Open", exact: true }).click();
    await expect.poll(() => page.locator("#detail .error").textContent()).toContain("x".repeat(300));
    expect(await sideways(page), "a long word makes the page scroll sideways").toBe(0);
    await page.getByLabel("Open", { exact: true }).selectOption("playlist");
    await page.getByLabel("id", { exact: true }).fill("5550001");
    await page.getByRole("button", { name: "Open", exact: true }).click();
    await expect.poll(() => page.locator("#detail-title").textContent()).toBe("Playlist: Harbour Lights");
    await page.locator("#detail").getByRole("button", { name: /^Play / }).first().click();
    await expect.poll(() => page.locator("#lyrics li").count()).toBeGreaterThan(3);
    // A transfer: a pasted playlist (a long title among its tracks) matched onto every source, its rows and files shown.
    await page.getByLabel(/^or paste one/).fill(`Juniper Lane - Paper Kites (3:08)\nMarlow Vane - Paper Lanterns (4:01)\nSomeone - ${"y".repeat(200)} (2:00)`);
    await page.getByRole("button", { name: "Match" }).click();
    await expect.poll(() => page.locator("#transfer-rows > li").count()).toBe(3);
    await expect.poll(() => page.getByRole("button", { name: "Download XSPF" }).count()).toBe(5);
    // A pasted link: the song it names and its copies, each with its page.
    await page.getByLabel("Link", { exact: true }).fill("https://www.deezer.com/en/track/9100001?utm_source=a-long-tracking-parameter-that-runs-on-and-on");
    await page.getByRole("button", { name: "Resolve" }).click();
    await expect.poll(() => page.locator("#paste-copies > li").count()).toBe(2);

    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(() => new Promise(requestAnimationFrame));
      expect(await sideways(page), `${width} px: the page scrolls sideways`).toBe(0);
      // Every element inside a card ends within it (what a scrolling box holds may run on inside that box).
      const outside = await page.evaluate(() =>
        [...document.querySelectorAll("main > section")].flatMap((card) => {
          const right = card.getBoundingClientRect().right;
          return [...card.querySelectorAll("*")]
            .filter((el) => {
              for (let box = el.parentElement; box && box !== card; box = box.parentElement) if (getComputedStyle(box).overflowX !== "visible") return false;
              return el.getBoundingClientRect().right > right + 0.5;
            })
            .map((el) => `${card.className}: <${el.tagName.toLowerCase()}> ${(el.textContent ?? "").slice(0, 30)}`);
        }),
      );
      expect(outside, `${width} px: sticks out of its card`).toEqual([]);
      const matrix = await page.evaluate(() => {
        const table = document.querySelector("#capabilities table")!;
        const holder = table.parentElement!;
        const last = table.querySelector("thead th:last-child")!.getBoundingClientRect();
        return { table: table.scrollWidth, holder: holder.clientWidth, lastRight: last.right, holderRight: holder.getBoundingClientRect().right, columns: table.querySelectorAll("thead th").length };
      });
      expect(matrix.columns).toBe(12); // source, eight operations of the sources, the service's match and transfer, charts
      expect(matrix.table, `${width} px: the matrix is wider than its card`).toBeLessThanOrEqual(matrix.holder);
      expect(matrix.lastRight, `${width} px: the charts column is cut`).toBeLessThanOrEqual(matrix.holderRight + 0.5);
      // Its Charts buttons keep their word on one line.
      const broken = await page.evaluate(() =>
        [...document.querySelectorAll("#capabilities button")].filter((b) => b.getBoundingClientRect().height > 2.2 * parseFloat(getComputedStyle(b).fontSize)).map((b) => b.textContent),
      );
      expect(broken, `${width} px: a button of the matrix breaks its word`).toEqual([]);
      await page.screenshot({ path: join(ARTIFACTS, `playground-${width}.png`), fullPage: true });
      for (const card of await page.locator("main > section").all()) {
        await card.screenshot({ path: join(ARTIFACTS, `playground-${width}-${await card.getAttribute("class")}.png`) });
      }
    }
    await page.close();
  }, 60_000);

  it("the landing page (GET /) and the reference (/docs) do not scroll sideways at any width", async () => {
    const page = await browser.context.newPage();
    for (const [name, path, ready] of [["landing", "/", "#status"], ["reference", "/docs", "[data-section-id^='tag/']"]] as const) {
      await page.goto(demo.app.url + path);
      await page.locator(ready).first().waitFor();
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.evaluate(() => new Promise(requestAnimationFrame));
        expect(await sideways(page), `${path} at ${width} px`).toBe(0);
        await page.screenshot({ path: join(ARTIFACTS, `${name}-${width}.png`) });
      }
    }
    await page.close();
  }, 30_000);
});
