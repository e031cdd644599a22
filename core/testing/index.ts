/**
 * `@music-aggregator/core/testing`: what a plugin's tests need. `startSimulator` fakes the
 * upstream with real HTTP on port 0; `testSourcePlugin` is the contract suite every source
 * plugin runs (bundled or third-party); `bindSourcePlugin` binds a plugin through the real
 * core for tests of its own. Needs vitest.
 */
export { startSimulator, type Fault, type RouteHandler, type Simulator } from "./simulator.ts";
export { testSourcePlugin, type ContractFixtures, type SourceContractOptions } from "./contract.ts";
export { bindSourcePlugin, testClientFactory, type BindOptions, type BoundTestSource } from "./bind.ts";
export { callContext, codeOf } from "./calls.ts";
export { hasAllWords } from "./search-words.ts";
export { loadRecordings, startReplaySimulator, type Answer, type Interaction, type ReplayHooks, type ReplaySimulator } from "./replay.ts";
export { createMemoryLogger } from "./memory-logger.ts";
