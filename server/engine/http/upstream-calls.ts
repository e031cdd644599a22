/**
 * Whether a piece of work called an upstream, for the envelope's `cost`: 0 whenever no
 * upstream call was made (docs/decisions.md (/v1)), such as a chart list a plugin knows by
 * heart or an id it refuses without asking. Every request the upstream clients send is noted
 * in the counters of the work it runs for (AsyncLocalStorage), and in those of the work that
 * started that one (a cached item read inside a search, say).
 */
import { AsyncLocalStorage } from "node:async_hooks";

interface Counter {
  calls: number;
  parent: Counter | undefined;
}

const current = new AsyncLocalStorage<Counter>();

/** Notes one upstream request sent on behalf of the work running now (if it is counted). */
export function noteUpstreamCall(): void {
  for (let counter = current.getStore(); counter; counter = counter.parent) counter.calls++;
}

/** Runs `work`, counting the upstream requests sent for it; `calls()` reads the count so far. */
export function countUpstreamCalls<T>(work: () => Promise<T>): { result: Promise<T>; calls: () => number } {
  const counter: Counter = { calls: 0, parent: current.getStore() };
  return { result: current.run(counter, work), calls: () => counter.calls };
}
