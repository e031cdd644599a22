/** Runs `task(0..count-1)` with at most `limit` in flight; results keep their order. */
export async function runWithConcurrency<R>(count: number, limit: number, task: (index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      results[index] = await task(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
  return results;
}

/** Maps items with at most `limit` calls in flight, keeping order. */
export function mapWithConcurrency<T, R>(items: T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  return runWithConcurrency(items.length, limit, (index) => fn(items[index], index));
}
