/**
 * Everything the HTTP side of the service works with, received from the composition root
 * through its constructor: the routes, the checks and the notes of every request read it.
 */
import { inject, injectable } from "tsyringe";
import type { StoreResponseCache } from "../engine/cache/response-cache.ts";
import { Tokens } from "@music-aggregator/core";
import type { Channel } from "../engine/cluster/channel.ts";
import type { AppConfig } from "../engine/config.ts";
import { clientAddressResolver } from "../engine/guard/client-ip.ts";
import { UserAgentPolicy } from "../engine/guard/user-agent.ts";
import { Lifecycle } from "../engine/lifecycle.ts";
import type { Logger } from "../engine/logger.ts";
import { MusicMetrics } from "../engine/metrics/music-metrics.ts";
import { MusicService } from "../engine/music/music-service.ts";
import type { RedisLink } from "../engine/redis/connection.ts";
import { QrCodeService } from "../engine/share/qr-code.ts";
import { ShareService } from "../engine/share/share-service.ts";
import { TrafficStats } from "../engine/share/traffic-stats.ts";
import { SourceRegistry } from "../engine/sources/source-registry.ts";
import { ServiceTokens } from "../engine/tokens.ts";
import { answersLocally } from "../engine/cache/answer-store.ts";
import { defaultKeptBytes } from "../engine/cache/memory-driver.ts";
import type { Gate } from "./admit.ts";
import type { Notes } from "./finish.ts";
import { KeptAnswers } from "./kept-answers.ts";
import { RequestMetrics } from "./metrics/request-metrics.ts";
import type { Front } from "./serve.ts";
import { type OriginStats } from "../engine/stats/shared-stats.ts";
import { type RateLimiter } from "../engine/guard/rate-limiter.ts";

@injectable()
export class HttpFront implements Front {
  readonly gate: Gate;
  readonly notes: Notes;
  /** the requests counted for `/metrics`; none when config `metrics.enabled` is false */
  readonly requestMetrics?: RequestMetrics;
  /** cached `/v1` answers kept to be served before h3; none when every read must ask the store (`cache.localTier: false`) */
  readonly kept?: KeptAnswers;
  /** Subsonic's answers of one item kept by request target, apart (a client with a new salt each request makes a new target each time) */
  readonly keptRest?: KeptAnswers;

  constructor(
    @inject(Tokens.Config) readonly config: AppConfig,
    @inject(Tokens.Logger) readonly log: Logger,
    @inject(Tokens.ResponseCache) readonly cache: StoreResponseCache,
    @inject(MusicService) readonly music: MusicService,
    @inject(SourceRegistry) readonly sources: SourceRegistry,
    @inject(MusicMetrics) readonly musicMetrics: MusicMetrics,
    @inject(UserAgentPolicy) userAgents: UserAgentPolicy,
    @inject(ServiceTokens.RateLimiter) limiter: RateLimiter,
    @inject(ServiceTokens.OriginStats) origins: OriginStats,
    @inject(TrafficStats) readonly traffic: TrafficStats,
    @inject(QrCodeService) readonly qr: QrCodeService,
    @inject(ServiceTokens.Shares) readonly shares: ShareService | undefined,
    @inject(ServiceTokens.Redis) readonly redis: RedisLink | undefined,
    @inject(ServiceTokens.Group) readonly group: Channel | undefined,
    @inject(Lifecycle) readonly lifecycle: Lifecycle,
  ) {
    if (config.metrics.enabled) this.requestMetrics = new RequestMetrics(musicMetrics.registry);
    this.gate = { userAgents, limiter, clientAddress: clientAddressResolver(config.rateLimit.trustProxy), metrics: this.requestMetrics };
    this.notes = { origins, traffic, metrics: this.requestMetrics, accessLog: config.log.access ? log.child("access") : undefined, logQuiet: config.log.probes };
    if (answersLocally(config)) this.kept = new KeptAnswers(defaultKeptBytes(), cache);
    if (answersLocally(config) && config.compat.subsonic.users.length) this.keptRest = new KeptAnswers(defaultKeptBytes() / 8, cache);
  }
}
