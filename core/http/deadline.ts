/**
 * A deadline as an abort signal: it aborts after `ms`, or as soon as a parent signal aborts,
 * whichever comes first. One controller and one timer, released by `dispose()`: cheaper than
 * `AbortSignal.timeout` combined with `AbortSignal.any`, which every upstream call would pay
 * twice (the operation's deadline and the request's).
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
  return {
    signal: controller.signal,
    expired: () => timedOut,
    dispose() {
      clearTimeout(timer);
      parent?.removeEventListener("abort", onParentAbort);
    },
  };
}
