/**
 * The plugin built for its own tests the way the core builds it: options through the
 * plugin's schema, the core's real upstream client factory, a memory logger.
 */
import { ServiceError } from "../../../core/errors.ts";
import { UpstreamClientFactory } from "../../../core/http/upstream-client.ts";
import { createMemoryLogger } from "../../../core/logger.ts";
import type { SourceMethods } from "../../../core/plugin.ts";
import deezer from "../index.ts";

export const SOURCE = "source_a";

export function createDeezer(options: Record<string, unknown>) {
  const log = createMemoryLogger();
  const http = new UpstreamClientFactory({ timeoutMs: 2000, retries: 0, maxBodyBytes: 1 << 20, userAgent: "deezer-plugin-tests/1.0" });
  const methods = deezer.create({ options: deezer.options.parse(options), deps: { http }, log, sourceId: SOURCE }) as SourceMethods;
  return { methods, log };
}

/** A fresh per-call context, as the core gives one. */
export const ctx = () => ({ signal: AbortSignal.timeout(5000) });

/** The code of the ServiceError a call throws (0 when it succeeds). */
export async function codeOf(call: () => Promise<unknown>): Promise<number> {
  try {
    await call();
    return 0;
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return error.code;
  }
}
