/**
 * The app's one Redis connection, made here with explicit limits, and a small circuit that
 * says whether Redis is worth asking. ioredis's defaults (an offline queue, 20 retries per
 * command, no timeouts) make every call wait on a dead Redis for ~40 s; here a request waits
 * for a command (`run`) `commandTimeoutMs` at most, or, through `send`, until Redis answers or
 * counts as down (the rate limit, which must not decide without Redis while it lives, and the
 * statistics), and once Redis is down it is skipped (no waiting at all) until it answers a
 * background probe. Cache, rate limiter, statistics and unstorage all share this connection and
 * this state, so an outage is logged once when it starts and once when it ends.
 *
 * Slow is not down: a command slower than `commandTimeoutMs` (another client's slow command,
 * a paused Redis) makes the link ask Redis a PING, and `run` skip Redis until it answers;
 * Redis is down when its connection closes, or when that PING gets no answer within
 * `downAfterMs` of the slow command.
 */
import { Redis, ReplyError } from "ioredis";
import type { Logger } from "../logger.ts";

/** `starting`: not connected yet (at most `startGraceMs`); `up`: ask Redis; `down`: skip it. */
export type RedisState = "starting" | "up" | "down";

export interface RedisLimits {
  /** to open the TCP connection; reconnection runs in the background, never in a request */
  connectTimeoutMs: number;
  /** the longest a request waits for one command of the cache or the statistics (then goes without it) */
  commandTimeoutMs: number;
  /** how long Redis may answer nothing before it counts as down (a closed connection is down at once) */
  downAfterMs: number;
  /** how long commands wait for the first connection after start */
  startGraceMs: number;
  /** how often a down Redis is probed */
  probeMs: number;
}

export const REDIS_LIMITS: RedisLimits = { connectTimeoutMs: 1000, commandTimeoutMs: 250, downAfterMs: 1000, startGraceMs: 500, probeMs: 500 };

/** Thrown without asking Redis while it is down: callers fall back at once. */
export class RedisUnavailableError extends Error {
  override name = "RedisUnavailableError";
}

/** A command not answered within its caller's wait (Redis is slow, or going down). */
export class RedisTimeoutError extends Error {
  override name = "RedisTimeoutError";
}

export class RedisLink {
  readonly client: Redis;
  private current: RedisState = "starting";
  private downSince = 0;
  private lastError = "no answer";
  private probe?: NodeJS.Timeout;
  private probeMisses = 0;
  /** a PING asks whether a slow Redis is alive */
  private checking = false;
  private readonly upListeners = new Set<() => void>();
  private closed = false;
  private readonly started: Promise<void>;

  constructor(
    url: string,
    private readonly log: Logger,
    readonly limits: RedisLimits = REDIS_LIMITS,
  ) {
    this.client = new Redis(url, {
      connectTimeout: limits.connectTimeoutMs,
      // No timeout of ioredis's own: each caller waits as long as it should (`run`, `send`).
      // Fail at once instead of queueing while disconnected, and never resend a command.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      // Keep reconnecting for ever, at most every 2 s: the outage ends when Redis is back.
      retryStrategy: (times) => Math.min(50 * 2 ** Math.min(times, 6), 2000),
    });
    // Every failed reconnection emits an error; without a listener ioredis prints each one.
    this.client.on("error", (error: Error) => (this.lastError = error.message));
    this.client.on("ready", () => this.markUp());
    this.client.on("close", () => this.markDown("the connection closed"));
    this.started = new Promise((resolve) => {
      const timer = setTimeout(() => (this.markDown("no connection at start"), resolve()), limits.startGraceMs);
      timer.unref();
      this.client.once("ready", () => (clearTimeout(timer), resolve()));
    });
  }

  get state(): RedisState {
    return this.current;
  }

  /** Resolves once the state is known (at most `startGraceMs` after start). */
  async settled(): Promise<RedisState> {
    if (this.current === "starting") await this.started;
    return this.current;
  }

