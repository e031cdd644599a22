/**
 * How a cached answer is stored: `<expiresAt>|<kind>|<payload>`, where `expiresAt` is epoch
 * milliseconds (the end of its fresh life; a store may keep it longer as a stale stand-in),
 * `kind` is `v` (an answer, JSON text) or `n` (not found, its message). Plain text, so that a hit
 * costs no parse and every store (memory, Redis) keeps the same bytes.
 */
export interface StoredEntry {
  expiresAt: number;
  kind: "v" | "n";
  payload: string;
}

export function encodeEntry(entry: StoredEntry): string {
  return `${entry.expiresAt}|${entry.kind}|${entry.payload}`;
}

/** The entry, or undefined when the text is not one. */
export function decodeEntry(raw: string): StoredEntry | undefined {
  const first = raw.indexOf("|");
  const kind = raw.charAt(first + 1);
  if (first < 1 || raw.charAt(first + 2) !== "|" || (kind !== "v" && kind !== "n")) return undefined;
  return { expiresAt: Number(raw.slice(0, first)), kind, payload: raw.slice(first + 3) };
}

/** The end of an entry's fresh life, without decoding its payload; NaN when the text is not an entry. */
export function entryExpiry(raw: string): number {
  return Number(raw.slice(0, raw.indexOf("|")));
}

/** An entry's kind, without decoding its payload. */
export function entryKind(raw: string): string {
  return raw.charAt(raw.indexOf("|") + 1);
}
