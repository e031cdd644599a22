/**
 * A rendered scrape, kept for config `metrics.cacheMs` (1 s by default): rendering the registry
 * costs a few milliseconds (and, in a `WORKERS` group, a round trip to every worker), so
 * several scrapers polling each second, or anyone polling faster, get the same text and cost
 * one render per period whatever their number. Scrapes that come while a render is under way
 * wait for it; a render that fails is not kept.
 */
export function keptFor(ms: number, render: () => Promise<string>): () => Promise<string> {
  let kept: { text: Promise<string>; until: number } | undefined;
  return () => {
    const now = Date.now();
    if (kept && now < kept.until) return kept.text;
    const text = render();
    const entry = (kept = { text, until: now + ms });
    text.catch(() => {
      if (kept === entry) kept = undefined;
    });
    return text;
  };
}
