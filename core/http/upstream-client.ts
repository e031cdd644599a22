/**
 * What every upstream client does whatever carries its bytes: an honest User-Agent, a response
 * size cap, a per-upstream budget, redirects only to the upstream's own hosts, and typed
 * failures (2001 timeout, 2002 upstream, 2003 parse). The service's client sends over pooled
 * node:http connections (`server/engine/http/upstream-client.ts`); the kit's test harness over
 * global fetch (`core/testing/fetch-upstream-client.ts`). Both are this class, so a plugin's
 * tests see the failures the service would report.
 *
 * Time: one request waits at most `timeoutMs`, and the caller's signal (its operation's
 * deadline) can only shorten that. A retry happens only after a fast failure (a refused or
 * reset connection, 502/503/504, a 429 with a short Retry-After) and only inside that time:
 * a hanging upstream costs one wait, never one per attempt.
 */
import type { z } from "zod";
import { NotFoundError, UpstreamError, UpstreamParseError, UpstreamTimeoutError, isKind, isServiceError, type ServiceErrorLike } from "../errors.ts";
import type { GetJsonOptions, UpstreamClient, UpstreamClientOptions, UpstreamRequest, UpstreamResponse } from "../services.ts";
import { DEFAULT_JSON_LIMITS, jsonLimitProblem, type JsonLimits } from "../json-limits.ts";
import { sleep } from "../sleep.ts";
import { readUpstreamAnswer } from "../upstream-answer.ts";
import { deadline } from "./deadline.ts";
import { RequestBudget } from "./request-budget.ts";

export type UpstreamDefaults = Required<Pick<UpstreamClientOptions, "timeoutMs" | "retries" | "maxBodyBytes" | "userAgent">>;

/** One request as it goes out: a path (joined to `baseURL` when relative) or a full address. */
export interface OutgoingRequest {
  target: string;
  baseURL: string | undefined;
  method: "GET" | "POST";
  /** without undefined values */
  query: NonNullable<UpstreamRequest["query"]> | undefined;
  /** the form, encoded */
  body: string | undefined;
  headers: Record<string, string>;
}

/** An answer's head as a transport gives it, the body not yet read. */
export interface TransportAnswer {
  status: number;
  url: string;
  headers: Headers;
}

/** Statuses worth a second attempt: the upstream's proxy or pool was briefly unable to answer. */
const RETRIED_STATUSES = new Set([502, 503, 504]);
/** A Retry-After up to this is waited for (inside the deadline); a longer one fails at once. */
const SHORT_RETRY_AFTER_SECONDS = 2;
const MAX_REDIRECTS = 3;

export abstract class UpstreamClientBase<Answer extends TransportAnswer> implements UpstreamClient {
  private readonly budget?: RequestBudget;
  private readonly settings: UpstreamDefaults;
  private readonly hosts: Set<string>;
  private readonly jsonLimits: JsonLimits;

  constructor(
    protected readonly options: UpstreamClientOptions,
    defaults: UpstreamDefaults,
  ) {
    this.settings = {
      timeoutMs: options.timeoutMs ?? defaults.timeoutMs,
      retries: options.retries ?? defaults.retries,
      // A plugin sizes the cap to what its upstream really sends; the config's stays the ceiling.
      maxBodyBytes: Math.min(options.maxBodyBytes ?? defaults.maxBodyBytes, defaults.maxBodyBytes),
      userAgent: options.userAgent ?? defaults.userAgent,
    };
    this.jsonLimits = { ...DEFAULT_JSON_LIMITS, ...options.jsonLimits };
    if (options.budget) this.budget = new RequestBudget(options.name, options.budget);
    this.hosts = new Set([new URL(options.baseURL).host, ...(options.redirectHosts ?? [])].map((h) => h.toLowerCase()));
  }

  get name(): string {
    return this.options.name;
  }

