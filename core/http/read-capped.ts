/**
 * Reads a body stream up to a byte limit, cancelling the rest: a length header can lie, and a
 * body we will refuse anyway should not be buffered whole. A signal bounds the whole read, so
 * a body that trickles in cannot hold its reader past a deadline.
 */
export async function readCapped(
  body: ReadableStream<Uint8Array> | null | undefined,
  limit: number,
  signal?: AbortSignal,
): Promise<string | undefined> {
  if (!body) return "";
  const reader = body.getReader();
  const stop = () => void reader.cancel(signal?.reason).catch(() => undefined);
  signal?.addEventListener("abort", stop, { once: true });
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      if (signal?.aborted) throw signal.reason;
      const { done, value } = await reader.read();
      if (signal?.aborted) throw signal.reason;
      if (done) break;
      total += value.byteLength;
      if (total > limit) {
        await reader.cancel().catch(() => undefined);
        return undefined;
      }
      chunks.push(value);
    }
  } finally {
    signal?.removeEventListener("abort", stop);
  }
  return Buffer.concat(chunks).toString("utf8");
}