  /**
   * Runs a command; fails at once while Redis is down or being checked after a slow answer, and
   * after `commandTimeoutMs` without an answer.
   */
  run<T>(command: (client: Redis) => Promise<T>): Promise<T> {
    return this.call(command, true);
  }

  /**
   * Sends a command whose answer the caller waits for itself (it settles when Redis answers or
   * the connection fails): fails at once while Redis is down.
   */
  send<T>(command: (client: Redis) => Promise<T>): Promise<T> {
    return this.call(command, false);
  }

  /** `listener` runs each time Redis is back after an outage; the function returned stops it. */
  onUp(listener: () => void): () => void {
    this.upListeners.add(listener);
    return () => this.upListeners.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.probe);
    this.client.disconnect();
  }

  // --- internal ---

  /**
   * A command, watched: unanswered after `commandTimeoutMs`, Redis is checked (and the caller
   * given up on when `giveUp`); failed, unless Redis refused it (a bad command), Redis is down.
   */
  private async call<T>(command: (client: Redis) => Promise<T>, giveUp: boolean): Promise<T> {
    if ((await this.settled()) !== "up") throw new RedisUnavailableError(`redis is unavailable: ${this.lastError}`);
    if (giveUp && this.checking) throw new RedisTimeoutError("redis is slow: skipped until it answers");
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.suspect();
        if (giveUp) reject(new RedisTimeoutError(`redis did not answer within ${this.limits.commandTimeoutMs} ms`));
      }, this.limits.commandTimeoutMs);
      Promise.resolve()
        .then(() => command(this.client))
        .then(
          (value) => (clearTimeout(timer), resolve(value)),
          (error: unknown) => {
            clearTimeout(timer);
            if (!(error instanceof ReplyError)) this.markDown(error instanceof Error ? (this.lastError = error.message) : String(error));
            reject(error);
          },
        );
    });
  }

  /** A command is slow: Redis is down unless a PING sent now is answered within `downAfterMs` of it. */
  private suspect(): void {
    if (this.current !== "up" || this.checking) return;
    this.checking = true;
    const silent = this.limits.downAfterMs - this.limits.commandTimeoutMs;
    within(this.client.ping(), silent)
      .catch(() => this.markDown(`no answer for ${this.limits.downAfterMs} ms`))
      .finally(() => (this.checking = false));
  }

  private markDown(why: string): void {
    if (this.closed || this.current === "down") return;
    const wasStarting = this.current === "starting";
    this.current = "down";
    this.downSince = Date.now();
    this.log.warn(
      `redis ${wasStarting ? "unreachable at start" : "unavailable"} (${why === "the connection closed" ? this.lastError : why}): ` +
        "cache in this process's memory, rate limit in this process from each client's count as last read, statistics kept here until it is back",
    );
    this.probeMisses = 0;
    this.probe = setInterval(() => this.probeOnce(), this.limits.probeMs);
    this.probe.unref();
  }

  private markUp(): void {
    if (this.closed || this.current === "up") return;
    clearInterval(this.probe);
    const wasDown = this.current === "down";
    if (wasDown) this.log.info(`redis available again after ${((Date.now() - this.downSince) / 1000).toFixed(1)} s: cache, rate limit and statistics shared again`);
    this.current = "up";
    if (wasDown) for (const listener of this.upListeners) listener();
  }

  /**
   * While the connection is closed ioredis reconnects by itself and `ready` ends the outage.
   * A connection that stays open but does not answer (a stopped or overloaded Redis, a lost
   * network) is probed with PING, and cut after two silent probes so that ioredis opens a new
   * one; so is a new connection whose handshake gets no answer for two seconds.
   */
  private probeOnce(): void {
    const status = this.client.status;
    if (status === "connect" && ++this.probeMisses % 4 === 0) this.client.stream?.destroy();
    if (status !== "ready") return;
    within(this.client.ping(), this.limits.probeMs).then(
      () => this.markUp(),
      () => {
        if (++this.probeMisses % 2 === 0) this.client.stream?.destroy();
      },
    );
  }
}

/** `promise`, or a rejection after `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new RedisTimeoutError(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error)),
    );
  });
}
