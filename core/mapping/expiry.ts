/**
 * Expiry of signed media addresses, for SongUrl.expireAt (Unix seconds, docs/decisions.md (/v1)) and so for
 * how long the core caches an address. CDNs put it in the query: Akamai tokens
 * (`hdnea=exp=1700000000~acl=...~hmac=...`, also `hdnts`, `__token__`), CloudFront and S3
 * (`Expires=1700000000`), and plain `expires` / `exp` parameters.
 */

const TOKEN_PARAMS = ["hdnea", "hdnts", "hdntl", "__token__"];
const PLAIN_PARAMS = ["exp", "expires", "Expires"];

/** The Unix time (seconds) at which `address` stops working, or null when it does not say. */
export function expiryFromUrl(address: string): number | null {
  let params: URLSearchParams;
  try {
    params = new URL(address).searchParams;
  } catch {
    return null;
  }
  for (const name of TOKEN_PARAMS) {
    const token = params.get(name);
    const exp = token && /(?:^|~)exp=(\d+)(?:~|$)/.exec(token);
    if (exp) return unixSeconds(exp[1]);
  }
  for (const name of PLAIN_PARAMS) {
    const value = params.get(name);
    if (value && /^\d+$/.test(value)) return unixSeconds(value);
  }
  return null;
}

// --- internal ---

/** Some CDNs write milliseconds; a 13-digit value is not a date in the year 50000. */
function unixSeconds(digits: string): number | null {
  const n = Number(digits);
  if (!Number.isSafeInteger(n) || n <= 0) return null;
  return n >= 1e12 ? Math.floor(n / 1000) : n;
}
