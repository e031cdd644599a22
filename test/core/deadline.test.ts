/** `deadline()`: its own time, a parent's abort, and an inner deadline sharing an outer one that ends no later. */
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

  it("an inner deadline that would end later than its outer one is the outer one", async () => {
    const outer = deadline(40);
    const inner = deadline(5_000, outer.signal);
    expect(inner.signal).toBe(outer.signal);
    inner.dispose(); // releases nothing of the outer's
    await until(outer.signal);
    expect(inner.expired()).toBe(true);
  });

  it("an inner deadline shorter than its outer one ends by itself and leaves the outer running", async () => {
    const outer = deadline(5_000);
    const inner = deadline(20, outer.signal);
    expect(inner.signal).not.toBe(outer.signal);
    await until(inner.signal);
    expect(inner.expired()).toBe(true);
    expect(outer.signal.aborted).toBe(false);
    expect(outer.expired()).toBe(false);
    outer.dispose();
  });

  it("a deadline made inside one already disposed has a timer of its own", async () => {
    const outer = deadline(30);
    outer.dispose();
    const inner = deadline(60, outer.signal);
    expect(inner.signal).not.toBe(outer.signal);
    await until(inner.signal);
    expect(inner.expired()).toBe(true);
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
