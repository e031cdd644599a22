/**
 * Reads a body stream up to a byte limit, cancelling the rest: a length header can lie, and a
 * body we will refuse anyway should not be buffered whole.
 */
export async function readCapped(body: ReadableStream<Uint8Array> | null | undefined, limit: number): Promise<string | undefined> {
  if (!body) return "";
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
