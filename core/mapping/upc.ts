/**
 * A release's barcode (UPC-A, EAN-13, EAN-8 or GTIN-14), as an album's `upc` extension field and
 * a look-up key. One barcode has several spellings: hyphens and spaces, and leading zeros (a
 * UPC-A is an EAN-13 with a leading 0, and upstreams store either), so its plain form drops
 * them; `upcProblem` says why a text is no barcode, for a 1001 that names the reason.
 */

/** At most 14 digits (GTIN-14) once hyphens and spaces are gone; a text longer than this is no barcode. */
const MAX_SPELLING = 40;

/** Why `value` is no barcode ("…: the check digit should be 5"), or undefined when it is one. */
export function upcProblem(value: string): string | undefined {
  if (value.length > MAX_SPELLING) return `a barcode has at most 14 digits, this text has ${value.length} characters`;
  const digits = value.replace(/[-\s]/g, "");
  if (!/^\d+$/.test(digits)) return "a barcode (UPC or EAN) is digits only, hyphens and spaces aside";
  if (![8, 12, 13, 14].includes(digits.length)) return `a barcode has 8, 12, 13 or 14 digits, not ${digits.length}`;
  // Zeros alone pass the check digit, and their plain form (leading zeros dropped) would be empty.
  if (/^0+$/.test(digits)) return "a barcode is not zeros alone";
  const expected = checkDigit(digits.slice(0, -1));
  if (Number(digits.at(-1)) !== expected) return `its check digit should be ${expected}, not ${digits.at(-1)}`;
  return undefined;
}

/** A barcode's plain form (digits, leading zeros dropped: `0724384960650` is `724384960650`), or undefined when it is none. */
export function normalUpc(value: unknown): string | undefined {
  if (typeof value !== "string" && typeof value !== "number") return undefined;
  const text = String(value);
  if (upcProblem(text) !== undefined) return undefined;
  return text.replace(/[-\s]/g, "").replace(/^0+/, "");
}

/** The barcode as `digits` long with leading zeros (an upstream that wants a UPC-A asks for 12, an EAN-13 13). */
export function upcDigits(upc: string, digits: 12 | 13 | 14): string {
  return upc.padStart(digits, "0");
}

/** `{ upc }` for a valid barcode in any of its spellings, else `{}`: spread it into an album. */
export function upcField(value: unknown): { upc?: string } {
  const upc = normalUpc(value);
  return upc ? { upc } : {};
}

// --- internal ---

/** GS1's check digit: from the right, the data digits weigh 3, 1, 3, …; leading zeros weigh nothing. */
function checkDigit(data: string): number {
  let sum = 0;
  for (let i = 0; i < data.length; i++) sum += Number(data[data.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}
