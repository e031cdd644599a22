/**
 * The real service wired as demo mode wires it (`server/demo/upstreams.ts`: every simulator,
 * the demo CDN and lyrics host), started in-process on a port-0 socket for tests.
 */
import { afterAll, beforeAll } from "vitest";
import { discoverPlugins } from "../../core/plugins/discover.ts";
import { startDemoUpstreams, type DemoUpstreams } from "../../server/demo/upstreams.ts";
import { startTestApp, type TestApp } from "./app.ts";

export interface DemoApp {
  app: TestApp;
  upstreams: DemoUpstreams;
  close(): Promise<void>;
}

export async function startDemoApp(): Promise<DemoApp> {
  const upstreams = await startDemoUpstreams();
  try {
    const catalog = upstreams.catalog(await discoverPlugins());
    const plugins = [...catalog.sources.values(), ...catalog.lyrics.values(), ...catalog.share.values()];
    const app = await startTestApp({ config: { ...upstreams.config, log: { access: false } }, plugins });
    return {
      app,
      upstreams,
      async close() {
        await app.close();
        await upstreams.close();
      },
    };
  } catch (error) {
    await upstreams.close();
    throw error;
  }
}

/**
 * The demo app for the tests of a describe block: started before them, closed after them, with
 * `alsoClose` (a browser, say). Its `app` and `upstreams` are there once the tests run.
 */
export function useDemoApp(alsoClose?: { close(): Promise<void> }): Pick<DemoApp, "app" | "upstreams"> {
  let demo: DemoApp | undefined;
  beforeAll(async () => {
    demo = await startDemoApp();
  }, 30_000);
  afterAll(async () => {
    await alsoClose?.close();
    await demo?.close();
  });
  return {
    get app() {
      return demo!.app;
    },
    get upstreams() {
      return demo!.upstreams;
    },
  };
}
