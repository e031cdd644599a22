/**
 * What the contract suite tells a plugin author whose plugin is wrong: a method that never
 * settles, deaf to `ctx.signal`, is named with what to do, not left to the runner's bare
 * "Test timed out" (the suite run in a child vitest on test/fixtures/contract-hang).
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { expect, it } from "vitest";
import { PROJECT_ROOT } from "../support/main-process.ts";

it("a method that hangs past its deadline fails its test naming the method and the signal, within the runner's default timeout; one that throws at once fails with its error", () => {
  const run = spawnSync(process.execPath, [join(PROJECT_ROOT, "node_modules/vitest/vitest.mjs"), "run", "--config", "test/fixtures/contract-hang/vitest.config.ts"], {
    cwd: PROJECT_ROOT,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
    timeout: 60_000,
  });
  const output = `${run.stdout}\n${run.stderr}`;
  expect(run.status, output).toBe(1);
  expect(output).toContain("search() did not settle within 1000 ms of its ctx.signal aborting (its deadline, 5000 ms): pass ctx.signal to every request");
  expect(output).not.toContain("Test timed out");
  // a method that throws at once fails with its own error, and leaves nothing behind to go off later
  expect(output).toContain("Error: thrown at once");
  expect(output).not.toMatch(/Unhandled/i);
  expect(output.match(/did not settle/g)).toHaveLength(1);
  // each failing call fails its own test; the others, and the upstream failures, still run
  expect(output).toMatch(/Tests\s+2 failed \| 42 passed/);
}, 90_000);
