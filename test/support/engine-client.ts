/** The service's own upstream client factory (node:http transport), with the kit harness's test defaults; `clientShare` 1: no client's share is smaller than the budget. */
import { TEST_UPSTREAM, type UpstreamDefaults } from "../../core/testing/fetch-upstream-client.ts";
import { HttpUpstreamClientFactory } from "../../server/engine/http/upstream-client.ts";
import type { UpstreamClientFactory } from "@music-aggregator/core";

export function engineClientFactory(overrides: Partial<UpstreamDefaults> = {}): UpstreamClientFactory {
  return new HttpUpstreamClientFactory({ ...TEST_UPSTREAM, ...overrides }, 1);
}
