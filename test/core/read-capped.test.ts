/**
 * `readCapped` on Node streams (upstream answers): the whole body, or nothing past the limit,
 * or the failure that ended it, whether it ended before the read began or during it.
 */
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { readCapped } from "../../server/engine/http/read-capped.ts";

describe("readCapped on a Node stream", () => {
  it("reads the whole body, chunk by chunk", async () => {
    const body = new PassThrough();
    const read = readCapped(body, 100);
    body.write("héllo ");
    setImmediate(() => body.end("wörld"));
    expect(await read).toBe("héllo wörld");
  });

  it("stops past the limit: undefined, and the stream is destroyed", async () => {
    const body = new PassThrough();
    const read = readCapped(body, 10);
    body.write("0123456789");
    body.write("x");
    expect(await read).toBeUndefined();
    expect(body.destroyed).toBe(true);
  });

  it("a stream that fails or closes early, before or during the read, rejects", async () => {
    const failedBefore = new PassThrough();
    failedBefore.destroy(new Error("socket reset"));
    await expect(readCapped(failedBefore, 100)).rejects.toThrow("socket reset");

    const closedBefore = new PassThrough();
    closedBefore.destroy();
    await expect(readCapped(closedBefore, 100)).rejects.toMatchObject({ code: "ERR_STREAM_PREMATURE_CLOSE" });

    const failedDuring = new PassThrough();
    const read = readCapped(failedDuring, 100);
    failedDuring.write("{");
    setImmediate(() => failedDuring.destroy(new Error("socket reset")));
    await expect(read).rejects.toThrow("socket reset");

    const closedDuring = new PassThrough();
    const cut = readCapped(closedDuring, 100);
    closedDuring.write("{");
    setImmediate(() => closedDuring.destroy());
    await expect(cut).rejects.toMatchObject({ code: "ERR_STREAM_PREMATURE_CLOSE" });
  });

  it("an abort, during the read or before it, ends the read with the signal's reason and destroys the stream", async () => {
    const body = new PassThrough();
    const controller = new AbortController();
    const read = readCapped(body, 100, controller.signal);
    body.write("{");
    const reason = new Error("deadline");
    setImmediate(() => controller.abort(reason));
    await expect(read).rejects.toBe(reason);
    expect(body.destroyed).toBe(true);
    // A late failure of the given-up stream reaches nobody and ends nothing.
    body.emit("error", new Error("late"));

    const before = new PassThrough();
    const aborted = AbortSignal.abort(reason);
    await expect(readCapped(before, 100, aborted)).rejects.toBe(reason);
    expect(before.destroyed).toBe(true);
  });
});
