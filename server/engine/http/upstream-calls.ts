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
/** counted pieces of work under way; with none, the storage is switched off (see below) */
let running = 0;

/** Notes one upstream request sent on behalf of the work running now (if it is counted). */
export function noteUpstreamCall(): void {
  for (let counter = current.getStore(); counter; counter = counter.parent) counter.calls++;
}

/** Runs `work`, counting the upstream requests sent for it; `calls()` reads the count so far. */
export function countUpstreamCalls<T>(work: () => Promise<T>): { result: Promise<T>; calls: () => number } {
  const counter: Counter = { calls: 0, parent: current.getStore() };
  running++;
  let result: Promise<T>;
  try {
    result = current.run(counter, work);
  } catch (error) {
    release();
    throw error;
  }
  result.then(release, release);
  return { result, calls: () => counter.calls };
}

/**
 * On Node 20 an enabled AsyncLocalStorage hooks every promise and tick of the process (about
 * 1.5 µs of a cached answer's 17, measured): when no counted work is under way it is disabled,
 * so the cached path, which loads nothing, pays nothing; the next `run` enables it again.
 */
function release(): void {
  if (--running === 0) current.disable();
}
