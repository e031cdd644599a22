/**
 * What each `/v1` code means, and the spec's JSONP rule of `/v1/playlist`, as the OpenAPI
 * document says them (docs/decisions.md (/v1)).
 */

/** Each `/v1` code: its name and when it is answered. */
export const MEANING: Record<number, [string, string]> = {
  0: ["success", "the answer is in data"],
  1001: ["parameter", "a parameter is missing, malformed or out of range; the message names it"],
  1002: ["source", "unknown or disabled source, or all outside search"],
  1003: ["capability", "the source does not support the operation"],
  1004: ["method", "any method but GET or HEAD (with Allow: GET, HEAD)"],
  2001: ["timeout", "the upstream did not answer in time"],
  2002: ["upstream", "the upstream failed (network error, 5xx, quota, its request budget used up); the message names the upstream and what failed"],
  2003: ["parse", "the upstream answered something that cannot be understood"],
  3001: ["not found", "unknown id, a song without lyrics, a song without a public address, an unknown path"],
  3002: ["VIP/paid", "song/url of a VIP, paid or gated song: no address is given"],
  4001: ["rate limited", "over the rate limit, or this client's share of an upstream's request budget is spent and nothing cached stands in (with Retry-After)"],
  4002: ["user-agent blocked", "the user-agent is a default one of an HTTP library"],
  5000: ["internal", "a bug; the message never leaks internals"],
};

/**
 * The spec's JSONP rule of `/v1/playlist`, said beside that endpoint where people look for it:
 * the alias `cb` is not declared there, so it is not taken (docs/decisions.md (/v1)).
 */
export const PLAYLIST_JSONP_RULE =
  "JSONP on this endpoint takes callback only: the spec declares no cb alias here, so cb is ignored and the answer stays plain JSON (application/json).";
