/** The ISRC of a recording, as a Song's extension field (`core/match/recording.ts` compares it). */
import { normalIsrc } from "../match/recording.ts";

/** `{ isrc }` for a valid ISRC in any of its spellings (`GB-DUW-00-00059`), else `{}`: spread it into a Song. */
export function isrcField(value: unknown): { isrc?: string } {
  const isrc = normalIsrc(value);
  return isrc ? { isrc } : {};
}
