/**
 * A deadline as an abort signal: it aborts after `ms`, or as soon as a parent signal aborts,
 * whichever comes first. One controller and one timer, released by `dispose()`: cheaper than
 * `AbortSignal.timeout` combined with `AbortSignal.any`. When the parent is itself a deadline
 * that ends no later than `ms` from now (an upstream call inside an operation that has the
 * same time or less left), the parent's signal is used as it is: nothing new is made.
 */
import { setMaxListeners } from "node:events";

export interface Deadline {
  readonly signal: AbortSignal;
  /** true when the time ran out (rather than the parent aborting) */
  expired(): boolean;
  /** Stops the timer and the parent's listener; the signal stays as it is. */
  dispose(): void;
}

export function deadline(ms: number, parent?: AbortSignal): Deadline {
  const endsAt = performance.now() + ms;
  const outer = parent && deadlines.get(parent);
  if (outer && outer.endsAt <= endsAt) return { signal: parent!, expired: () => outer.expired(), dispose: () => undefined };
  const controller = new AbortController();
  // Every call of an operation, however many run at once, listens to its deadline: many
  // listeners here are not a leak, though Node would warn of one past ten.
  setMaxListeners(0, controller.signal);
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const onParentAbort = () => {
    clearTimeout(timer);
    controller.abort(parent!.reason);
  };
  if (parent?.aborted) controller.abort(parent.reason);
  else {
    timer = setTimeout(() => {
      timedOut = true;
      parent?.removeEventListener("abort", onParentAbort);
      controller.abort(new DOMException(`the deadline of ${ms} ms passed`, "TimeoutError"));
    }, ms);
    parent?.addEventListener("abort", onParentAbort, { once: true });
  }
  const made: Deadline & { endsAt: number } = {
    signal: controller.signal,
    endsAt,
    expired: () => timedOut,
    dispose() {
      clearTimeout(timer);
      parent?.removeEventListener("abort", onParentAbort);
      // Its timer is gone: a call made after this (work a plugin left running) needs its own.
      deadlines.delete(controller.signal);
    },
  };
  deadlines.set(controller.signal, made);
  return made;
}

// --- internal ---

/** The deadline behind each signal `deadline()` made, so that an inner one can share it. */
const deadlines = new WeakMap<AbortSignal, Deadline & { endsAt: number }>();
