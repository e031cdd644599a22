/**
 * The app's one Redis connection, made here with explicit limits, and a small circuit that
 * says whether Redis is worth asking. ioredis's defaults (an offline queue, 20 retries per
 * command, no timeouts) make every call wait on a dead Redis for ~40 s; here a command fails
 * after `commandTimeoutMs` at worst, and once one has failed Redis is skipped (no waiting at
 * all) until it answers a background probe. Cache, rate limiter, statistics and unstorage
 * all share this connection and this state, so an outage is logged once when it starts and
 * once when it ends.
 */
import { Redis, ReplyError } from "ioredis";
import type { Logger } from "../logger.ts";

/** `starting`: not connected yet (at most `startGraceMs`); `up`: ask Redis; `down`: skip it. */
export type RedisState = "starting" | "up" | "down";

export interface RedisLimits {
  /** to open the TCP connection; reconnection runs in the background, never in a request */
  connectTimeoutMs: number;
  /** the longest one command may take before Redis counts as down */
  commandTimeoutMs: number;
  /** how long commands wait for the first connection after start */
  startGraceMs: number;
  /** how often a down Redis is probed */
  probeMs: number;
}

export const REDIS_LIMITS: RedisLimits = { connectTimeoutMs: 1000, commandTimeoutMs: 250, startGraceMs: 500, probeMs: 500 };

/** Thrown without asking Redis while it is down: callers fall back at once. */
export class RedisUnavailableError extends Error {
  override name = "RedisUnavailableError";
}

export class RedisLink {
  readonly client: Redis;
  private current: RedisState = "starting";
  private downSince = 0;
  private lastError = "no answer";
  private probe?: NodeJS.Timeout;
  private probeMisses = 0;
  private closed = false;
  private readonly started: Promise<void>;

  constructor(
    url: string,
    private readonly log: Logger,
    private readonly limits: RedisLimits = REDIS_LIMITS,
  ) {
    this.client = new Redis(url, {
      connectTimeout: limits.connectTimeoutMs,
      commandTimeout: limits.commandTimeoutMs,
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

  /** Runs a command, or fails at once while Redis is down; a failure that is not Redis's own refusal trips the circuit. */
  async run<T>(command: (client: Redis) => Promise<T>): Promise<T> {
    if ((await this.settled()) !== "up") throw new RedisUnavailableError(`redis is unavailable: ${this.lastError}`);
    try {
      return await command(this.client);
    } catch (error) {
      this.failed(error);
      throw error;
    }
  }

  /** A command failed: unless Redis refused it (a bad command), skip Redis until a probe answers. */
  failed(error: unknown): void {
    if (error instanceof ReplyError || error instanceof RedisUnavailableError) return;
    this.lastError = error instanceof Error ? error.message : String(error);
    this.markDown(this.lastError);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.probe);
    this.client.disconnect();
  }

  // --- internal ---

  private markDown(why: string): void {
    if (this.closed || this.current === "down") return;
    const wasStarting = this.current === "starting";
    this.current = "down";
    this.downSince = Date.now();
    this.log.warn(
      `redis ${wasStarting ? "unreachable at start" : "unavailable"} (${why === "the connection closed" ? this.lastError : why}): ` +
        "cache in this process's memory, rate limit in this process, statistics kept here until it is back",
    );
    this.probeMisses = 0;
    this.probe = setInterval(() => this.probeOnce(), this.limits.probeMs);
    this.probe.unref();
  }

  private markUp(): void {
    if (this.closed || this.current === "up") return;
    clearInterval(this.probe);
    if (this.current === "down") this.log.info(`redis available again after ${((Date.now() - this.downSince) / 1000).toFixed(1)} s: cache, rate limit and statistics shared again`);
    this.current = "up";
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
    this.client.ping().then(
      () => this.markUp(),
      () => {
        if (++this.probeMisses % 2 === 0) this.client.stream?.destroy();
      },
    );
  }
}
