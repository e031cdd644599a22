/**
 * The upstream client of the kit's test harness: the service's client (`core/http`: deadline,
 * retries, redirects, size cap, 2001/2002/2003) sending with global fetch, so that a plugin's
 * tests need nothing of the service and see the failures it would report.
 */
import type { UpstreamClient, UpstreamClientFactory, UpstreamClientOptions } from "../services.ts";
import { UpstreamClientBase, type OutgoingRequest, type UpstreamDefaults } from "../http/upstream-client.ts";
import { readWebStream } from "../http/read-web-stream.ts";
import { requestAddress } from "./request-address.ts";

export type { UpstreamDefaults };

/** What the harness's clients default to: 2 s, no retries, 8 MB, a User-Agent naming the tests. */
export const TEST_UPSTREAM: UpstreamDefaults = { timeoutMs: 2000, retries: 0, maxBodyBytes: 8 * 1024 * 1024, userAgent: "music-aggregator-tests/1.0" };

export class FetchUpstreamClient extends UpstreamClientBase<Response> {
  protected send(request: OutgoingRequest, signal: AbortSignal): Promise<Response> {
    return fetch(requestAddress(request), { method: request.method, body: request.body, headers: request.headers, redirect: "manual", signal });
  }

  protected readBody(answer: Response, limit: number, signal: AbortSignal): Promise<string | undefined> {
    return answer.body ? readWebStream(answer.body, limit, signal) : Promise.resolve("");
  }

  protected discard(answer: Response): void {
    void answer.body?.cancel().catch(() => undefined);
  }
}

/** An upstream client factory over global fetch, with the test defaults and `overrides`. */
export function testClientFactory(overrides: Partial<UpstreamDefaults> = {}): UpstreamClientFactory {
  const defaults = { ...TEST_UPSTREAM, ...overrides };
  return { create: (options: UpstreamClientOptions): UpstreamClient => new FetchUpstreamClient(options, defaults) };
}
