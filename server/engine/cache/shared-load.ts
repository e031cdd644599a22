/**
 * Coalescing across instances: when another instance holds the load lock of a key, this one
 * polls the shared cache for that instance's answer instead of asking the upstream too. The
 * wait ends with the answer, or without one when the lock is released with nothing stored
 * (the holder failed), when the holder's deadline has passed, or when nobody waits for the
 * answer any more; the caller then loads by itself, so a lost or slow holder costs time but
 * never the answer.
 */
import type { LoadLocks } from "./load-locks.ts";

/** first pause between polls; each next one is longer, up to MAX_POLL_MS */
const FIRST_POLL_MS = 10;
const MAX_POLL_MS = 50;

export async function awaitOtherInstance<T>(
  locks: LoadLocks,
  key: string,
  maxMs: number,
  signal: AbortSignal,
  fresh: (raw: string | undefined) => T | undefined,
): Promise<T | undefined> {
  const until = performance.now() + maxMs;
  let pause = FIRST_POLL_MS;
  while (!signal.aborted) {
    const left = until - performance.now();
    if (left <= 0) return undefined;
    await sleep(Math.min(pause, left), signal);
    pause = Math.min(MAX_POLL_MS, pause * 2);
    // The entry and the lock are read together: "no entry and no lock" means the holder stored nothing.
    const polled = await locks.poll(key).catch(() => undefined);
    if (!polled) return undefined;
    const answer = fresh(polled.raw);
    if (answer !== undefined) return answer;
    if (!polled.held) return undefined;
  }
  return undefined;
}

// --- internal ---

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}
