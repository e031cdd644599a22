/** Samples by Zipf popularity: the item of rank k is asked with weight 1 / k^s (a deterministic PRNG). */
export function zipfSample<T>(items: readonly T[], count: number, seed: number, s = 1): T[] {
  const weights = items.map((_, k) => 1 / (k + 1) ** s);
  const total = weights.reduce((a, b) => a + b, 0);
  const cumulative: number[] = [];
  let sum = 0;
  for (const w of weights) cumulative.push((sum += w / total));
  let state = seed >>> 0 || 1;
  const random = () => {
    // xorshift32: enough for a benchmark's popularity draw, and the same every run
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  return Array.from({ length: count }, () => {
    const r = random();
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < r) lo = mid + 1;
      else hi = mid;
    }
    return items[lo];
  });
}
