/**
 * The service with FakeFM sources behind it: one simulator per source, so a test can make
 * one source slow or broken while the others answer.
 */
import type { AppConfigInput } from "../../server/engine/config.ts";
import type { CapabilitySet } from "@music-aggregator/core";
import type { AnyPluginDefinition } from "../../core/plugin.ts";
import { makeFakeSource } from "../fixtures/source-fake/index.ts";
import { startFakeUpstream } from "../fixtures/source-fake/upstream.ts";
import { startTestApp, type TestApp } from "./app.ts";
import type { Simulator } from "@music-aggregator/core/testing";

export interface FakeAppOptions {
  /** public ids and the capabilities of each (default: source_a with every capability) */
  sources?: Record<string, Partial<CapabilitySet> | undefined>;
  config?: AppConfigInput;
  extraPlugins?: AnyPluginDefinition[];
  /** more FakeFM plugin options for every source (e.g. `requestsPerSecond`) */
  sourceOptions?: Record<string, unknown>;
}

export interface FakeApp extends TestApp {
  sims: Record<string, Simulator>;
}

export async function startFakeApp(options: FakeAppOptions = {}): Promise<FakeApp> {
  const sources = options.sources ?? { source_a: undefined };
  const sims: Record<string, Simulator> = {};
  const plugins: AnyPluginDefinition[] = [...(options.extraPlugins ?? [])];
  const bindings: Record<string, { plugin: string; options: Record<string, unknown> }> = {};
  for (const [id, capabilities] of Object.entries(sources)) {
    sims[id] = await startFakeUpstream();
    const pluginId = `fake-${id.replace(/_/g, "-")}`;
    plugins.push(capabilities ? makeFakeSource(pluginId, capabilities) : makeFakeSource(pluginId));
    bindings[id] = { plugin: pluginId, options: { baseURL: sims[id].url, ...options.sourceOptions } };
  }
  const app = await startTestApp({
    plugins,
    config: { lyrics: false, ...options.config, sources: { ...bindings, ...options.config?.sources } },
  });
  return {
    ...app,
    sims,
    async close() {
      await app.close();
      await Promise.all(Object.values(sims).map((s) => s.close()));
    },
  };
}

/** `/v1` path with `origin` filled in. */
export function v1(path: string, params: Record<string, string | number> = {}): string {
  const query = new URLSearchParams({ origin: "tests", ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) });
  return `/v1/${path}?${query}`;
}
