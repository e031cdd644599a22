/**
 * A Redis address fit for a log line. ioredis takes credentials in the userinfo
 * (`redis://user:pass@host`) and in any query parameter (`?password=`, `?username=`, every
 * query key becomes a connection option), so both are hidden; only the parameters known to
 * carry no secret are shown as given.
 */
const SHOWN_PARAMETERS = new Set(["db", "family", "connectionname"]);
const HIDDEN = "***";

export function redactRedisUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "(invalid address)";
  }
  if (parsed.username) parsed.username = HIDDEN;
  if (parsed.password) parsed.password = HIDDEN;
  for (const name of [...new Set(parsed.searchParams.keys())]) {
    if (!SHOWN_PARAMETERS.has(name.toLowerCase())) parsed.searchParams.set(name, HIDDEN);
  }
  // URLSearchParams encodes `*`; the mask reads better as it is.
  return parsed.toString().replaceAll("%2A%2A%2A", HIDDEN);
}
