/** The ISRC of a recording, as a Song's extension field: its plain form, checked. */

const ISRC = /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/;

/** An ISRC in its plain form (`GB-DUW-00-00059` is `GBDUW0000059`), or undefined when it is not one. */
export function normalIsrc(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const plain = value.replace(/[-\s]/g, "").toUpperCase();
  return ISRC.test(plain) ? plain : undefined;
}

/** `{ isrc }` for a valid ISRC in any of its spellings (`GB-DUW-00-00059`), else `{}`: spread it into a Song. */
export function isrcField(value: unknown): { isrc?: string } {
  const isrc = normalIsrc(value);
  return isrc ? { isrc } : {};
}
