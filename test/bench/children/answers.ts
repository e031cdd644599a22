/**
 * The answers a peer server gives: the service's own answers, byte for byte, by path and
 * query (`BENCH_ANSWERS`, a JSON file `{path: body}` the bench writes after filling the
 * service's cache), so every server under test sends the same bytes for the same request.
 */
import { readFileSync } from "node:fs";

export function benchAnswers(): Map<string, string> {
  const file = process.env.BENCH_ANSWERS;
  if (!file) throw new Error("BENCH_ANSWERS is not set");
  return new Map(Object.entries(JSON.parse(readFileSync(file, "utf8")) as Record<string, string>));
}
