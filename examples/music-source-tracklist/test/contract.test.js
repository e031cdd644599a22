// The plugin against the contract suite every source plugin runs: `npx vitest run` in this package.
import { testSourcePlugin } from "@music-aggregator/core/testing";
import tracklist from "../index.js";
import { startTracklist } from "./simulator.js";

testSourcePlugin({
  plugin: tracklist,
  async setup() {
    const { simulator, fixtures } = await startTracklist();
    return { simulator, options: { baseURL: simulator.url }, fixtures };
  },
});
