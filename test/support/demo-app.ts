/**
 * The real service wired as demo mode wires it (`server/demo/upstreams.ts`: every simulator,
 * the demo CDN and lyrics host), started in-process on a port-0 socket for tests.
 */
import { afterAll, beforeAll } from "vitest";
import { discoverPlugins } from "../../server/engine/plugins/discover.ts";
import { startDemoUpstreams, type DemoUpstreams } from "../../examples/demo/upstreams.ts";
import type { AppConfigInput } from "../../server/engine/config.ts";
import { startTestApp, type TestApp } from "./app.ts";

export interface DemoApp {
  app: TestApp;
  upstreams: DemoUpstreams;
  close(): Promise<void>;
}

/** `port` and `config` (merged over the demo's) for tests that need to know them before the start. */
export async function startDemoApp(options: { port?: number; config?: AppConfigInput } = {}): Promise<DemoApp> {
  const upstreams = await startDemoUpstreams();
  try {
    const catalog = upstreams.catalog(await discoverPlugins());
    const plugins = [...catalog.sources.values(), ...catalog.lyrics.values(), ...catalog.share.values()];
    const app = await startTestApp({ config: { ...upstreams.config, log: { access: false }, ...options.config }, plugins, port: options.port });
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
 * The demo app for the tests of a describe block: started before them (with the options
 * `options` gives then), closed after them, with `alsoClose` (a browser, say). Its `app` and
 * `upstreams` are there once the tests run.
 */
export function useDemoApp(alsoClose?: { close(): Promise<void> }, options?: () => Promise<Parameters<typeof startDemoApp>[0]>): Pick<DemoApp, "app" | "upstreams"> {
  let demo: DemoApp | undefined;
  beforeAll(async () => {
    demo = await startDemoApp(await options?.());
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
