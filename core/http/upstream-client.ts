/**
 * The HTTP client every plugin talks to its upstream with (ofetch underneath): a fresh
 * timeout signal per attempt, bounded retries of idempotent requests, keep-alive (Node's
 * pooled fetch), an honest User-Agent, a response size cap and a per-upstream budget.
 * Failures become typed errors: 2001 timeout, 2002 upstream, 2003 parse.
 */
import { ofetch, type FetchResponse } from "ofetch";
import { UpstreamError, UpstreamParseError, UpstreamTimeoutError, ServiceError } from "../errors.ts";
import { readCapped } from "./read-capped.ts";
import { RequestBudget, sleep, type BudgetOptions } from "./request-budget.ts";

export interface UpstreamClientOptions {
  /** names the upstream in error messages, e.g. "Deezer" */
  name: string;
  baseURL: string;
  /** per attempt; default from config `upstream.timeoutMs` */
  timeoutMs?: number;
  /** retries of idempotent requests; default from config `upstream.retries` */
  retries?: number;
  maxBodyBytes?: number;
  userAgent?: string;
  headers?: Record<string, string>;
  budget?: BudgetOptions;
}

export interface UpstreamRequest {
  method?: "GET" | "POST";
  query?: Record<string, string | number | boolean | undefined>;
  /** form fields, sent as application/x-www-form-urlencoded */
  form?: Record<string, string | number>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** retry network errors, 5xx and 429; default true for GET */
  idempotent?: boolean;
}

export interface UpstreamResponse {
  status: number;
  headers: Headers;
  text: string;
  /** parses the body as JSON; an unreadable body is 2003 */
  json<T = unknown>(): T;
}

export type UpstreamDefaults = Required<Pick<UpstreamClientOptions, "timeoutMs" | "retries" | "maxBodyBytes" | "userAgent">>;

export class UpstreamClient {
  private readonly budget?: RequestBudget;
  private readonly settings: UpstreamDefaults;

  constructor(
    private readonly options: UpstreamClientOptions,
    defaults: UpstreamDefaults,
  ) {
    this.settings = {
      timeoutMs: options.timeoutMs ?? defaults.timeoutMs,
      retries: options.retries ?? defaults.retries,
      maxBodyBytes: options.maxBodyBytes ?? defaults.maxBodyBytes,
      userAgent: options.userAgent ?? defaults.userAgent,
    };
    if (options.budget) this.budget = new RequestBudget(options.name, options.budget);
  }

  get name(): string {
    return this.options.name;
  }

  /**
   * Sends a request. 5xx and 429 answers are retried (idempotent requests) and then thrown
   * as 2002; other statuses are returned so the plugin can map them (a 404 may be a miss).
   */
  async request(path: string, request: UpstreamRequest = {}): Promise<UpstreamResponse> {
    const method = request.method ?? "GET";
    const attempts = 1 + ((request.idempotent ?? method === "GET") ? this.settings.retries : 0);
    let lastError: ServiceError | undefined;
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (attempt > 0) await sleep(backoffMs(attempt, lastError), request.signal).catch(() => undefined);
      if (request.signal?.aborted) break;
      try {
        const response = await this.attempt(path, method, request);
        if (response.status >= 500 || response.status === 429) {
          const retryAfterSeconds = Number(response.headers.get("retry-after")) || undefined;
          lastError = new UpstreamError(`${this.name} answered HTTP ${response.status}`, { status: response.status, retryAfterSeconds });
          continue;
        }
        return response;
      } catch (error) {
        lastError = error instanceof ServiceError ? error : new UpstreamError(`${this.name} request failed`, { cause: error });
        // A parse failure or an oversized body will not change on retry.
        if (lastError instanceof UpstreamParseError) break;
      }
    }
    if (request.signal?.aborted) throw new UpstreamTimeoutError(this.name, this.settings.timeoutMs, { cause: request.signal.reason });
    throw lastError ?? new UpstreamError(`${this.name} request failed`);
  }

  // --- internal ---

  private async attempt(path: string, method: "GET" | "POST", request: UpstreamRequest): Promise<UpstreamResponse> {
    const timeout = AbortSignal.timeout(this.settings.timeoutMs);
    const signal = request.signal ? AbortSignal.any([timeout, request.signal]) : timeout;
    if (this.budget) await this.budget.acquire(this.settings.timeoutMs, signal);
    let raw: FetchResponse<ReadableStream<Uint8Array>>;
    try {
      raw = await ofetch.raw<ReadableStream<Uint8Array>, "stream">(path, {
        baseURL: this.options.baseURL,
        method,
        query: request.query ? dropUndefined(request.query) : undefined,
        body: request.form ? new URLSearchParams(stringValues(request.form)).toString() : undefined,
        headers: {
          "user-agent": this.settings.userAgent,
          accept: "application/json, text/plain;q=0.9, */*;q=0.5",
          ...(request.form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
          ...this.options.headers,
          ...request.headers,
        },
        responseType: "stream",
        retry: 0,
        redirect: "follow",
        ignoreResponseError: true,
        signal,
      });
    } catch (error) {
      throw this.failure(error, timeout, request.signal);
    }
    const text = await readCapped(raw.body, this.settings.maxBodyBytes).catch((error: unknown) => {
      throw error instanceof ServiceError ? error : this.failure(error, timeout, request.signal);
    });
    if (text === undefined) {
      throw new UpstreamParseError(`${this.name} answer is larger than ${this.settings.maxBodyBytes} bytes`);
    }
    const name = this.name;
    return {
      status: raw.status,
      headers: raw.headers,
      text,
      json<T>() {
        try {
          return JSON.parse(text) as T;
        } catch (error) {
          throw new UpstreamParseError(`${name} answered something that is not JSON`, { cause: error });
        }
      },
    };
  }

  private failure(error: unknown, timeout: AbortSignal, callerSignal?: AbortSignal): ServiceError {
    if (timeout.aborted || callerSignal?.aborted) {
      return new UpstreamTimeoutError(this.name, this.settings.timeoutMs, { cause: error });
    }
    return new UpstreamError(`${this.name} could not be reached`, { cause: error });
  }
}

/** Builds upstream clients with the configured defaults; plugins receive it as `deps.http`. */
export class UpstreamClientFactory {
  constructor(private readonly defaults: UpstreamDefaults) {}

  create(options: UpstreamClientOptions): UpstreamClient {
    return new UpstreamClient(options, this.defaults);
  }
}

// --- internal ---

function backoffMs(attempt: number, lastError?: ServiceError): number {
  const retryAfter = lastError instanceof UpstreamError ? lastError.retryAfterSeconds : undefined;
  // Honour a short Retry-After; a long one is not worth holding the caller for.
  if (retryAfter && retryAfter > 0 && retryAfter <= 2) return retryAfter * 1000;
  return 100 * 2 ** (attempt - 1) + Math.floor(Math.random() * 50);
}

function dropUndefined(query: Record<string, string | number | boolean | undefined>) {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined));
}

function stringValues(form: Record<string, string | number>): Record<string, string> {
  return Object.fromEntries(Object.entries(form).map(([k, v]) => [k, String(v)]));
}