  async request(path: string, request: UpstreamRequest = {}): Promise<UpstreamResponse> {
    const method = request.method ?? "GET";
    const started = performance.now();
    const time = deadline(this.settings.timeoutMs, request.signal);
    const signal = time.signal;
    const attempts = 1 + ((request.idempotent ?? method === "GET") ? this.settings.retries : 0);
    let lastError: ServiceErrorLike | undefined;
    try {
      let attemptMs = 0;
      for (let attempt = 0; attempt < attempts; attempt++) {
        if (attempt > 0) {
          const wait = backoffMs(attempt, lastError);
          // A retry is worth it only if it can take as long as the failed attempt did, in time.
          if (performance.now() - started + wait + attemptMs >= this.settings.timeoutMs) break;
          await sleep(wait, signal);
        }
        const attemptStarted = performance.now();
        try {
          // A turn in the budget later than this request's own deadline is refused at once.
          await this.acquire(this.settings.timeoutMs - (performance.now() - started), signal);
        } catch (error) {
          // A retry the client's share has no room for: the failure it would retry is the answer.
          if (lastError && isKind(error, "shareSpent")) break;
          throw error;
        }
        try {
          const response = await this.attempt(path, method, request, signal);
          attemptMs = performance.now() - attemptStarted;
          if (response.status < 500 && response.status !== 429) return response;
          const retryAfterSeconds = retryAfter(response.headers.get("retry-after"));
          lastError = new UpstreamError(`${this.name} answered HTTP ${response.status}`, { upstreamStatus: response.status, retryAfterSeconds });
          if (!isRetriedStatus(response.status, retryAfterSeconds)) break;
        } catch (error) {
          if (signal.aborted) throw error;
          attemptMs = performance.now() - attemptStarted;
          lastError = isServiceError(error) ? error : new UpstreamError(`${this.name} request failed`, { cause: error });
          if (!isFastFailure(error)) break;
        }
      }
    } catch (error) {
      // The deadline passed (during an attempt, a backoff or a wait for the budget). After a fast
      // failure that was retried, that failure is what the caller should hear about.
      if (signal.aborted && lastError) throw lastError;
      if (signal.aborted) throw new UpstreamTimeoutError(this.name, performance.now() - started, { cause: signal.reason });
      throw error;
    } finally {
      time.dispose();
    }
    throw lastError ?? new UpstreamError(`${this.name} request failed`);
  }

  async getJson<S extends z.ZodType>(path: string, schema: S, options: GetJsonOptions = {}): Promise<z.output<S>> {
    const response = await this.request(path, { query: options.query, headers: options.headers, signal: options.signal });
    if (response.status === 404 && options.notFound) throw new NotFoundError(`${this.name} has no ${path}`);
    if (response.status >= 400) {
      throw new UpstreamError(`${this.name} answered HTTP ${response.status} for ${path}`, { upstreamStatus: response.status });
    }
    return readUpstreamAnswer(this.name, schema, response.json(), path);
  }

  /** Waits for room in the upstream's budget for one more request (the service adds its clients' shares). */
  protected async acquire(maxWaitMs: number, signal: AbortSignal): Promise<void> {
    await this.budget?.acquire(maxWaitMs, signal);
  }

  /** Sends one request, redirects not followed; rejects when the upstream cannot be reached. */
  protected abstract send(request: OutgoingRequest, signal: AbortSignal): Promise<Answer>;
  /** The answer's body as text, at most `limit` bytes once decoded (undefined past it). */
  protected abstract readBody(answer: Answer, limit: number, signal: AbortSignal): Promise<string | undefined>;
  /** Drops an answer's body unread, so that its connection can serve another request. */
  protected abstract discard(answer: Answer): void;

  // --- internal ---

  /** One attempt, following redirects that stay on the upstream's own hosts. */
  private async attempt(path: string, method: "GET" | "POST", request: UpstreamRequest, signal: AbortSignal): Promise<UpstreamResponse> {
    let target = path;
    let verb = method;
    for (let hop = 0; ; hop++) {
      const answer = await this.sendOrFail(target, verb, hop === 0 ? request : { headers: request.headers }, signal);
      const location = answer.status >= 300 && answer.status < 400 ? answer.headers.get("location") : null;
      if (!location) return this.read(answer, signal);
      this.discard(answer);
      const next = new URL(location, answer.url);
      if (!this.hosts.has(next.host.toLowerCase()) || (next.protocol !== "https:" && next.protocol !== "http:")) {
        throw new UpstreamError(`${this.name} redirected to another host, which is not followed`, { said: `Location: ${next.host}` });
      }
      if (hop >= MAX_REDIRECTS) throw new UpstreamError(`${this.name} redirected more than ${MAX_REDIRECTS} times`);
      // 307 and 308 repeat the request as it was; the others continue with a GET.
      if (answer.status !== 307 && answer.status !== 308) verb = "GET";
      else if (verb === "POST") throw new UpstreamError(`${this.name} redirected a POST, which is not repeated`);
      target = next.href;
    }
  }

