/**
 * The HTTP client every plugin talks to its upstream with in the service: the kit's upstream
 * client (`core/http/upstream-client.ts`: deadline, retries, redirects, size cap, typed
 * failures) sending with ofetch over node:http's pooled keep-alive connections
 * (`node-transport.ts`), each request noted for the envelope's `cost` and spending the share of
 * the client it is sent for (`upstream-calls.ts`).
 */
import { ofetch, type FetchResponse } from "ofetch";
import type { UpstreamClient, UpstreamClientFactory, UpstreamClientOptions } from "@music-aggregator/core";
import { UpstreamClientBase, type OutgoingRequest, type UpstreamDefaults } from "@music-aggregator/core/host";
import { ClientShares, shareOf } from "./client-shares.ts";
import { nodeTransport, type TransportResponse } from "./node-transport.ts";
import { currentClient, noteUpstreamCall } from "./upstream-calls.ts";
import { readCapped } from "./read-capped.ts";

export type { UpstreamDefaults };

/** ofetch over the node transport; its answers are the transport's own (`responseType: "stream"`). */
const upstreamFetch = ofetch.create({}, { fetch: nodeTransport as unknown as typeof fetch });
type RawAnswer = FetchResponse<unknown> & Pick<TransportResponse, "body">;

export class HttpUpstreamClient extends UpstreamClientBase<RawAnswer> {
  private readonly shares?: ClientShares;

  /** `clientShare`: the part of a declared budget one client of the service may spend (`upstream.clientShare`) */
  constructor(options: UpstreamClientOptions, defaults: UpstreamDefaults, clientShare: number) {
    super(options, defaults);
    // A share as large as the budget (a budget of a request or two) is the budget itself.
    if (options.budget && shareOf(options.budget.requests, clientShare) < options.budget.requests) this.shares = new ClientShares(options.name, options.budget, clientShare);
  }

  /** The client's share first, then the budget itself. */
  protected override async acquire(maxWaitMs: number, signal: AbortSignal): Promise<void> {
    const client = this.shares && currentClient();
    if (client !== undefined) await this.shares!.acquire(client, maxWaitMs, signal);
    await super.acquire(maxWaitMs, signal);
  }

  protected async send(request: OutgoingRequest, signal: AbortSignal): Promise<RawAnswer> {
    noteUpstreamCall();
    return (await upstreamFetch.raw(request.target, {
      baseURL: request.baseURL,
      method: request.method,
      query: request.query,
      body: request.body,
      headers: request.headers,
      responseType: "stream",
      retry: 0,
      redirect: "manual",
      ignoreResponseError: true,
      signal,
    })) as RawAnswer;
  }

  protected readBody(answer: RawAnswer, limit: number, signal: AbortSignal): Promise<string | undefined> {
    return readCapped(answer.body, limit, signal);
  }

  protected discard(answer: RawAnswer): void {
    answer.body.resume(); // drained, so that the connection goes back to the pool
  }
}

/**
 * Builds upstream clients with the configured defaults; plugins receive it as `deps.http`. A
 * client with a budget gives each client of the service `clientShare` of it (`upstream.clientShare`).
 */
export class HttpUpstreamClientFactory implements UpstreamClientFactory {
  constructor(
    private readonly defaults: UpstreamDefaults,
    private readonly clientShare: number,
  ) {}

  create(options: UpstreamClientOptions): UpstreamClient {
    return new HttpUpstreamClient(options, this.defaults, this.clientShare);
  }
}
