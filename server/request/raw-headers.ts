/**
 * A header's value from Node's raw list. Reading `req.headers` makes Node build its header
 * object, which costs more on the hot path than every check made with the value; the raw list
 * is already there.
 */
export function rawHeader(raw: string[], name: string): string | undefined {
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i].length === name.length && raw[i].toLowerCase() === name) return raw[i + 1];
  }
  return undefined;
}
