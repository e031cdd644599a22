import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const kitSource = (path: string) => fileURLToPath(new URL(`./core/${path}`, import.meta.url));

export default defineConfig({
  oxc: { decorator: { legacy: true, emitDecoratorMetadata: true } } as never,
  // `@music-aggregator/core` is the kit's TypeScript sources here, for every importer (tsc and tsx
  // read the same from tsconfig.json `paths`); its package.json's `exports` name the compiled
  // files (`npm run build` in core/) that a plugin project installs.
  resolve: {
    alias: [
      { find: /^@music-aggregator\/core$/, replacement: kitSource("index.ts") },
      { find: /^@music-aggregator\/core\/testing$/, replacement: kitSource("testing/index.ts") },
      { find: /^@music-aggregator\/core\/host$/, replacement: kitSource("host/index.ts") },
    ],
  },
  test: {
    // The service's entries load it before anything is decorated; tests import the classes directly.
    setupFiles: ["reflect-metadata"],
    // Transformed by vite, not loaded by node: an installed plugin package and its own copy of the kit.
    server: { deps: { inline: [/@music-aggregator\/core/, /music-source-/] } },
    include: ["test/**/*.test.ts", "plugins/**/*.test.ts"],
    exclude: ["test/bench/**", "node_modules/**"],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: "forks",
  },
});
