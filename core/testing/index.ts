/**
 * `@music-aggregator/core/testing`: what a plugin's tests need. `startSimulator` fakes the
 * upstream with real HTTP on port 0; `testSourcePlugin` is the contract suite every source
 * plugin runs (bundled or third-party); `bindSourcePlugin` and `buildPlugin` build a plugin
 * with fake services (an upstream client over global fetch that fails as the service's does,
 * a memory cache and logger) for tests of its own. The contract suite needs vitest.
 */
export { startSimulator, type Fault, type RouteHandler, type Simulator } from "./simulator.ts";
export { testSourcePlugin, type ContractFixtures, type SourceContractOptions } from "./contract.ts";
export { bindSourcePlugin, buildPlugin, type BindOptions, type BoundPlugin, type BoundTestSource } from "./bind.ts";
export { testClientFactory, type UpstreamDefaults } from "./fetch-upstream-client.ts";
export { createMemoryResponseCache } from "./memory-response-cache.ts";
export { callContext, codeOf } from "./calls.ts";
export { hasAllWords } from "./search-words.ts";
export { loadRecordings, startReplaySimulator, type Answer, type Interaction, type ReplayHooks, type ReplaySimulator } from "./replay.ts";
export { createMemoryLogger } from "./memory-logger.ts";
