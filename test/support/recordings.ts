/**
 * The real recorded upstream answers beside the project (`../shared/recordings/<name>`, see
 * its README). They are read at test time and never copied into the project; a replay test
 * runs where they exist and says once, clearly, that it is skipped where they do not.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { loadRecordings, type Interaction } from "@music-aggregator/core/testing";

const RECORDINGS = resolve(import.meta.dirname, "../../../shared/recordings");

/** Whether this machine has one upstream's recordings; says so on stderr when it has not. */
export function hasRecordings(name: string): boolean {
  if (existsSync(resolve(RECORDINGS, name))) return true;
  process.stderr.write(`[replay] skipped: no recordings of ${name} at ${resolve(RECORDINGS, name)} (../shared is not beside this checkout)\n`);
  return false;
}

/** Every recorded interaction of one upstream. */
export function sharedRecordings(name: string): Interaction[] {
  return loadRecordings(resolve(RECORDINGS, name));
}
