/**
 * The plugin bound through the real core for its own tests (config, DI container, the real
 * upstream client and response cache), against the simulator: one simulator per file, a fresh
 * binding per test so that no test sees another's cached items. Also the per-call context and
 * the error code of a call, as the core would report them.
 */
import { type SourceMethods } from "@music-aggregator/core";
import { bindSourcePlugin, type BoundTestSource } from "@music-aggregator/core/testing";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import archive from "../index.ts";
import { type ArchiveSimulator, startArchiveSimulator } from "./simulator.ts";

export const SOURCE = "source_d";
export const TEST_UA = "archive-plugin-tests/1.0";

export interface Started {
  sim: ArchiveSimulator;
  archiveSource: SourceMethods;
  /** what the core and the plugin logged in this test */
  logs: string[];
}

/** Binds the plugin against `baseURL` with these options, as the service would. */
export async function bindArchive(options: Record<string, unknown>): Promise<BoundTestSource> {
  return bindSourcePlugin(archive, {
    options,
    sourceId: SOURCE,
    upstream: { timeoutMs: 2000, retries: 0, userAgent: TEST_UA },
  });
}

/**
 * The simulator (started once for the file) and a fresh binding of the plugin per test, with
 * `options` added to its `baseURL`. `bind` hands them to the file's variables.
 */
export function useArchiveSimulator(bind: (started: Started) => void, options: Record<string, unknown> = {}): void {
  let sim: ArchiveSimulator | undefined;
  let bound: BoundTestSource | undefined;
  beforeAll(async () => {
    sim = await startArchiveSimulator();
  });
  afterAll(() => sim?.close());
  beforeEach(async () => {
    sim!.reset();
    bound = await bindArchive({ baseURL: sim!.url, ...options });
    bind({ sim: sim!, archiveSource: bound.methods as SourceMethods, logs: bound.logs });
  });
  afterEach(() => bound?.close());
}

/** The kit's call helpers under the names these tests use: `ctx()` is a fresh per-call context, as the core gives one. */
export { callContext as ctx, codeOf } from "@music-aggregator/core/testing";
