/**
 * Publish dates as docs/decisions.md (/v1) wants them: `YYYY-MM-DD`, or `YYYY` / `YYYY-MM` when that is all
 * the upstream knows. Upstreams send plain dates, date-times (`2013-11-06 17:00:00`, ISO
 * 8601), bare years, and placeholders for "unknown" such as Deezer's `0000-00-00`.
 */

/**
 * The publish date of an upstream value, truncated to what it really knows; null when it is
 * missing, a placeholder or not a date. Only the date part of a date-time is kept, as written
 * (no time-zone shift: a release date is a calendar day, not an instant).
 */
export function publishDate(value: unknown): string | null {
  if (typeof value === "number" && Number.isInteger(value)) return year(value);
  if (typeof value !== "string") return null;
  const match = /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?(?:$|[T ])/.exec(value.trim());
  if (!match) return null;
  const y = year(Number(match[1]));
  if (!y) return null;
  const month = match[2] === undefined ? 0 : Number(match[2]);
  const day = match[3] === undefined ? 0 : Number(match[3]);
  // `2001-00-00` means "some day of 2001": keep what is known, drop the zeros.
  if (month < 1 || month > 12) return y;
  const ym = `${y}-${pad(month)}`;
  if (day < 1 || day > daysIn(Number(y), month)) return ym;
  return `${ym}-${pad(day)}`;
}

// --- internal ---

function year(value: number): string | null {
  // Year 0 is every upstream's "unknown"; nothing was published before the phonograph.
  return value >= 1000 && value <= 9999 ? String(value) : null;
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

function daysIn(y: number, month: number): number {
  return new Date(Date.UTC(y, month, 0)).getUTCDate();
}
