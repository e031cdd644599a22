/**
 * The context a piece of work carries to the upstream clients it ends up calling, through
 * AsyncLocalStorage (plugins call `deps.http` clients, whose interface has no room for it):
 *
 * - whether it called an upstream, for the envelope's `cost`: 0 whenever no upstream call was
 *   made (docs/decisions.md (/v1)), such as a chart list a plugin knows by heart or an id it
 *   refuses without asking. Every request the upstream clients send is noted in the counters
 *   of the work it runs for, and in those of the work that started that one (a cached item
 *   read inside a search, say);
 * - the client it is done for (its rate-limit key), whose share of each upstream's budget its
 *   requests spend (docs/decisions.md, "Fair upstream budgets"). A load runs in the context of
 *   the request that started it, so the starter pays; a request that joins a load under way,
 *   or is answered from the cache, sends nothing and pays nothing.
 *
 * One storage for both: each enabled storage hooks every promise of the process.
 */
import { AsyncLocalStorage } from "node:async_hooks";

interface Counter {
  calls: number;
  parent: Counter | undefined;
  /** the client the work is done for, when known */
  client: string | undefined;
}

const current = new AsyncLocalStorage<Counter>();
/** pieces of work under way; with none, the storage is switched off (see below) */
let running = 0;

/** Notes one upstream request sent on behalf of the work running now (if it is counted). */
export function noteUpstreamCall(): void {
  for (let counter = current.getStore(); counter; counter = counter.parent) counter.calls++;
}

/** The client the work running now is done for, if any. */
export function currentClient(): string | undefined {
  return current.getStore()?.client;
}

/** Runs `work`, counting the upstream requests sent for it; `calls()` reads the count so far. */
export function countUpstreamCalls<T>(work: () => Promise<T>): { result: Promise<T>; calls: () => number } {
  const parent = current.getStore();
  const counter: Counter = { calls: 0, parent, client: parent?.client };
  return { result: runWith(counter, work), calls: () => counter.calls };
}

/** Runs a request's work for `client`: the loads it starts spend that client's shares. */
export function forClient<T>(client: string | undefined, work: () => Promise<T>): Promise<T> {
  if (client === undefined) return work();
  return runWith({ calls: 0, parent: undefined, client }, work);
}

// --- internal ---

function runWith<T>(counter: Counter, work: () => Promise<T>): Promise<T> {
  running++;
  let result: Promise<T>;
  try {
    result = current.run(counter, work);
  } catch (error) {
    release();
    throw error;
  }
  result.then(release, release);
  return result;
}

/**
 * On Node 20 an enabled AsyncLocalStorage hooks every promise and tick of the process (about
 * 1.5 µs of a cached answer's 17, measured): when no work is under way it is disabled, so the
 * fast path of cached answers, which runs none, pays nothing; the next `run` enables it again.
 */
function release(): void {
  if (--running === 0) current.disable();
}
