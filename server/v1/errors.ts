/**
 * The `/v1` mapping of the error model: the HTTP status of each of the spec's error codes in
 * JSON mode (docs/decisions.md (/v1)). The one place where `/v1` meets HTTP statuses.
 */
export const V1_STATUS: Readonly<Record<number, number>> = {
  0: 200,
  1001: 400,
  1002: 400,
  1003: 400,
  1004: 405,
  2001: 504,
  2002: 502,
  2003: 502,
  3001: 404,
  3002: 403,
  4001: 429,
  4002: 403,
  5000: 500,
};