  private async sendOrFail(target: string, method: "GET" | "POST", request: UpstreamRequest, signal: AbortSignal): Promise<Answer> {
    const form = request.form && method === "POST" ? request.form : undefined;
    try {
      return await this.send(
        {
          target,
          baseURL: /^https?:\/\//i.test(target) ? undefined : this.options.baseURL,
          method,
          query: request.query ? dropUndefined(request.query) : undefined,
          body: form ? new URLSearchParams(stringValues(form)).toString() : undefined,
          headers: {
            "user-agent": this.settings.userAgent,
            accept: "application/json, text/plain;q=0.9, */*;q=0.5",
            ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
            ...this.options.headers,
            ...request.headers,
          },
        },
        signal,
      );
    } catch (error) {
      if (signal.aborted) throw error;
      throw new UpstreamError(`${this.name} could not be reached`, { cause: error });
    }
  }

  private async read(answer: Answer, signal: AbortSignal): Promise<UpstreamResponse> {
    const text = await this.readBody(answer, this.settings.maxBodyBytes, signal).catch((error: unknown) => {
      if (signal.aborted) throw error;
      throw new UpstreamError(`${this.name} answer broke off`, { cause: error });
    });
    if (text === undefined) throw new UpstreamParseError(`${this.name} answer is larger than ${this.settings.maxBodyBytes} bytes`);
    const name = this.name;
    const limits = this.jsonLimits;
    return {
      status: answer.status,
      // read through, so that the transport makes them only if someone asks
      get headers() {
        return answer.headers;
      },
      text,
      json<T>() {
        const problem = jsonLimitProblem(text, limits);
        if (problem) throw new UpstreamParseError(`${name} answered JSON ${problem}`);
        try {
          return JSON.parse(text) as T;
        } catch (error) {
          throw new UpstreamParseError(`${name} answered something that is not JSON`, { cause: error });
        }
      },
    };
  }
}

// --- internal ---

function isRetriedStatus(status: number, retryAfterSeconds: number | undefined): boolean {
  if (status === 429) return retryAfterSeconds !== undefined && retryAfterSeconds <= SHORT_RETRY_AFTER_SECONDS;
  return RETRIED_STATUSES.has(status) && (retryAfterSeconds === undefined || retryAfterSeconds <= SHORT_RETRY_AFTER_SECONDS);
}

/** A connection refused or reset: the upstream said no at once, so asking again is cheap. */
function isFastFailure(error: unknown): boolean {
  if (!isServiceError(error) || error.kind !== "upstream") return false;
  const code = causeCode((error as { cause?: unknown }).cause);
  return code === "ECONNREFUSED" || code === "ECONNRESET" || code === "EPIPE" || code === "UND_ERR_SOCKET";
}

/** The system error code somewhere down an error's cause chain (fetch wraps it twice). */
function causeCode(error: unknown, depth = 0): string | undefined {
  if (!error || typeof error !== "object" || depth > 4) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && /^[A-Z_]+$/.test(code)) return code;
  return causeCode((error as { cause?: unknown }).cause, depth + 1);
}

function retryAfter(header: string | null): number | undefined {
  if (!header || !/^\d{1,6}$/.test(header.trim())) return undefined;
  return Number(header.trim());
}

function backoffMs(attempt: number, lastError?: ServiceErrorLike): number {
  const seconds = lastError?.retryAfterSeconds;
  if (seconds !== undefined && seconds > 0) return seconds * 1000;
  return 100 * 2 ** (attempt - 1) + Math.floor(Math.random() * 50);
}

function dropUndefined(query: NonNullable<UpstreamRequest["query"]>) {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as NonNullable<UpstreamRequest["query"]>;
}

function stringValues(form: Record<string, string | number>): Record<string, string> {
  return Object.fromEntries(Object.entries(form).map(([k, v]) => [k, String(v)]));
}
