/*
 * LRC lyrics: `[mm:ss.xx] words` lines (several time tags may share a line; `[ar:...]`-style
 * tags are metadata), turned into timed lines the player can follow.
 */
const TIME_TAG = /\[(\d{1,3}):(\d{1,2})(?:[.:](\d{1,3}))?\]/g;

/**
 * The lines of an LRC text, in time order: `{ time, text }` with `time` in seconds, or
 * `time: null` for every line when the text has no time tags at all (plain lyrics).
 */
export function parseLrc(text) {
  const timed = [];
  const plain = [];
  for (const raw of String(text ?? "").split(/\r?\n/)) {
    const tags = [...raw.matchAll(TIME_TAG)];
    const words = raw.replace(TIME_TAG, "").trim();
    if (!tags.length) {
      // Metadata tags such as [ar:Artist] or [offset:+100] are not words.
      if (words && !/^\[[a-z]+:.*\]$/i.test(words)) plain.push({ time: null, text: words });
      continue;
    }
    for (const [, min, sec, frac = "0"] of tags) {
      timed.push({ time: Number(min) * 60 + Number(sec) + Number(frac) / 10 ** frac.length, text: words });
    }
  }
  if (!timed.length) return plain;
  return timed.sort((a, b) => a.time - b.time);
}

/** The index of the line being sung at `seconds` (the last one started), or -1 before the first. */
export function lineAt(lines, seconds) {
  let found = -1;
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].time === null || lines[i].time > seconds) break;
    found = i;
  }
  return found;
}
