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
import type { Logger } from "../logger.ts";
import { ClientShares, shareOf } from "./client-shares.ts";
import { nodeTransport, type TransportResponse } from "./node-transport.ts";
import { currentClient, noteUpstreamCall } from "./upstream-calls.ts";
import { readCapped } from "./read-capped.ts";
import { SharedBudget, type SharedBudgetStore } from "./shared-budget.ts";

export type { UpstreamDefaults };

/** Where budgets declared `shared` are kept: Redis when the service has one (`store`), else each process's own. */
export interface BudgetSharing {
  log: Logger;
  store?: SharedBudgetStore;
}

/** ofetch over the node transport; its answers are the transport's own (`responseType: "stream"`). */
const upstreamFetch = ofetch.create({}, { fetch: nodeTransport as unknown as typeof fetch });
type RawAnswer = FetchResponse<unknown> & Pick<TransportResponse, "body">;

export class HttpUpstreamClient extends UpstreamClientBase<RawAnswer> {
  private readonly shares?: ClientShares;
  private readonly shared?: SharedBudget;

  /**
   * `clientShare`: the part of a declared budget one client of the service may spend
   * (`upstream.clientShare`); `sharing`: where a budget declared `shared` is kept (without it,
   * in this process).
   */
  constructor(options: UpstreamClientOptions, defaults: UpstreamDefaults, clientShare: number, sharing?: BudgetSharing) {
    super(options, defaults);
    // A share as large as the budget (a budget of a request or two) is the budget itself.
    if (options.budget && shareOf(options.budget.requests, clientShare) < options.budget.requests) this.shares = new ClientShares(options.name, options.budget, clientShare);
    if (options.budget?.shared && sharing) this.shared = new SharedBudget(options.name, new URL(options.baseURL).host, options.budget, sharing.log, sharing.store);
  }

  /** The client's share first, then the budget itself: the instances' shared one, or this process's when that cannot be had. */
  protected override async acquire(maxWaitMs: number, signal: AbortSignal): Promise<void> {
    const client = this.shares && currentClient();
    const started = performance.now();
    if (client !== undefined) await this.shares!.acquire(client, maxWaitMs, signal);
    if (this.shared && (await this.shared.acquire(maxWaitMs - (performance.now() - started), signal))) return;
    await super.acquire(maxWaitMs - (performance.now() - started), signal);
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
 * client with a budget gives each client of the service `clientShare` of it (`upstream.clientShare`);
 * a budget declared `shared` is kept in the service's Redis when it has one (`shared-budget.ts`).
 */
export class HttpUpstreamClientFactory implements UpstreamClientFactory {
  constructor(
    private readonly defaults: UpstreamDefaults,
    private readonly clientShare: number,
    private readonly sharing?: BudgetSharing,
  ) {}

  create(options: UpstreamClientOptions): UpstreamClient {
    return new HttpUpstreamClient(options, this.defaults, this.clientShare, this.sharing);
  }
}
