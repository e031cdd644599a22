/**
 * Texts an uploader can write that make a backtracking pattern slow: long runs of white space
 * (what `\s*…$` and `\s+x` re-scan from every position), runs of brackets and dashes, a tag
 * repeated thousands of times (what a loop stripping one tag per pass re-reads whole), and
 * their mixtures. A matcher that reads titles in linear time reads each of them in
 * milliseconds; a quadratic one takes seconds at 30,000 characters and minutes at 100,000.
 * `fastestMs` times the reading.
 */

/** Each shape by name, about `length` characters long (100,000 by default), made of whole units. */
export function hostileTexts(length = 100_000): Record<string, string> {
  const fill = (unit: string, prefix = "x") => prefix + unit.repeat(Math.floor((length - prefix.length) / unit.length));
  return {
    "a run of spaces inside": `a${" ".repeat(length - 2)}b`,
    "a run of spaces at the end": `a${" ".repeat(length - 1)}`,
    "white space of every kind": fill("\t \u00a0\u3000\n"),
    "a run of spaces before a bracket": `a${" ".repeat(length - 4)}(b)`,
    "many bracketed tags": fill(" (a)"),
    "nested and unclosed brackets": fill("(( [{"),
    "closing brackets": fill(" )"),
    "spaced dashes": fill(" - a"),
    "dash tags": fill(" - live"),
    "runs of spaces around dashes": fill(`${" ".repeat(500)}-${" ".repeat(500)}`),
    "dashes and a segue mark": `${"-".repeat(length - 2)}>>`,
    "featuring repeated": fill(" feat"),
    "featuring credits repeated": fill(" (feat. a"),
    "spaced ft repeated": fill(" ft "),
    "channel suffixes": fill(" official"),
    "dashed channel suffixes": fill(" -vevo -"),
    "a number and spaces": `1${" ".repeat(length - 2)}x`,
    "collaborations": fill(" ,  & x and vs. /"),
    "single suffixes": fill(" - single"),
    "slashes": `${"/".repeat(length - 2)}\u0000/`,
    mixed: fill(" (a) - live feat b [c] official  - ft. x , vevo {"),
  };
}

/**
 * How long `work` takes, in milliseconds: the fastest of `tries`, so that a pause of a loaded
 * machine (another process, a garbage collection) is not counted; quadratic work is slow every time.
 */
export function fastestMs(work: () => unknown, tries = 3): number {
  let fastest = Infinity;
  for (let i = 0; i < tries; i++) {
    const started = performance.now();
    work();
    fastest = Math.min(fastest, performance.now() - started);
  }
  return fastest;
}
