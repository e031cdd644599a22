/**
 * Requests per `origin` (the spec: origin is for logs and statistics), for `/v1/status`
 * `origins`: the top 20 of the last 24 hours. A request is counted in memory, in hourly
 * buckets (`hourly-origins.ts`); where the counts of other instances come from (Redis, the
 * process group) and how they are sent there (in batches) is the `SharedStats`' business.
 */
import { inject, injectable } from "tsyringe";
import { ServiceTokens } from "../tokens.ts";
import { type OriginCount } from "../domain.ts";
import { type OriginStats, type SharedStats } from "./shared-stats.ts";

@injectable()
export class CountingOriginStats implements OriginStats {
  constructor(@inject(ServiceTokens.SharedStats) private readonly shared: SharedStats) {}

  record(origin: string): void {
    this.shared.countOrigin(origin);
  }

  async top(): Promise<OriginCount[]> {
    return (await this.shared.totals()).origins;
  }
}
