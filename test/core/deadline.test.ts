/** `deadline()`: its own time, a parent's abort, and any number of listeners. */
import { describe, expect, it } from "vitest";
import { deadline } from "../../core/http/deadline.ts";

const until = (signal: AbortSignal) => new Promise<void>((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));

describe("deadline", () => {
  it("aborts with a TimeoutError after its time, and says it expired", async () => {
    const started = performance.now();
    const time = deadline(30);
    await until(time.signal);
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
    expect(time.signal.reason).toMatchObject({ name: "TimeoutError" });
    expect(time.expired()).toBe(true);
  });

  it("aborts with its parent's reason when the parent aborts first, and has not expired", () => {
    const parent = new AbortController();
    const time = deadline(10_000, parent.signal);
    const reason = new Error("the client went away");
    parent.abort(reason);
    expect(time.signal.reason).toBe(reason);
    expect(time.expired()).toBe(false);
    time.dispose();
  });

  it("takes any number of listeners without a leak warning (every call of an operation listens)", async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on("warning", onWarning);
    const time = deadline(5_000);
    const listeners = Array.from({ length: 30 }, () => () => undefined);
    for (const listener of listeners) time.signal.addEventListener("abort", listener);
    await new Promise((resolve) => setImmediate(resolve));
    process.off("warning", onWarning);
    for (const listener of listeners) time.signal.removeEventListener("abort", listener);
    time.dispose();
    expect(warnings.filter((w) => w.name === "MaxListenersExceededWarning")).toEqual([]);
  });
});
