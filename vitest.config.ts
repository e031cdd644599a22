import { defineConfig } from "vitest/config";

export default defineConfig({
  oxc: { decorator: { legacy: true, emitDecoratorMetadata: true } } as never,
  test: {
    // The core is TypeScript wherever it is installed (an app's own copy under node_modules too).
    server: { deps: { inline: [/@music-aggregator\/core/, /music-source-/] } },
    include: ["test/**/*.test.ts", "plugins/**/*.test.ts"],
    exclude: ["test/bench/**", "node_modules/**"],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: "forks",
  },
});
