/**
 * A real browser for the pages' tests: Debian's Chromium (`/usr/bin/chromium`, installed by
 * `.ci/run` when missing) driven by playwright-core, which downloads nothing. Where Chromium
 * cannot be launched the tests that need it are skipped, and this says so once, clearly.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Flags that work in a container: no sandbox, no GPU, and nothing that calls home. */
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--autoplay-policy=no-user-gesture-required",
];

export interface LaunchedBrowser {
  /** the browser, on its own new profile */
  context: BrowserContext;
  close(): Promise<void>;
}

/** Chromium, launched with a new empty profile; undefined (with a notice on stderr) when it cannot be. */
export async function launchChromium(what: string): Promise<LaunchedBrowser | undefined> {
  const profile = mkdtempSync(join(tmpdir(), "music-chromium-"));
  try {
    // Playwright passes the profile as --user-data-dir itself.
    const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, args: FLAGS, headless: true, timeout: 20_000 });
    return {
      context,
      async close() {
        await context.close();
        rmSync(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    const why = error instanceof Error ? error.message.split("\n")[0] : String(error);
    process.stderr.write(`[browser] skipped: ${what} needs Chromium at ${CHROMIUM} (apt-get install -y chromium; .ci/run does it): ${why}\n`);
    return undefined;
  }
}
