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
 *   requests spend (docs/decisions.md, "Fair upstream budgets"). The cache starts a load for
 *   the client of the request whose miss starts it, so the starter pays; a request that joins
 *   a load under way, or is answered from the cache, sends nothing and pays nothing.
 *
 * A request's client reaches the cache by the request's abort signal, the one object of a
 * request that every cache call it makes is given (`nameClient`); from there on, the load's
 * storage carries it. The storage is entered for loads only: while it is enabled it hooks every
 * promise of the process, which cost a cached answer that goes through h3 about a tenth of its
 * CPU when it was entered for every request (measured with Redis and `cache.localTier` off).
 */
import { AsyncLocalStorage } from "node:async_hooks";

interface Counter {
  calls: number;
  parent: Counter | undefined;
  /** the client the work is done for, when known */
  client: string | undefined;
}

const current = new AsyncLocalStorage<Counter>();
/** loads under way; with none, the storage is switched off (see below) */
let running = 0;

/** Notes one upstream request sent on behalf of the work running now (if it is counted). */
export function noteUpstreamCall(): void {
  for (let counter = current.getStore(); counter; counter = counter.parent) counter.calls++;
}

/** The client the work running now is done for, if any. */
export function currentClient(): string | undefined {
  return current.getStore()?.client;
}

/** Names the client a request is for, by its signal: the loads its cache misses start spend that client's shares. */
export function nameClient(signal: AbortSignal, client: string | undefined): void {
  if (client !== undefined) clients.set(signal, client);
}

/** `derived` (a deadline made of a request's `signal`) is for the same client. */
export function sameClient(derived: AbortSignal, signal: AbortSignal | undefined): void {
  const client = signal && clients.get(signal);
  if (client !== undefined) clients.set(derived, client);
}

/** The client a load started now is for: the one of the load running (a load inside a load), else the one `signal` names. */
export function clientOf(signal: AbortSignal | undefined): string | undefined {
  return current.getStore()?.client ?? (signal && clients.get(signal));
}

/**
 * Runs `work`, counting the upstream requests sent for it (`calls()` reads the count so far),
 * for `client` (by default, the client of the work running now).
 */
export function countUpstreamCalls<T>(work: () => Promise<T>, client?: string): { result: Promise<T>; calls: () => number } {
  const parent = current.getStore();
  const counter: Counter = { calls: 0, parent, client: client ?? parent?.client };
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

// --- internal ---

/** requests' signals and the client each is for */
const clients = new WeakMap<AbortSignal, string>();

/**
 * On Node 20 an enabled AsyncLocalStorage hooks every promise and tick of the process (about
 * 1.5 µs of a cached answer's 17, measured): when no load is under way it is disabled, so the
 * cached path, which loads nothing, pays nothing; the next `run` enables it again.
 */
function release(): void {
  if (--running === 0) current.disable();
}
